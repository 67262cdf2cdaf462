import { linkSortColumns } from '@skolportalen/shared';
import { linkEndpoints } from '@skolportalen/shared/endpoints/links';
import { linkSchemas } from '@skolportalen/shared/endpoints/links.schemas';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { authorize } from '../../identity/authorize';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { createKeptAnswers } from '../../http/kept-answers';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { loadAudience } from '../audience/audience.repo';
import { sessionAudience } from '../audience/session-audience';
import type { AuthUser } from '../../identity/auth-user.repo';
import { defaultLinkSort, findListedLink, listLinks } from './links.repo';
import { linksPolicy } from './links.policy';
import { createLink, presentListed, removeLink, replaceLink, viewerOf } from './links.service';
import { readOwnChoicesSoon } from './links-catalog-lists';
import { readerToolsText } from './links-text';

async function presentOne(db: Database, user: AuthUser, linkId: number) {
  const item = await findListedLink(db, await loadAudience(db, user.id), linkId);
  if (!item) throw errors.notFound();
  const [link] = await presentListed(db, [item], await viewerOf(db, user));
  return link!;
}

/** `/api/core/v1` tools ("Inkastare"): the tools query, administration and single tools. */
export async function linkRoutes(app: FastifyInstance, { db, config, clock }: RouteDeps) {
  const keptTools = createKeptAnswers('links', config.keptAnswersBytes);

  registerEndpoints(app, linkEndpoints, linkSchemas, {
    getLinks: {
      config: { readOnly: true, keptAnswers: 'links' },
      firstScreen: true,
      read: async (request) => {
        const auth = authOf(request);
        const { body } = request;
        const sort = sortOrThrow(body.sort, linkSortColumns, defaultLinkSort);
        const answer = await keptTools.answer(db, auth, clock(), body, async () => {
          readOwnChoicesSoon(db, auth);
          const audience = await sessionAudience(db, request);
          // Written as the route's own response schema would (links-text.ts), once per request.
          const { text, total } = await readerToolsText(db, auth, {
            audience,
            scope: body.scope,
            filters: { nodeIds: body.nodeId, categoryIds: body.categoryId, types: body.type },
            sort,
            page: body,
          });
          return { payload: text, total: String(total) };
        });
        return answer;
      },
    },
    mine: async (request, reply) => {
      const auth = authOf(request);
      const { user } = auth;
      const { query } = request;
      const sort = sortOrThrow(query.sort, linkSortColumns, defaultLinkSort);
      const { items, total } = await listLinks(
        db,
        await sessionAudience(db, request),
        'all',
        {
          nodeIds: query.nodeId,
          categoryIds: query.categoryId,
          types: query.type,
          createdBy: user.id,
        },
        sort,
        query,
      );
      reply.headers(paginationTotal(total));
      return presentListed(db, items, await viewerOf(db, user), auth);
    },
    listAll: async (request, reply) => {
      const auth = authOf(request);
      const { user } = auth;
      const { query } = request;
      const sort = sortOrThrow(query.sort, linkSortColumns, defaultLinkSort);
      // Asked here, not in the route's config: a bad sort has always answered 400 first.
      authorize(user, linksPolicy.listAll);
      const { items, total } = await listLinks(
        db,
        await sessionAudience(db, request),
        'all',
        { nodeIds: query.nodeId, categoryIds: query.categoryId, types: query.type },
        sort,
        query,
      );
      reply.headers(paginationTotal(total));
      return presentListed(db, items, await viewerOf(db, user), auth);
    },
    create: async (request) => {
      const actor = actorOf(request);
      const id = await createLink(db, actor, request.body, config.googleToolHosts);
      return presentOne(db, actor.user, id);
    },
    get: async (request) => presentOne(db, authOf(request).user, request.params.id),
    replace: async (request) => {
      const actor = actorOf(request);
      await replaceLink(db, actor, request.params.id, request.body, config.googleToolHosts);
      return presentOne(db, actor.user, request.params.id);
    },
    remove: async (request) => {
      await removeLink(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });
}
