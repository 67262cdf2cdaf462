import { sourceLanguage } from '@skolportalen/shared';
import { translationEndpoints } from '@skolportalen/shared/endpoints/translations';
import { translationSchemas } from '@skolportalen/shared/endpoints/translations.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { can } from '../../identity/authorize';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import type { RouteDeps } from '../../http/route-deps';
import { sessionPostAudience } from '../audience/session-audience';
import { postsPolicy } from '../posts/posts.policy';
import { findVisiblePost } from '../posts/posts.repo';
import { audienceLanguages } from './audience-languages';
import { ContentLanguages } from './content-languages';
import {
  getTranslation,
  listTranslations,
  removeTranslation,
  saveTranslation,
  type TranslationsContext,
} from './translations.service';

/** A post the signed-in reader may see, by id or slug, or a 404. */
export async function visiblePostOf(
  ctx: { db: RouteDeps['db'] },
  request: FastifyRequest,
  key: string,
) {
  const { user } = authOf(request);
  const audience = await sessionPostAudience(ctx.db, request);
  const row = await findVisiblePost(
    ctx.db,
    { audience, listAll: can(user, postsPolicy.listAll) },
    key,
  );
  if (!row) throw errors.notFound();
  return row;
}

export function translationsContext(deps: RouteDeps): TranslationsContext {
  return {
    db: deps.db,
    siteOrigin: deps.config.siteOrigin,
    languages: new ContentLanguages(deps.config.contentLanguages),
    machineOn: deps.config.translation !== null,
  };
}

/** `/api/core/v1`: translations of posts and the portal's languages (issue 27). */
export async function translationRoutes(app: FastifyInstance, deps: RouteDeps) {
  const ctx = translationsContext(deps);
  const { db } = ctx;
  registerEndpoints(app, translationEndpoints, translationSchemas, {
    languages: {
      firstScreen: true,
      read: async () => ({
        answer: {
          sourceLanguage,
          languages: [...ctx.languages.list],
          machineTranslation: ctx.machineOn,
        },
      }),
    },
    list: async (request) =>
      listTranslations(
        ctx,
        authOf(request).user,
        await visiblePostOf(ctx, request, request.params.id),
      ),
    get: async (request) =>
      getTranslation(
        ctx,
        authOf(request).user,
        await visiblePostOf(ctx, request, request.params.id),
        request.params.lang,
      ),
    save: async (request) =>
      saveTranslation(
        ctx,
        actorOf(request),
        await visiblePostOf(ctx, request, request.params.id),
        request.params.lang,
        request.body,
      ),
    remove: async (request) =>
      removeTranslation(
        ctx,
        actorOf(request),
        await visiblePostOf(ctx, request, request.params.id),
        request.params.lang,
      ),
    audienceLanguages: async (request) =>
      audienceLanguages(
        db,
        ctx.languages,
        authOf(request).user,
        await visiblePostOf(ctx, request, request.params.id),
      ),
  });
}
