import { postSortColumns, sourceLanguage } from '@skolportalen/shared';
import { editorEndpoints, postEndpoints } from '@skolportalen/shared/endpoints/posts';
import { editorSchemas, postSchemas } from '@skolportalen/shared/endpoints/posts.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { authorize, can } from '../../identity/authorize';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import type { PostTypeRules } from './post-type-rules';
import type { PublishingGate } from './publishing-gate';
import type { PostLanguage } from './post-language';
import { countersFor, feedCounterFor, createKeptAnswers } from '../../http/kept-answers';
import { feedMirrorOf } from './feed-mirror';
import type { AuthUser } from '../../identity/auth-user.repo';
import { assertPersonShown } from '../../identity/protected-identity';
import type { PostViewer } from '../audience/post-visibility';
import { sessionPostAudience } from '../audience/session-audience';
import {
  hasOwnPosts,
  listFilters,
  listPosts,
  ownListFilters,
  slugAvailability,
} from './post-lists.service';
import type { AcknowledgementReader } from './post-acknowledgement-state';
import { presentPost, presentPosts } from './post-present';
import { postsText } from './post-texts';
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

/**
 * `/api/core/v1` posts (spec §7 "post" and "editor", and GET /user/{id}/posts),
 * with the rules the post types add to every write and the readers'
 * languages (the API mount gives them).
 */
