import { groupTemplateSortColumns } from '@skolportalen/shared';
import { groupTemplateEndpoints } from '@skolportalen/shared/endpoints/group-templates';
import { groupTemplateSchemas } from '@skolportalen/shared/endpoints/group-templates.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { authorize } from '../../identity/authorize';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { findGroupTemplate, listGroupTemplates } from './group-templates.repo';
import {
  changeGroupTemplate,
  createGroupTemplate,
  presentGroupTemplates,
  removeGroupTemplate,
} from './group-templates.service';
import { groupTemplatesPolicy } from './group-templates.policy';

/**
 * `/api/portal-service/v1/favorite`: favourite target groups ("Favoritmålgrupper"),
 * the group sets a content creator targets often. Each user sees only their own.
 */
export async function groupTemplateRoutes(app: FastifyInstance, { db }: RouteDeps) {
  registerEndpoints(app, groupTemplateEndpoints, groupTemplateSchemas, {
    list: async (request, reply) => {
      const { user } = authOf(request);
      const sort = sortOrThrow(request.query.sort, groupTemplateSortColumns, [
        { column: 'name', direction: 'ASC' },
      ]);
      // Asked after the sort is read, so an unknown sort column is a 400 for everyone.
      authorize(user, groupTemplatesPolicy.use);
      const { rows, total } = await listGroupTemplates(db, user.id, sort, request.query);
      reply.headers(paginationTotal(total));
      return presentGroupTemplates(db, user, rows);
    },
    create: async (request) => {
      const row = await createGroupTemplate(db, actorOf(request), request.body);
      return (await presentGroupTemplates(db, authOf(request).user, [row]))[0]!;
    },
    get: {
      config: { requires: groupTemplatesPolicy.use },
      handler: async (request) => {
        const { user } = authOf(request);
        const row = await findGroupTemplate(db, user.id, request.params.id);
        if (!row) throw errors.notFound();
        return (await presentGroupTemplates(db, user, [row]))[0]!;
      },
    },
    update: async (request) => {
      const row = await changeGroupTemplate(db, actorOf(request), request.params.id, request.body);
      return (await presentGroupTemplates(db, authOf(request).user, [row]))[0]!;
    },
    remove: async (request) => {
      await removeGroupTemplate(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });
}
