import { machineTranslationEndpoints } from '@skolportalen/shared/endpoints/translations';
import { machineTranslationSchemas } from '@skolportalen/shared/endpoints/translations.schemas';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { RouteDeps } from '../../http/route-deps';
import { presentPost } from '../posts/post-present';
import { ContentLanguages } from '../translations/content-languages';
import { postReading } from '../translations/post-reading';
import { visiblePostOf } from '../translations/translations.routes';
import { registerAlertTranslations } from './alert-translations';
import { libreTranslate } from './libre-translate';
import {
  machineDraft,
  requestTranslation,
  type MachineContext,
} from './machine-translation.service';

/** What machine translation works with: off (no provider) unless TRANSLATION_URL is set. */
export function machineContextOf(deps: RouteDeps, log: FastifyBaseLogger): MachineContext {
  const { db, config } = deps;
  return {
    db,
    siteOrigin: config.siteOrigin,
    languages: new ContentLanguages(config.contentLanguages),
    provider: config.translation ? libreTranslate(config.translation) : null,
    dailyCharacters: config.translation?.dailyCharacters ?? 0,
    now: deps.clock,
    log,
  };
}

/** `/api/core/v1`: translations the provider makes (issue 27), and the crisis alerts' job. */
export async function machineTranslationRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db } = deps;
  const ctx = machineContextOf(deps, app.log);
  const { languages } = ctx;
  registerAlertTranslations(ctx, deps.jobs);
  const reading = postReading(languages);

  registerEndpoints(app, machineTranslationEndpoints, machineTranslationSchemas, {
    machine: async (request) =>
      machineDraft(
        ctx,
        actorOf(request),
        await visiblePostOf(deps, request, request.params.id),
        request.params.lang,
      ),
    request: async (request) => {
      const row = await visiblePostOf(deps, request, request.params.id);
      const code = await requestTranslation(ctx, actorOf(request), row, request.params.lang);
      const post = await presentPost(db, authOf(request).user, row);
      return (await reading.localise(db, [post], code))[0]!;
    },
  });
}
