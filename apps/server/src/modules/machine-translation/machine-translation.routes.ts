import { machineTranslationEndpoints } from '@skolportalen/shared/endpoints/translations';
import { machineTranslationSchemas } from '@skolportalen/shared/endpoints/translations.schemas';
import type { FastifyInstance } from 'fastify';
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

/** `/api/core/v1`: translations the provider makes (issue 27), and the crisis alerts' job. */
export async function machineTranslationRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, config } = deps;
  const languages = new ContentLanguages(config.contentLanguages);
  const ctx: MachineContext = {
    db,
    siteOrigin: config.siteOrigin,
    languages,
    provider: config.translation ? libreTranslate(config.translation) : null,
    dailyCharacters: config.translation?.dailyCharacters ?? 0,
    now: deps.clock,
    log: app.log,
  };
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
