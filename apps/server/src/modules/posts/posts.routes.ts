import {
  editorDocument,
  editorUpdateRequest,
  errorBody,
  getPostsRequest,
  idParams,
  myPostsQuery,
  nodeResponse,
  postCategoriesBody,
  postDeleteResponse,
  postInput,
  postKeyParams,
  postListItem,
  postNodesBody,
  postReadResponse,
  postResponse,
  postSlugParams,
  postSortColumns,
  postTargetsResponse,
  postUsersBody,
  slugAvailabilityQuery,
  slugAvailabilityResponse,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { authorize, can } from '../../identity/authorize';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import type { PostTypeRules } from './post-type-rules';
import { createKeptAnswers, sendKept, stampedCounter } from '../../http/kept-answers';
import type { AuthUser } from '../../identity/auth-user.repo';
import type { PostViewer } from '../audience/post-visibility';
import { sessionPostAudience } from '../audience/session-audience';
import { listFilters, listPosts, ownListFilters, slugAvailability } from './post-lists.service';
import { presentPost, presentPosts } from './post-present';
import {
  changeTargets,
  openEditorDocument,
  recordRead,
  saveEditorDocument,
  type TargetKind,
} from './post-targets.service';
import { postsPolicy } from './posts.policy';
import { targetGroupsOf } from './post-scope';
import { defaultPostSort, findVisiblePost } from './posts.repo';
import { createPost, removePost, replacePost, type PostsContext } from './posts.service';

const readErrors = { 400: errorBody, 401: errorBody, 404: errorBody };
const writeErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/**
 * `/api/core/v1` posts (spec §7 "post" and "editor", and GET /user/{id}/posts),
 * with the rules the post types add to every write (the API mount gives them).
 */
export const postRoutes = (typeRules: readonly PostTypeRules[]) =>
  async function postRoutesPlugin(app: FastifyInstance, deps: RouteDeps) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db, cache } = deps;
    const ctx: PostsContext = {
      db,
      cache,
      siteOrigin: deps.config.siteOrigin,
      videoEmbedOrigins: deps.config.videoEmbedOrigins,
      now: deps.clock,
      jobs: deps.jobs,
      typeRules,
    };

    const keptFeed = createKeptAnswers('content', deps.config.keptAnswersBytes);

    async function viewerOf(
      request: FastifyRequest,
    ): Promise<{ user: AuthUser; viewer: PostViewer }> {
      const { user } = authOf(request);
      const audience = await sessionPostAudience(db, request);
      return { user, viewer: { audience, listAll: can(user, postsPolicy.listAll) } };
    }

    async function presentVisible(request: FastifyRequest, key: string) {
      const { user, viewer } = await viewerOf(request);
      const row = await findVisiblePost(db, viewer, key);
      if (!row) throw errors.notFound();
      return presentPost(db, user, row);
    }

    const getPostsSchema = (summary: string, forbidden = false) => ({
      tags: ['post'],
      summary,
      body: getPostsRequest,
      response: {
        200: z.array(postListItem),
        400: errorBody,
        401: errorBody,
        ...(forbidden ? { 403: errorBody } : {}),
      },
    });

    r.post(
      '/GetPosts',
      {
        config: { readOnly: true, keptAnswers: 'content' },
        schema: getPostsSchema('Innehåll som riktar sig till den inloggade användaren'),
      },
      async (request, reply) => {
        const answer = await keptFeed.answer(
          db,
          authOf(request),
          ctx.now(),
          request.body,
          async () => {
            const { user, viewer } = await viewerOf(request);
            const sort = sortOrThrow(request.body.sort, postSortColumns, defaultPostSort);
            const { rows, total } = await listPosts(
              ctx,
              { ...viewer, listAll: false },
              listFilters(request.body),
              sort,
              request.body,
              stampedCounter(authOf(request), 'content'),
            );
            // Serialised (and checked) by the route's own response schema, once.
            const payload = reply.serialize(await presentPosts(db, user, rows)) as string;
            return { payload, total: String(total) };
          },
        );
        return sendKept(reply, answer);
      },
    );

    r.post(
      '/GetPostsAll',
      {
        config: { readOnly: true },
        schema: getPostsSchema('Allt innehåll, oavsett målgrupp (kräver post_list_all)', true),
      },
      async (request, reply) => {
        const { user, viewer } = await viewerOf(request);
        const sort = sortOrThrow(request.body.sort, postSortColumns, defaultPostSort);
        // Asked here, not in the route's config: a bad sort has always answered 400 first.
        authorize(user, postsPolicy.listAll);
        const { rows, total } = await listPosts(
          ctx,
          viewer,
          listFilters(request.body),
          sort,
          request.body,
        );
        reply.headers(paginationTotal(total));
        return presentPosts(db, user, rows);
      },
    );

    r.get(
      '/my-post',
      {
        schema: {
          tags: ['post'],
          summary: 'Innehåll som den inloggade användaren har skrivit eller är redaktör för',
          querystring: myPostsQuery,
          response: { 200: z.array(postListItem), 400: errorBody, 401: errorBody },
        },
      },
      async (request, reply) => {
        const { user, viewer } = await viewerOf(request);
        const sort = sortOrThrow(request.query.sort, postSortColumns, [
          { column: 'updated', direction: 'DESC' },
        ]);
        const { rows, total } = await listPosts(
          ctx,
          { ...viewer, listAll: false },
          { ...ownListFilters(request.query), ownOnly: true },
          sort,
          request.query,
        );
        reply.headers(paginationTotal(total));
        return presentPosts(db, user, rows);
      },
    );

    r.get(
      '/user/:id/posts',
      {
        schema: {
          tags: ['post', 'user'],
          summary:
            'Innehåll som en användare har skrivit och som den inloggade själv får läsa (administratörer och user_list)',
          params: idParams,
          querystring: myPostsQuery,
          response: { 200: z.array(postListItem), ...readErrors, 403: errorBody },
        },
      },
      async (request, reply) => {
        const { user, viewer } = await viewerOf(request);
        const sort = sortOrThrow(request.query.sort, postSortColumns, [
          { column: 'updated', direction: 'DESC' },
        ]);
        authorize(user, postsPolicy.readUserPosts, request.params.id);
        // user_list opens the list, not the posts: each one still passes the
        // rule GET /post/{id} applies (drafts of another school stay hidden).
        const { rows, total } = await listPosts(
          ctx,
          viewer,
          { ...ownListFilters(request.query), authorId: request.params.id },
          sort,
          request.query,
        );
        reply.headers(paginationTotal(total));
        return presentPosts(db, user, rows);
      },
    );

    r.post(
      '/post',
      {
        schema: {
          tags: ['post'],
          summary: 'Skapa innehåll',
          body: postInput,
          response: { 201: postResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const id = await createPost(ctx, actorOf(request), request.body);
        reply.code(201);
        return presentVisible(request, String(id));
      },
    );

    r.get(
      '/post/:id',
      {
        schema: {
          tags: ['post'],
          summary: 'Ett inlägg med innehåll, efter id eller adress (slug)',
          params: postKeyParams,
          response: { 200: postResponse, ...readErrors },
        },
      },
      async (request) => presentVisible(request, request.params.id),
    );

    r.put(
      '/post/:id',
      {
        schema: {
          tags: ['post'],
          summary: 'Ändra ett inlägg',
          params: postKeyParams,
          body: postInput,
          response: { 200: postResponse, ...writeErrors },
        },
      },
      async (request) => {
        const id = await replacePost(ctx, actorOf(request), request.params.id, request.body);
        return presentVisible(request, String(id));
      },
    );

    r.delete(
      '/post/:id',
      {
        schema: {
          tags: ['post'],
          summary: 'Flytta till papperskorgen; ett inlägg i papperskorgen tas bort helt',
          params: postKeyParams,
          response: { 200: postDeleteResponse, ...writeErrors },
        },
      },
      async (request) => {
        const result = await removePost(ctx, actorOf(request), request.params.id);
        return {
          id: result.id,
          status: result.deleted ? ('deleted' as const) : ('trash' as const),
        };
      },
    );

    const targetRoutes: [string, TargetKind, z.ZodType<Record<string, number[]>>, string][] = [
      ['node', 'nodes', postNodesBody, 'nodeIds'],
      ['category', 'categories', postCategoriesBody, 'categoryIds'],
      ['user', 'users', postUsersBody, 'userIds'],
    ];
    for (const [segment, kind, body, field] of targetRoutes) {
      for (const method of ['post', 'delete'] as const) {
        r[method](
          `/post/:id/${segment}`,
          {
            schema: {
              tags: ['post'],
              summary: method === 'post' ? 'Lägg till mottagare' : 'Ta bort mottagare',
              params: postKeyParams,
              body,
              response: { 200: postTargetsResponse, ...writeErrors },
            },
          },
          async (request) =>
            changeTargets(
              ctx,
              actorOf(request),
              request.params.id,
              kind,
              (request.body as Record<string, number[]>)[field]!,
              method === 'post' ? 'add' : 'remove',
            ),
        );
      }
    }

    r.get(
      '/post-slug-availability/:slug',
      {
        schema: {
          tags: ['post'],
          summary: 'Om en adress (slug) är ledig, med ett förslag',
          params: postSlugParams,
          querystring: slugAvailabilityQuery,
          response: { 200: slugAvailabilityResponse, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => slugAvailability(db, request.params.slug, request.query.excludeId),
    );

    r.get(
      '/post-target-groups',
      {
        schema: {
          tags: ['post'],
          summary: 'Grupper som den inloggade får rikta innehåll till (redigerarens gruppväljare)',
          response: { 200: z.array(nodeResponse), 401: errorBody },
        },
      },
      async (request, reply) => {
        const groups = await targetGroupsOf(db, authOf(request).user);
        reply.headers(paginationTotal(groups.length));
        return groups;
      },
    );

    r.post(
      '/post-read/:id',
      {
        schema: {
          tags: ['post'],
          summary: 'Markera ett inlägg som läst',
          params: postKeyParams,
          response: { 200: postReadResponse, ...readErrors },
        },
      },
      async (request) => {
        const { user, viewer } = await viewerOf(request);
        const row = await findVisiblePost(db, viewer, request.params.id);
        if (!row) throw errors.notFound();
        return recordRead(ctx, row.post.id, user.id);
      },
    );

    r.get(
      '/editor/:id',
      {
        schema: {
          tags: ['editor'],
          summary: 'Sidbyggarens dokument för ett inlägg',
          params: postKeyParams,
          response: { 200: editorDocument, ...readErrors, 403: errorBody },
        },
      },
      async (request) => openEditorDocument(ctx, actorOf(request), request.params.id),
    );

    r.put(
      '/editor/:id',
      {
        schema: {
          tags: ['editor'],
          summary: 'Spara sidbyggarens dokument (409 om någon annan hunnit spara)',
          params: postKeyParams,
          body: editorUpdateRequest,
          response: { 200: editorDocument, ...writeErrors },
        },
      },
      async (request) => saveEditorDocument(ctx, actorOf(request), request.params.id, request.body),
    );
  };
