import {
  errorBody,
  groupTemplateInput,
  groupTemplateListQuery,
  groupTemplateResponse,
  groupTemplateSortColumns,
  idParams,
  okBody,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { authorize } from '../../identity/authorize';
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

const errorResponses = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * `/api/portal-service/v1/favorite`: favourite target groups ("Favoritmålgrupper"),
 * the group sets a content creator targets often. Each user sees only their own.
 */
export async function groupTemplateRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/favorite',
    {
      schema: {
        tags: ['group-template'],
        summary: 'Mina favoritmålgrupper',
        querystring: groupTemplateListQuery,
        response: { 200: z.array(groupTemplateResponse), ...errorResponses },
      },
    },
    async (request, reply) => {
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
  );

  r.post(
    '/favorite',
    {
      schema: {
        tags: ['group-template'],
        summary: 'Spara en favoritmålgrupp',
        body: groupTemplateInput,
        response: { 201: groupTemplateResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await createGroupTemplate(db, actorOf(request), request.body);
      reply.code(201);
      return (await presentGroupTemplates(db, authOf(request).user, [row]))[0]!;
    },
  );

  r.get(
    '/favorite/:id',
    {
      config: { requires: groupTemplatesPolicy.use },
      schema: {
        tags: ['group-template'],
        summary: 'En av mina favoritmålgrupper',
        params: idParams,
        response: { 200: groupTemplateResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const row = await findGroupTemplate(db, user.id, request.params.id);
      if (!row) throw errors.notFound();
      return (await presentGroupTemplates(db, user, [row]))[0]!;
    },
  );

  r.put(
    '/favorite/:id',
    {
      schema: {
        tags: ['group-template'],
        summary: 'Byt namn eller grupper på en favoritmålgrupp',
        params: idParams,
        body: groupTemplateInput,
        response: { 200: groupTemplateResponse, ...errorResponses },
      },
    },
    async (request) => {
      const row = await changeGroupTemplate(db, actorOf(request), request.params.id, request.body);
      return (await presentGroupTemplates(db, authOf(request).user, [row]))[0]!;
    },
  );

  r.delete(
    '/favorite/:id',
    {
      schema: {
        tags: ['group-template'],
        summary: 'Ta bort en favoritmålgrupp',
        params: idParams,
        response: { 200: okBody, ...errorResponses },
      },
    },
    async (request) => {
      await removeGroupTemplate(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
