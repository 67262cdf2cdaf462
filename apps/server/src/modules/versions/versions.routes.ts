import { versionEndpoints } from '@skolportalen/shared/endpoints/versions';
import { versionSchemas } from '@skolportalen/shared/endpoints/versions.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { registerEndpoints } from '../../http/endpoint-routes';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { presentPost } from '../posts/post-present';
import type { PostTypeRules } from '../posts/post-type-rules';
import type { PublishingGate } from '../posts/publishing-gate';
import type { PostsContext } from '../posts/posts.service';
import { findVisiblePost } from '../posts/posts.repo';
import { sessionPostAudience } from '../audience/session-audience';
import {
  asPublished,
  getVersion,
  listVersions,
  restoreVersion,
  searchArchive,
} from './versions.service';

/** `/api/core/v1`: a post's versions, as published on, and the archive search (issue 28). */
export const versionRoutes = (typeRules: readonly PostTypeRules[], publishing: PublishingGate) =>
  async function versionRoutesPlugin(app: FastifyInstance, deps: RouteDeps) {
    const { db } = deps;
    const ctx: PostsContext = {
      db,
      cache: deps.cache,
      siteOrigin: deps.config.siteOrigin,
      videoEmbedOrigins: deps.config.videoEmbedOrigins,
      now: deps.clock,
      jobs: deps.jobs,
      typeRules,
      publishing,
    };
    registerEndpoints(app, versionEndpoints, versionSchemas, {
      list: {
        config: { readOnly: true },
        handler: async (request, reply) => {
          const { items, total } = await listVersions(
            db,
            authOf(request).user,
            request.params.id,
            request.query,
          );
          reply.headers(paginationTotal(total));
          return items;
        },
      },
      get: {
        config: { readOnly: true },
        handler: async (request) =>
          getVersion(db, authOf(request).user, request.params.id, request.params.n),
      },
      asPublished: {
        config: { readOnly: true },
        handler: async (request) =>
          asPublished(db, authOf(request).user, request.params.id, new Date(request.query.at)),
      },
      archive: {
        config: { readOnly: true },
        handler: async (request, reply) => {
          const { items, total } = await searchArchive(db, authOf(request).user, request.query);
          reply.headers(paginationTotal(total));
          return items;
        },
      },
      restore: async (request) => {
        const id = await restoreVersion(ctx, actorOf(request), request.params.id, request.params.n);
        // The answer is the post as its editor now has it: the restored draft.
        const { user } = authOf(request);
        const audience = await sessionPostAudience(db, request);
        const row = await findVisiblePost(db, { audience, listAll: true }, String(id));
        return presentPost(db, user, row!, { audience, now: ctx.now() });
      },
    });
  };