export const postRoutes = (
  typeRules: readonly PostTypeRules[],
  languages: PostLanguage,
  /** Whether a write may publish or waits for approval: the approvals module's (issue 29). */
  publishing: PublishingGate,
) =>
  async function postRoutesPlugin(app: FastifyInstance, deps: RouteDeps) {
    const { db, cache } = deps;
    const ctx: PostsContext = {
      db,
      cache,
      siteOrigin: deps.config.siteOrigin,
      videoEmbedOrigins: deps.config.videoEmbedOrigins,
      now: deps.clock,
      jobs: deps.jobs,
      typeRules,
      publishing,
    };

    const keptFeed = createKeptAnswers('content', deps.config.keptAnswersBytes);

    async function viewerOf(
      request: FastifyRequest,
    ): Promise<{ user: AuthUser; viewer: PostViewer; reader: AcknowledgementReader }> {
      const { user } = authOf(request);
      const audience = await sessionPostAudience(db, request);
      return {
        user,
        viewer: { audience, listAll: can(user, postsPolicy.listAll) },
        reader: { audience, now: ctx.now() },
      };
    }

    /** In `language`; a write's answer is the original, as the editor wrote it. */
    async function presentVisible(request: FastifyRequest, key: string, language?: string) {
      const { user, viewer, reader } = await viewerOf(request);
      const row = await findVisiblePost(db, viewer, key);
      if (!row) throw errors.notFound();
      const post = await presentPost(db, user, row, reader);
      return language ? (await languages.localise(db, [post], language))[0]! : post;
    }

    const targetsChange =
      (kind: TargetKind, field: string, change: 'add' | 'remove') =>
      async (request: FastifyRequest<{ Params: { id: string }; Body: unknown }>) =>
        changeTargets(
          ctx,
          actorOf(request),
          request.params.id,
          kind,
          (request.body as Record<string, number[]>)[field]!,
          change,
        );

    const ownPostsSort = (sort: string | undefined) =>
      sortOrThrow(sort, postSortColumns, [{ column: 'updated', direction: 'DESC' }]);

    // The feed is read into memory as the portal starts, not by the morning's first reader.
    app.addHook('onReady', async () => {
      void feedMirrorOf(db).at(0);
    });

    registerEndpoints(app, postEndpoints, postSchemas, {
      getPosts: {
        config: { readOnly: true, keptAnswers: 'content' },
        firstScreen: true,
        read: async (request, serialize) => {
          const language = languages.readingLanguage(authOf(request).user, request.body.language);
          // The language read in is part of what the answer is made of: part of its key.
          const answer = await keptFeed.answer(
            db,
            authOf(request),
            ctx.now(),
            { ...request.body, language },
            async () => {
              const auth = authOf(request);
              const content = (await countersFor(db, auth, 'content')).data;
              // Asked now, so it goes with the reader's groups in one statement (db/together.ts).
              const ownPosts = hasOwnPosts(ctx, auth.user.id, content);
              ownPosts.catch(() => undefined);
              const { user, viewer, reader } = await viewerOf(request);
              const sort = sortOrThrow(request.body.sort, postSortColumns, defaultPostSort);
              const { rows, total } = await listPosts(
                ctx,
                { ...viewer, listAll: false },
                listFilters(request.body),
                sort,
                request.body,
                { content, feed: () => feedCounterFor(db, auth), ownPosts },
              );
              // In the original, each post's shared part is written once per row kept (post-texts.ts).
              if (language === sourceLanguage)
                return { payload: await postsText(db, user, rows, reader), total: String(total) };
              // Serialised (and checked) by the route's own response schema, once.
              const items = await languages.localise(
                db,
                await presentPosts(db, user, rows, reader),
                language,
              );
              return { payload: serialize(items), total: String(total) };
            },
          );
          return answer;
        },
      },
      getPostsAll: {
        config: { readOnly: true },
        handler: async (request, reply) => {
          const { user, viewer, reader } = await viewerOf(request);
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
          const items = await presentPosts(db, user, rows, reader);
          // The administrators' list shows originals unless a language is asked for.
          const asked = request.body.language;
          return asked
            ? languages.localise(db, items, languages.readingLanguage(user, asked))
            : items;
        },
      },
      mine: async (request, reply) => {
        const { user, viewer, reader } = await viewerOf(request);
        const sort = ownPostsSort(request.query.sort);
        const { rows, total } = await listPosts(
          ctx,
          { ...viewer, listAll: false },
          { ...ownListFilters(request.query), ownOnly: true },
          sort,
          request.query,
        );
        reply.headers(paginationTotal(total));
        return presentPosts(db, user, rows, reader);
      },
      ofUser: async (request, reply) => {
        const { user, viewer, reader } = await viewerOf(request);
        const sort = ownPostsSort(request.query.sort);
        authorize(user, postsPolicy.readUserPosts, request.params.id);
        await assertPersonShown(db, user, request.params.id);
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
        return presentPosts(db, user, rows, reader);
      },
      create: async (request) => {
        const id = await createPost(ctx, actorOf(request), request.body);
        return presentVisible(request, String(id));
      },
      get: {
        // A reading page carries the post it shows (issue 32).
        firstScreen: true,
        read: async (request) => ({
          answer: await presentVisible(
            request,
            request.params.id,
            languages.readingLanguage(authOf(request).user, request.query.language),
          ),
        }),
      },
      replace: async (request) => {
        const id = await replacePost(ctx, actorOf(request), request.params.id, request.body);
        return presentVisible(request, String(id));
      },
      remove: async (request) => {
        const result = await removePost(ctx, actorOf(request), request.params.id);
        return {
          id: result.id,
          status: result.deleted ? ('deleted' as const) : ('trash' as const),
        };
      },
      addNodes: targetsChange('nodes', 'nodeIds', 'add'),
      removeNodes: targetsChange('nodes', 'nodeIds', 'remove'),
      addCategories: targetsChange('categories', 'categoryIds', 'add'),
      removeCategories: targetsChange('categories', 'categoryIds', 'remove'),
      addUsers: targetsChange('users', 'userIds', 'add'),
      removeUsers: targetsChange('users', 'userIds', 'remove'),
      slugAvailability: async (request) =>
        slugAvailability(db, request.params.slug, request.query.excludeId),
      targetGroups: async (request, reply) => {
        const groups = await targetGroupsOf(db, authOf(request).user);
        reply.headers(paginationTotal(groups.length));
        return groups;
      },
      markRead: async (request) => {
        const { user, viewer } = await viewerOf(request);
        const row = await findVisiblePost(db, viewer, request.params.id);
        if (!row) throw errors.notFound();
        return recordRead(ctx, row.post.id, user.id);
      },
    });

    registerEndpoints(app, editorEndpoints, editorSchemas, {
      open: async (request) => openEditorDocument(ctx, actorOf(request), request.params.id),
      save: async (request) =>
        saveEditorDocument(ctx, actorOf(request), request.params.id, request.body),
    });
  };
