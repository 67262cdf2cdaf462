import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/route-deps';
import { signedInGroup } from './signed-in';
import { coreAuthRoutes } from '../modules/auth/auth.routes';
import { auditRoutes } from '../modules/audit/audit.routes';
import { importRoutes } from '../modules/ss12000-import/import.routes';
import { tokenRoutes } from '../modules/tokens/tokens.routes';
import { userAdminRoutes } from '../modules/users/user-admin.routes';
import { favoriteRoutes } from '../modules/favorites/favorites.routes';
import { linkRoutes } from '../modules/links/links.routes';
import { mediaRoutes } from '../modules/media/media.routes';
import { postRoutes } from '../modules/posts/posts.routes';
import { acknowledgementRoutes } from '../modules/acknowledgements/acknowledgements.routes';
import { acknowledgementLinkRoutes } from '../modules/acknowledgement-mail/acknowledgement-link.routes';
import { courseRoutes } from '../modules/courses/courses.routes';
import { createCourseMailer } from '../modules/courses/course-mailer';
import { courseTypeRules } from '../modules/courses/course-post-rules';
import { courseAttendeeRoutes } from '../modules/courses/course-attendees.routes';
import { commentRoutes } from '../modules/comments/comments.routes';
import { likeRoutes } from '../modules/likes/likes.routes';
import { courseCalendarRoutes } from '../modules/course-calendar/course-calendar.routes';
import { profileRoutes } from '../modules/profile/profile.routes';
import { userLinkRoutes } from '../modules/user-links/user-links.routes';
import { categoryRoutes } from '../modules/categories/categories.routes';
import { nodeRoutes } from '../modules/nodes/nodes.routes';
import { roleRoutes } from '../modules/roles/roles.routes';
import { searchRoutes } from '../modules/search/search.routes';
import { userRoutes } from '../modules/users/users.routes';
import { ContentLanguages } from '../modules/translations/content-languages';
import { postMailLanguage } from '../modules/translations/post-mail';
import { postReading } from '../modules/translations/post-reading';
import { translationRoutes } from '../modules/translations/translations.routes';
import { versionRoutes } from '../modules/versions/versions.routes';
import { approvalRoutes } from '../modules/approvals/approvals.routes';
import { approvalGate } from '../modules/approvals/approval-publishing';
import { retentionRoutes } from '../modules/retention/retention.routes';
import { reviewRoutes } from '../modules/reviews/reviews.routes';
import { withReviewDefaults } from '../modules/reviews/review-gate';
import { machineTranslationRoutes } from '../modules/machine-translation/machine-translation.routes';

/** `/api/core/v1`: the portal's core resources (spec §7 "Core v1"). */
export async function coreV1(app: FastifyInstance, options: RouteDeps) {
  // Options also carry the mount prefix, which must not reach the child plugins.
  const { prefix: _prefix, ...deps } = options as RouteDeps & { prefix?: string };
  // The rules courses add to every post write: the post routes' and a restored version's.
  const postTypeRules = [courseTypeRules(createCourseMailer(deps))];
  // Every post write asks whether it may publish or must wait for approval (issue 29), and a new
  // post gets its owner and review date (decision 0045).
  const publishing = withReviewDefaults(
    approvalGate({ jobs: deps.jobs, siteOrigin: deps.config.siteOrigin }),
    deps.config.review,
  );
  // Signing in, the course calendar's token feed and a must-read mail's link answer without a session.
  await app.register(coreAuthRoutes, deps);
  await app.register(courseCalendarRoutes, deps);
  await app.register(
    acknowledgementLinkRoutes({
      reading: postReading(new ContentLanguages(deps.config.contentLanguages)),
      mailLanguage: postMailLanguage(
        new ContentLanguages(deps.config.contentLanguages),
        deps.config.siteOrigin,
      ),
    }),
    deps,
  );
  await app.register(
    signedInGroup(deps, [
      tokenRoutes,
      userAdminRoutes,
      auditRoutes,
      importRoutes,
      userRoutes,
      roleRoutes,
      categoryRoutes,
      nodeRoutes,
      mediaRoutes,
      linkRoutes,
      userLinkRoutes,
      favoriteRoutes,
      profileRoutes,
      postRoutes(
        postTypeRules,
        postReading(new ContentLanguages(deps.config.contentLanguages)),
        publishing,
      ),
      translationRoutes,
      versionRoutes(postTypeRules, publishing),
      approvalRoutes,
      retentionRoutes,
      reviewRoutes,
      machineTranslationRoutes,
      acknowledgementRoutes,
      courseRoutes,
      courseAttendeeRoutes,
      commentRoutes,
      likeRoutes,
      searchRoutes,
    ]),
  );
}
