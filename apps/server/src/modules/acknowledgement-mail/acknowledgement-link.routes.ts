import { acknowledgementLinkEndpoints } from '@skolportalen/shared/endpoints/acknowledgement-links';
import { acknowledgementLinkSchemas } from '@skolportalen/shared/endpoints/acknowledgement-links.schemas';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { RouteDeps } from '../../http/route-deps';
import { sameOriginOnly } from '../../http/same-origin';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { can } from '../../identity/authorize';
import { sessionPostAudience } from '../audience/session-audience';
import type { MailLanguage } from '../notifications/notification-jobs';
import type { PostLanguage } from '../posts/post-language';
import { postsPolicy } from '../posts/posts.policy';
import {
  confirmByLink,
  revokePostLinks,
  viewLink,
  type LinkContext,
} from './acknowledgement-link.service';
import { registerAcknowledgementLinkPruning } from './acknowledgement-link-pruning';
import { registerAcknowledgementReminders } from './acknowledgement-reminders';

/**
 * `/api/core/v1` one-click links of must-read mail (decision 0040): the page
 * and the confirmation answer without a session (the link's secret is the
 * key, kept out of the log by app.ts `loggableUrl`), each with a limit per
 * address; the editors' revoking needs one. The reminders, whose mail
 * carries the links, and pruning the links long ended are this module's jobs.
 */
export const acknowledgementLinkRoutes = ({
  reading,
  mailLanguage,
}: {
  /** The notice on the link's page in its reader's language (issue 27). */
  reading?: PostLanguage;
  /** Reminders with the notice in each reader's language above the Swedish one. */
  mailLanguage?: MailLanguage;
} = {}) =>
  async function acknowledgementLinkRoutesPlugin(app: FastifyInstance, deps: RouteDeps) {
    const { db, clock, jobs, config } = deps;
    const ctx: LinkContext = { db, now: clock, reading };
    registerAcknowledgementReminders({ db, jobs, mail: config.mail, clock, mailLanguage });
    registerAcknowledgementLinkPruning({ db, jobs, clock, log: app.log });

    registerEndpoints(app, acknowledgementLinkEndpoints, acknowledgementLinkSchemas, {
      view: {
        config: { rateLimit: { max: 60, timeWindow: 60_000 } },
        handler: async (request, reply) => {
          // The reader's own notice: kept by no cache.
          reply.header('cache-control', 'no-store');
          return viewLink(ctx, request.params.token);
        },
      },
      confirm: {
        // The link's page is the portal's own: a confirmation posted from another site is refused.
        onRequest: [sameOriginOnly],
        config: { rateLimit: { max: 30, timeWindow: 60_000 } },
        handler: async (request) =>
          confirmByLink(ctx, request.params.token, request.body.childIds, request.id),
      },
      revoke: {
        onRequest: [app.authenticate],
        handler: async (request) => {
          const { user } = authOf(request);
          const viewer = {
            audience: await sessionPostAudience(db, request),
            listAll: can(user, postsPolicy.listAll),
          };
          return revokePostLinks(
            ctx,
            actorOf(request),
            viewer,
            request.params.id,
            request.body.userIds,
          );
        },
      },
    });
  };
