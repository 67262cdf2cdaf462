import {
  errorBody,
  getLinksRequest,
  idParams,
  linkInput,
  linkListQuery,
  linkResponse,
  linkSortColumns,
  okBody,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { authorize } from '../../identity/authorize';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { createKeptAnswers, sendKept } from '../../http/kept-answers';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { loadAudience } from '../audience/audience.repo';
import { sessionAudience } from '../audience/session-audience';
import type { AuthUser } from '../../identity/auth-user.repo';
import { defaultLinkSort, findListedLink, listLinks } from './links.repo';
import { linksPolicy } from './links.policy';
import { createLink, presentListed, removeLink, replaceLink, viewerOf } from './links.service';

const listErrors = { 400: errorBody, 401: errorBody };
const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

async function presentOne(db: Database, user: AuthUser, linkId: number) {
  const item = await findListedLink(db, await loadAudience(db, user.id), linkId);
  if (!item) throw errors.notFound();
  const [link] = await presentListed(db, [item], await viewerOf(db, user));
  return link!;
}

/** `/api/core/v1` tools ("Inkastare"): the tools query, administration and single tools. */
export async function linkRoutes(app: FastifyInstance, { db, config, clock }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const keptTools = createKeptAnswers('links', config.keptAnswersBytes);

  r.post(
    '/GetLinks',
    {
      config: { readOnly: true, keptAnswers: 'links' },
      schema: {
        tags: ['link'],
        summary: 'Verktygen som riktar sig till den inloggade användaren',
        body: getLinksRequest,
        response: { 200: z.array(linkResponse), ...listErrors },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { body } = request;
      const sort = sortOrThrow(body.sort, linkSortColumns, defaultLinkSort);
      const answer = await keptTools.answer(db, auth, clock(), body, async () => {
        const audience = await sessionAudience(db, request);
        const { items, total } = await listLinks(
          db,
          audience,
          body.scope,
          { nodeIds: body.nodeId, categoryIds: body.categoryId, types: body.type },
          sort,
          body,
        );
        const listed = await presentListed(db, items, await viewerOf(db, auth.user));
        // Serialised (and checked) by the route's own response schema, once.
        return { payload: reply.serialize(listed) as string, total: String(total) };
      });
      return sendKept(reply, answer);
    },
  );

  r.get(
    '/my-links',
    {
      schema: {
        tags: ['link'],
        summary: 'Verktyg som den inloggade användaren har skapat',
        querystring: linkListQuery,
        response: { 200: z.array(linkResponse), ...listErrors },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
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
      return presentListed(db, items, await viewerOf(db, user));
    },
  );

  r.get(
    '/link-all',
    {
      schema: {
        tags: ['link'],
        summary: 'Alla verktyg (kräver get_all_links)',
        querystring: linkListQuery,
        response: { 200: z.array(linkResponse), ...listErrors, 403: errorBody },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
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
      return presentListed(db, items, await viewerOf(db, user));
    },
  );

  r.post(
    '/link',
    {
      schema: {
        tags: ['link'],
        summary: 'Skapa ett verktyg',
        body: linkInput,
        response: { 201: linkResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await createLink(db, actor, request.body, config.googleToolHosts);
      reply.code(201);
      return presentOne(db, actor.user, id);
    },
  );

  r.get(
    '/link/:id',
    {
      schema: {
        tags: ['link'],
        summary: 'Ett verktyg (t.ex. för verktygsblocket)',
        params: idParams,
        response: { 200: linkResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => presentOne(db, authOf(request).user, request.params.id),
  );

  r.put(
    '/link/:id',
    {
      schema: {
        tags: ['link'],
        summary: 'Ändra ett verktyg och dess målgrupp',
        params: idParams,
        body: linkInput,
        response: { 200: linkResponse, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await replaceLink(db, actor, request.params.id, request.body, config.googleToolHosts);
      return presentOne(db, actor.user, request.params.id);
    },
  );

  r.delete(
    '/link/:id',
    {
      schema: {
        tags: ['link'],
        summary: 'Ta bort ett verktyg',
        params: idParams,
        response: { 200: okBody, ...writeErrors },
      },
    },
    async (request) => {
      await removeLink(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
