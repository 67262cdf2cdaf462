import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/route-deps';
import { signedInGroup } from './signed-in';
import { portalSessionRoutes } from '../modules/auth/auth.routes';
import { groupTemplateRoutes } from '../modules/group-templates/group-templates.routes';
import { updateUserRoutes } from '../modules/profile/profile.routes';
import { relatedRoutes } from '../modules/related/related.routes';
import { samlRoutes } from '../modules/saml/saml.routes';
import { oidcRoutes } from '../modules/oidc/oidc.routes';
import { feedbackRoutes } from '../modules/feedback/feedback.routes';
import { analyticsRoutes } from '../modules/analytics/analytics.routes';
import { notificationRoutes } from '../modules/notifications/notifications.routes';
import { acknowledgementLinkMail } from '../modules/acknowledgement-mail/acknowledgement-link-mail';
import { ContentLanguages } from '../modules/translations/content-languages';
import { postMailLanguage } from '../modules/translations/post-mail';
import { translateAlertBeforeMails } from '../modules/machine-translation/alert-translations';
import { machineContextOf } from '../modules/machine-translation/machine-translation.routes';
import { ownSignInRoutes } from '../modules/own-sign-ins/own-sign-ins.routes';
import { videoRoutes } from '../modules/video/video.routes';

/** `/api/portal-service/v1`: sign-in, session, related accounts and notifications (spec §7 "Portal service v1"). */
export async function portalServiceV1(app: FastifyInstance, options: RouteDeps) {
  // Options also carry the mount prefix, which must not reach the child plugins.
  const { prefix: _prefix, ...deps } = options as RouteDeps & { prefix?: string };
  // Sign-in and sign-out, single sign-on, feedback, page views and the video check decide
  // route by route whether a session is needed.
  await app.register(portalSessionRoutes, deps);
  await app.register(samlRoutes, deps);
  await app.register(oidcRoutes, deps);
  await app.register(feedbackRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(videoRoutes, deps);
  await app.register(
    signedInGroup(deps, [
      relatedRoutes,
      groupTemplateRoutes,
      updateUserRoutes,
      notificationRoutes({
        mailLanguage: postMailLanguage(
          new ContentLanguages(deps.config.contentLanguages),
          deps.config.siteOrigin,
          // With a translation provider, a crisis alert's mails wait for its translations.
          translateAlertBeforeMails(machineContextOf(deps, app.log)),
        ),
        // A must-read notice's mail carries its reader's one-click link, made as it is sent.
        additions: [acknowledgementLinkMail],
      }),
      ownSignInRoutes,
    ]),
  );
}
