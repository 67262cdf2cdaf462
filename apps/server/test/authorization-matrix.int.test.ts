import { ids, type RoleKey } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema';
import {
  buildClass,
  buildSchool,
  buildUser,
  signIn,
  type TestUser,
  type UserOptions,
} from './factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from './harness';
import { listRoutes } from './route-list';

/**
 * Every route of the API × every role, and an administrator acting as a
 * student. A route missing here fails the first test, so no route goes
 * unreviewed. Admin routes are sent requests that change nothing or aim at
 * ids that do not exist: the point is who gets past the door.
 */
type Actor =
  | 'teacher'
  | 'student'
  | 'caretaker'
  | 'employee'
  | 'schoolResponsible'
  | 'admin'
  | 'superadmin'
  | 'municipalityAdmin'
  | 'maskedAdmin';

/** The role each actor's account is built with; the masked administrator acts as the student. */
const roleOf: Record<Exclude<Actor, 'maskedAdmin'>, RoleKey> = {
  teacher: 'role_teacher',
  student: 'role_student',
  caretaker: 'role_caretaker',
  employee: 'role_employee',
  schoolResponsible: 'role_school_responsible',
  admin: 'role_admin',
  superadmin: 'role_superadmin',
  municipalityAdmin: 'role_municipality_admin',
};
const admins: Actor[] = ['admin', 'superadmin', 'municipalityAdmin'];

interface Fixtures {
  bystanderId: number;
  bystanderTokenId: string;
  studentRoleId: number;
}
type Sample = (f: Fixtures) => Omit<InjectOptions, 'headers'>;

type Entry =
  /** No sign-in needed (sign-in itself, SSO). */
  | { access: 'public' }
  /** Any signed-in user; the request, if given, must pass for every role. */
  | { access: 'signed-in'; request?: Sample }
  /** The user_list right: administrators and school-responsible staff. */
  | { access: 'user_list'; request: Sample }
  /** Administrators only; others get 403, or 404 where the record is not theirs to know of. */
  | { access: 'admin'; request: Sample; refusal?: 403 | 404 };

const none = 999_999;
const matrix: Record<string, Entry> = {
  'GET /api/openapi.json': { access: 'signed-in' },
  'POST /api/core/v1/user/login': { access: 'public' },
  'POST /api/portal-service/v1/saml/logout': { access: 'public' },
  'POST /api/portal-service/v1/saml/login': { access: 'public' },
  'GET /api/portal-service/v1/saml/config': { access: 'public' },
  'POST /api/portal-service/v1/saml/acs': { access: 'public' },
  'GET /api/portal-service/v1/saml/metadata': { access: 'public' },
  'GET /api/portal-service/v1/saml/slo': { access: 'public' },
  'POST /api/portal-service/v1/saml/slo': { access: 'public' },
  // OpenID Connect: the browser arrives from the provider, the provider posts its logouts.
  'POST /api/portal-service/v1/oidc/:provider/login': { access: 'public' },
  'GET /api/portal-service/v1/oidc/:provider/callback': { access: 'public' },
  'POST /api/portal-service/v1/oidc/:provider/backchannel-logout': { access: 'public' },
  'GET /api/portal-service/v1/video/config': { access: 'public' },

  // Routes whose rules go beyond role (owner, audience, right): each has its own ladder suite
  // (media, tools, favourites, profile, documents, feedback); here they must refuse without a session.
  'DELETE /api/core/v1/favorite/:id': { access: 'signed-in' },
  // Comments and likes: audience, owner and right ladders in modules/comments and modules/likes.
  'GET /api/core/v1/comment': { access: 'signed-in' },
  'POST /api/core/v1/comment': { access: 'signed-in' },
  'DELETE /api/core/v1/comment/:id': { access: 'signed-in' },
  'GET /api/core/v1/like': { access: 'signed-in' },
  'POST /api/core/v1/like': { access: 'signed-in' },
  'DELETE /api/core/v1/like/:id': { access: 'signed-in' },
  'DELETE /api/core/v1/link/:id': { access: 'signed-in' },
  'DELETE /api/core/v1/media/:id': { access: 'signed-in' },
  'DELETE /api/core/v1/user/:id/link/:linkId': { access: 'signed-in' },
  'DELETE /api/core/v1/user/links/:id': { access: 'signed-in' },
  'DELETE /api/document-repository/v1/favorite/:id': { access: 'signed-in' },
  'DELETE /api/portal-service/v1/favorite/:id': { access: 'signed-in' },
  'GET /api/core/v1/favorite': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/favorite' }),
  },
  'GET /api/core/v1/favorite/:id': { access: 'signed-in' },
  'GET /api/core/v1/link-all': { access: 'signed-in' },
  'GET /api/core/v1/link/:id': { access: 'signed-in' },
  'GET /api/core/v1/media': { access: 'signed-in' },
  'GET /api/core/v1/media/:id': { access: 'signed-in' },
  'GET /api/core/v1/my-links': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/my-links' }),
  },
  'GET /api/core/v1/user/:id/links': { access: 'signed-in' },
  'GET /api/core/v1/user/interests': { access: 'signed-in' },
  'GET /api/core/v1/user/links': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/user/links' }),
  },
  'GET /api/core/v1/user/schools': { access: 'signed-in' },
  'GET /api/document-repository/v1/favorite': { access: 'signed-in' },
  'GET /api/document-repository/v1/node/:id': { access: 'signed-in' },
  'GET /api/document-repository/v1/node/:id/content': { access: 'signed-in' },
  'GET /api/document-repository/v1/shared/:linkId': { access: 'public' },
  'GET /api/document-repository/v1/site': { access: 'signed-in' },
  'GET /api/portal-service/v1/analytics/config': { access: 'public' },
  'GET /api/portal-service/v1/analytics/pageviews': {
    access: 'admin',
    request: () => ({ url: '/api/portal-service/v1/analytics/pageviews' }),
    refusal: 403,
  },
  'GET /api/portal-service/v1/favorite': { access: 'signed-in' },
  'GET /api/portal-service/v1/favorite/:id': { access: 'signed-in' },
  'GET /api/portal-service/v1/feedback': {
    access: 'admin',
    request: () => ({ url: '/api/portal-service/v1/feedback' }),
    refusal: 403,
  },
  'POST /api/core/v1/GetLinks': {
    access: 'signed-in',
    request: () => ({ method: 'POST', url: '/api/core/v1/GetLinks', payload: {} }),
  },
  'POST /api/core/v1/favorite': { access: 'signed-in' },
  'POST /api/core/v1/link': { access: 'signed-in' },
  'POST /api/core/v1/media': { access: 'signed-in' },
  'POST /api/core/v1/user/:id/link-sort': { access: 'signed-in' },
  'POST /api/core/v1/user/:id/link/:linkId': { access: 'signed-in' },
  'POST /api/core/v1/user/links/:id': { access: 'signed-in' },
  'POST /api/document-repository/v1/favorite': { access: 'signed-in' },
  'POST /api/document-repository/v1/link': { access: 'signed-in' },
  'DELETE /api/document-repository/v1/link/:linkId': { access: 'signed-in' },
  'POST /api/document-repository/v1/node/:id': { access: 'signed-in' },
  'POST /api/document-repository/v1/token': { access: 'signed-in' },
  'POST /api/portal-service/v1/analytics/pageview': { access: 'public' },
  'POST /api/portal-service/v1/favorite': { access: 'signed-in' },
  'POST /api/portal-service/v1/feedback': { access: 'public' },
  'POST /api/portal-service/v1/user/updateUser': { access: 'signed-in' },
  'PUT /api/core/v1/favorite/:id': { access: 'signed-in' },
  'PUT /api/core/v1/link/:id': { access: 'signed-in' },
  'PUT /api/core/v1/media/:id': { access: 'signed-in' },
  'PUT /api/core/v1/user/interests': { access: 'signed-in' },
  'PUT /api/core/v1/user/main-school': { access: 'signed-in' },
  'PUT /api/core/v1/user/language': { access: 'signed-in' },
  'PUT /api/portal-service/v1/favorite/:id': { access: 'signed-in' },
  'PUT /api/portal-service/v1/feedback/:id': {
    access: 'admin',
    request: () => ({
      method: 'PUT',
      url: `/api/portal-service/v1/feedback/${none}`,
      payload: { status: 'handled' },
    }),
    refusal: 403,
  },

  // Posts: audience, authorship and rights decide beyond role; the posts suites climb each ladder.
  'POST /api/core/v1/GetPosts': {
    access: 'signed-in',
    request: () => ({ method: 'POST', url: '/api/core/v1/GetPosts', payload: {} }),
  },
  'POST /api/core/v1/GetPostsAll': {
    access: 'admin',
    request: () => ({ method: 'POST', url: '/api/core/v1/GetPostsAll', payload: {} }),
  },
  'GET /api/core/v1/my-post': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/my-post' }),
  },
  'GET /api/core/v1/user/:id/posts': {
    access: 'user_list',
    request: (f) => ({ url: `/api/core/v1/user/${f.bystanderId}/posts` }),
  },
  'GET /api/core/v1/post-slug-availability/:slug': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/post-slug-availability/matris' }),
  },
  // Everyone signed in gets their own scope (decision 0028); post-publish-scope.int.test.ts tests it.
  'GET /api/core/v1/post-target-groups': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/post-target-groups' }),
  },
  'POST /api/core/v1/post': { access: 'signed-in' },
  'GET /api/core/v1/post/:id': { access: 'signed-in' },
  // Translations: the post's own ladder (seen, then edited) in modules/translations.
  'GET /api/core/v1/translation/languages': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/translation/languages' }),
  },
  'GET /api/core/v1/post/:id/translation': { access: 'signed-in' },
  'GET /api/core/v1/post/:id/translation/:lang': { access: 'signed-in' },
  'PUT /api/core/v1/post/:id/translation/:lang': { access: 'signed-in' },
  'DELETE /api/core/v1/post/:id/translation/:lang': { access: 'signed-in' },
  'POST /api/core/v1/post/:id/translation/:lang/machine': { access: 'signed-in' },
  'POST /api/core/v1/post/:id/translation/:lang/request': { access: 'signed-in' },
  'GET /api/core/v1/post/:id/audience-languages': { access: 'signed-in' },
  // A post's versions: its editors' and administrators', per post and version (versions.int.test.ts).
  'GET /api/core/v1/post/:id/versions': { access: 'signed-in' },
  'GET /api/core/v1/post/:id/versions/:n': { access: 'signed-in' },
  'POST /api/core/v1/post/:id/versions/:n/restore': { access: 'signed-in' },
  'GET /api/core/v1/post/:id/as-published': { access: 'signed-in' },
  // Any post, deleted ones too, by title or address: those who edit or list every post.
  'GET /api/core/v1/post-archive': { access: 'signed-in' },
  // Approval: each approver's own queue; deciding is per post and rule (approvals.int.test.ts).
  'GET /api/core/v1/approval': { access: 'signed-in' },
  'POST /api/core/v1/approval/check': { access: 'signed-in' },
  'GET /api/core/v1/post/:id/approval': { access: 'signed-in' },
  'POST /api/core/v1/post/:id/approve': { access: 'signed-in' },
  'POST /api/core/v1/post/:id/return': { access: 'signed-in' },
  'GET /api/core/v1/approval-rule': { access: 'signed-in' },
  'POST /api/core/v1/approval-rule': { access: 'signed-in' },
  'PUT /api/core/v1/approval-rule/:id': { access: 'signed-in' },
  'DELETE /api/core/v1/approval-rule/:id': { access: 'signed-in' },
  // Owners and review dates: a post's follow its edit rule; a school's list is its rektor's
  // (REVIEW_ESCALATION_ROLE at that school) and manage_content_reviews' (reviews.int.test.ts).
  'GET /api/core/v1/post/:id/review': { access: 'signed-in' },
  'PUT /api/core/v1/post/:id/review': { access: 'signed-in' },
  'POST /api/core/v1/post/:id/reviewed': { access: 'signed-in' },
  'GET /api/core/v1/content-review': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/content-review' }),
  },
  'GET /api/core/v1/content-review/:id': { access: 'signed-in' },
  'PUT /api/core/v1/post/:id': { access: 'signed-in' },
  'DELETE /api/core/v1/post/:id': { access: 'signed-in' },
  'POST /api/core/v1/post/:id/node': { access: 'signed-in' },
  'DELETE /api/core/v1/post/:id/node': { access: 'signed-in' },
  'POST /api/core/v1/post/:id/category': { access: 'signed-in' },
  'DELETE /api/core/v1/post/:id/category': { access: 'signed-in' },
  'POST /api/core/v1/post/:id/user': { access: 'signed-in' },
  'DELETE /api/core/v1/post/:id/user': { access: 'signed-in' },
  'POST /api/core/v1/post-read/:id': { access: 'signed-in' },
  // Must-read notices: who may confirm and read the report is per post (must-read-notices.int.test.ts).
  'POST /api/core/v1/post/:id/acknowledge': { access: 'signed-in' },
  'GET /api/core/v1/post/:id/acknowledgements': { access: 'signed-in' },
  'GET /api/core/v1/post/:id/acknowledgement-summary': { access: 'signed-in' },
  // The list holds what the reader may see the report of, none for most (acknowledgement-rules.int.test.ts).
  'GET /api/core/v1/acknowledgement-reports': { access: 'signed-in' },
  // A must-read mail's one-click link: its secret is the key (acknowledgement-links.int.test.ts);
  // revoking the links is the post's editors' (the same file).
  'GET /api/core/v1/acknowledgement-link/:token': { access: 'public' },
  'POST /api/core/v1/acknowledgement-link/:token': { access: 'public' },
  'POST /api/core/v1/post/:id/acknowledgement-links/revoke': { access: 'signed-in' },
  'GET /api/core/v1/editor/:id': { access: 'signed-in' },
  'PUT /api/core/v1/editor/:id': { access: 'signed-in' },

  // Search: every role holds the search right by default; the audience rules are in search.int.test.ts.
  'GET /api/core/v1/search': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/search?q=skola' }),
  },

  // Courses: audience, organisers and booking rules decide beyond role; the course suites climb
  // each ladder (courses, course-booking, course-capacity, course-calendar).
  'POST /api/core/v1/course': { access: 'signed-in' },
  'GET /api/core/v1/course': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/course' }),
  },
  'GET /api/core/v1/course/:id': { access: 'signed-in' },
  'PUT /api/core/v1/course/:id': { access: 'signed-in' },
  'GET /api/core/v1/my-course': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/my-course' }),
  },
  'POST /api/core/v1/course/:id/attendee/:userId': { access: 'signed-in' },
  'PUT /api/core/v1/course/:id/attendee/:userId': { access: 'signed-in' },
  'DELETE /api/core/v1/course/:id/attendee/:userId': { access: 'signed-in' },
  'POST /api/core/v1/course/:id/attendee-external': { access: 'signed-in' },
  'GET /api/core/v1/course/:id/attendees.csv': { access: 'signed-in' },
  'POST /api/core/v1/course/:id/message': { access: 'signed-in' },
  'GET /api/core/v1/course/:id/calendar.ics': { access: 'signed-in' },
  'GET /api/core/v1/course-feed': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/course-feed' }),
  },
  'POST /api/core/v1/course-feed': { access: 'signed-in' },
  'DELETE /api/core/v1/course-feed': { access: 'signed-in' },
  // The feed's secret address is its key: calendar programs cannot sign in.
  'GET /api/core/v1/course-feed/:token': { access: 'public' },

  'GET /api/core/v1/user': { access: 'signed-in', request: () => ({ url: '/api/core/v1/user' }) },
  'GET /api/core/v1/role': { access: 'signed-in', request: () => ({ url: '/api/core/v1/role' }) },
  'GET /api/core/v1/capability': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/capability' }),
  },
  'GET /api/core/v1/category': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/category' }),
  },
  'GET /api/core/v1/category/:id': {
    access: 'signed-in',
    request: () => ({ url: '/api/core/v1/category/3' }),
  },
  'GET /api/core/v1/node': { access: 'signed-in', request: () => ({ url: '/api/core/v1/node' }) },
  'GET /api/portal-service/v1/saml/token': {
    access: 'signed-in',
    request: () => ({ url: '/api/portal-service/v1/saml/token' }),
  },
  'GET /api/portal-service/v1/user/related': {
    access: 'signed-in',
    request: () => ({ url: '/api/portal-service/v1/user/related' }),
  },
  // Only accounts related to the caller; decided by the related-accounts suite.
  'POST /api/portal-service/v1/user/related/:id/token': { access: 'signed-in' },

  'GET /api/core/v1/users': { access: 'user_list', request: () => ({ url: '/api/core/v1/users' }) },
  // A group none of the actors is in: its own staff would see it too.
  'GET /api/core/v1/node/:id/members': {
    access: 'user_list',
    request: () => ({ url: `/api/core/v1/node/${ids.municipalityNodeId}/members` }),
  },
  'GET /api/core/v1/user/:id': {
    access: 'user_list',
    request: (f) => ({ url: `/api/core/v1/user/${f.bystanderId}` }),
  },
  'GET /api/core/v1/user/:id/capability': {
    access: 'user_list',
    request: (f) => ({ url: `/api/core/v1/user/${f.bystanderId}/capability` }),
  },

  'POST /api/core/v1/role': {
    access: 'admin',
    request: () => ({
      method: 'POST',
      url: '/api/core/v1/role',
      payload: { key: 'role_matrix', name: 'Matris' },
    }),
  },
  'DELETE /api/core/v1/role/:id': {
    access: 'admin',
    request: () => ({ method: 'DELETE', url: `/api/core/v1/role/${none}` }),
  },
  'POST /api/core/v1/role/:id/capability/:cap': {
    access: 'admin',
    request: (f) => ({
      method: 'POST',
      url: `/api/core/v1/role/${f.studentRoleId}/capability/search`,
      payload: { value: true },
    }),
  },
  'DELETE /api/core/v1/role/:id/capability/:cap': {
    access: 'admin',
    request: () => ({ method: 'DELETE', url: `/api/core/v1/role/${none}/capability/search` }),
  },
  'PUT /api/core/v1/user/:id': {
    access: 'admin',
    request: () => ({
      method: 'PUT',
      url: `/api/core/v1/user/${none}`,
      payload: { email: 'a@exempelby.se', firstName: 'A', lastName: 'B' },
    }),
  },
  ...Object.fromEntries(
    (['POST', 'DELETE'] as const).flatMap((method) =>
      [
        ['/api/core/v1/user/:id/node/:nodeId', `/api/core/v1/user/${none}/node/1`],
        ['/api/core/v1/user/:id/role/:roleId', `/api/core/v1/user/${none}/role/1`],
        ['/api/core/v1/user/:id/category/:catId', `/api/core/v1/user/${none}/category/3`],
        ['/api/core/v1/category/:id/node/:nodeId', `/api/core/v1/category/${none}/node/1`],
        ['/api/core/v1/user/:id/capability/:cap', `/api/core/v1/user/${none}/capability/search`],
      ].map(([route, url]): [string, Entry] => [
        `${method} ${route}`,
        {
          access: 'admin',
          request: () => ({
            method,
            url: url!,
            ...(method === 'POST' && route!.endsWith(':cap') ? { payload: { value: true } } : {}),
          }),
        },
      ]),
    ),
  ),
  'POST /api/core/v1/user/:id/node-bulk': {
    access: 'admin',
    request: () => ({
      method: 'POST',
      url: `/api/core/v1/user/${none}/node-bulk`,
      payload: { nodeIds: [1] },
    }),
  },
  'POST /api/core/v1/user/:id/node-bulk-remove': {
    access: 'admin',
    request: () => ({
      method: 'POST',
      url: `/api/core/v1/user/${none}/node-bulk-remove`,
      payload: { nodeIds: [1] },
    }),
  },
  'POST /api/core/v1/user/:id/disable': {
    access: 'admin',
    request: () => ({
      method: 'POST',
      url: `/api/core/v1/user/${none}/disable`,
      payload: { reason: 'Har flyttat' },
    }),
  },
  'POST /api/core/v1/user/:id/enable': {
    access: 'admin',
    request: () => ({ method: 'POST', url: `/api/core/v1/user/${none}/enable` }),
  },
  'POST /api/core/v1/category': {
    access: 'admin',
    request: () => ({
      method: 'POST',
      url: '/api/core/v1/category',
      payload: { key: 'matris', name: 'Matris', type: 'content' },
    }),
  },
  'DELETE /api/core/v1/category/:id': {
    access: 'admin',
    request: () => ({ method: 'DELETE', url: `/api/core/v1/category/${none}` }),
  },
  'POST /api/core/v1/node': {
    access: 'admin',
    request: () => ({
      method: 'POST',
      url: '/api/core/v1/node',
      payload: { name: 'Matrisgrupp', type: 'Övrigt' },
    }),
  },
  'PUT /api/core/v1/node/:id': {
    access: 'admin',
    request: () => ({ method: 'PUT', url: `/api/core/v1/node/${none}`, payload: { name: 'X' } }),
  },
  'DELETE /api/core/v1/node/:id': {
    access: 'admin',
    request: () => ({ method: 'DELETE', url: `/api/core/v1/node/${none}` }),
  },
  'GET /api/core/v1/token': { access: 'admin', request: () => ({ url: '/api/core/v1/token' }) },
  'POST /api/core/v1/token': {
    access: 'admin',
    request: () => ({
      method: 'POST',
      url: '/api/core/v1/token',
      payload: { type: 'api', userId: none },
    }),
  },
  // A session removes its own tokens (unmask); someone else's token exists only for administrators.
  'DELETE /api/core/v1/token/:id': {
    access: 'admin',
    refusal: 404,
    request: (f) => ({ method: 'DELETE', url: `/api/core/v1/token/${f.bystanderTokenId}` }),
  },
  'GET /api/core/v1/audit': { access: 'admin', request: () => ({ url: '/api/core/v1/audit' }) },
  // Retention rules and the export to the e-archive: administrators with manage_retention
  // (retention.int.test.ts, post-export.int.test.ts). The first administrator's rule is
  // created, the others' get 409; the export asks for days with nothing in them.
  'GET /api/core/v1/retention-rules': {
    access: 'admin',
    request: () => ({ url: '/api/core/v1/retention-rules' }),
  },
  'POST /api/core/v1/retention-rules': {
    access: 'admin',
    request: () => ({
      method: 'POST',
      url: '/api/core/v1/retention-rules',
      payload: { postType: 'givetake', keepMonths: null, decision: 'KS 2024/1' },
    }),
  },
  'PUT /api/core/v1/retention-rules/:id': {
    access: 'admin',
    request: () => ({
      method: 'PUT',
      url: `/api/core/v1/retention-rules/${none}`,
      payload: { postType: 'givetake', keepMonths: null, decision: 'KS 2024/1' },
    }),
  },
  'DELETE /api/core/v1/retention-rules/:id': {
    access: 'admin',
    request: () => ({ method: 'DELETE', url: `/api/core/v1/retention-rules/${none}` }),
  },
  'GET /api/core/v1/post-export': {
    access: 'admin',
    request: () => ({
      url: '/api/core/v1/post-export?type=givetake&from=2000-01-01&to=2000-01-02',
    }),
  },
  'GET /api/core/v1/ss12000-import/source': {
    access: 'admin',
    request: () => ({ url: '/api/core/v1/ss12000-import/source' }),
  },
  'GET /api/core/v1/ss12000-import': {
    access: 'admin',
    request: () => ({ url: '/api/core/v1/ss12000-import' }),
  },
  'GET /api/core/v1/ss12000-import/:id': {
    access: 'admin',
    request: () => ({ url: `/api/core/v1/ss12000-import/${none}` }),
  },
  // An empty file: administrators get 400 from the file check, nothing is queued.
  'POST /api/core/v1/ss12000-import/file': {
    access: 'admin',
    request: () => ({ method: 'POST', url: '/api/core/v1/ss12000-import/file', payload: {} }),
  },
  // No school-data API in tests: administrators get 409.
  'POST /api/core/v1/ss12000-import/api': {
    access: 'admin',
    request: () => ({ method: 'POST', url: '/api/core/v1/ss12000-import/api' }),
  },
  // Sending and its history need send_notification and the admin status; the principal has
  // the right but is no administrator. A person that does not exist: administrators get 400.
  'POST /api/portal-service/v1/notification/send': {
    access: 'admin',
    request: () => ({
      method: 'POST',
      url: '/api/portal-service/v1/notification/send',
      payload: { subject: 'Matris', text: 'Matris', audience: { userIds: [none] }, dryRun: true },
    }),
  },
  'GET /api/portal-service/v1/notification/history': {
    access: 'admin',
    request: () => ({ url: '/api/portal-service/v1/notification/history' }),
  },
  'GET /api/portal-service/v1/notification/history/:id/recipient': {
    access: 'admin',
    request: () => ({ url: `/api/portal-service/v1/notification/history/${none}/recipient` }),
  },
  'GET /api/portal-service/v1/notification/outbox': {
    access: 'admin',
    request: () => ({ url: '/api/portal-service/v1/notification/outbox' }),
  },
  'GET /api/portal-service/v1/notification/outbox/info': {
    access: 'admin',
    request: () => ({ url: '/api/portal-service/v1/notification/outbox/info' }),
  },
  // Each user's own notifications and mail setting.
  'GET /api/portal-service/v1/notification': {
    access: 'signed-in',
    request: () => ({ url: '/api/portal-service/v1/notification' }),
  },
  'GET /api/portal-service/v1/notification/date': {
    access: 'signed-in',
    request: () => ({ url: '/api/portal-service/v1/notification/date' }),
  },
  // Nobody's notification: 404 for everyone.
  'POST /api/portal-service/v1/user/SetNotificationStatus': {
    access: 'signed-in',
    request: () => ({
      method: 'POST',
      url: '/api/portal-service/v1/user/SetNotificationStatus',
      payload: { notificationIds: [none], status: 'read' },
    }),
  },
  'GET /api/portal-service/v1/user/notification-settings': {
    access: 'signed-in',
    request: () => ({ url: '/api/portal-service/v1/user/notification-settings' }),
  },
  // Refused while masked; decided by the notifications suite.
  'PUT /api/portal-service/v1/user/notification-settings': { access: 'signed-in' },
  // One's own sign-ins only, and never while masked or acting for a child; decided by the
  // own-sign-ins suite.
  'GET /api/portal-service/v1/user/sign-ins': { access: 'signed-in' },
  'DELETE /api/portal-service/v1/user/sign-ins': { access: 'signed-in' },
  'DELETE /api/portal-service/v1/user/sign-ins/:id': { access: 'signed-in' },
  'GET /api/intranet-jobs/v1/job': {
    access: 'admin',
    request: () => ({ url: '/api/intranet-jobs/v1/job' }),
  },
  'GET /api/intranet-jobs/v1/job/:id': {
    access: 'admin',
    request: () => ({ url: '/api/intranet-jobs/v1/job/00000000-0000-4000-8000-000000000000' }),
  },
};

let t: TestContext;
let fixtures: Fixtures;
const cookies = {} as Record<Actor, string>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  // Each role's account where such people belong: the student and her teacher in a class, the
  // guardian the student's, the principal at the school; employees and administrators at none.
  const school = await buildSchool(t);
  const schoolClass = await buildClass(t, { school });
  const student = await buildUser(t, { role: roleOf.student, class: schoolClass });
  const placement: Partial<Record<Actor, UserOptions>> = {
    teacher: { class: schoolClass },
    caretaker: { guardianOf: [student] },
    schoolResponsible: { school },
  };
  const accounts = { student } as Record<keyof typeof roleOf, TestUser>;
  for (const actor of Object.keys(roleOf) as (keyof typeof roleOf)[]) {
    accounts[actor] ??= await buildUser(t, { role: roleOf[actor], ...placement[actor] });
    cookies[actor] = await signIn(t.app, accounts[actor]);
  }
  const masking = await signIn(t.app, accounts.admin);
  const masked = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/token',
    headers: { cookie: masking },
    payload: { type: 'masked', userId: accounts.student.id },
  });
  expect(masked.statusCode).toBe(200);
  cookies.maskedAdmin = cookieHeaderFrom(masked.cookies, masking);

  // Someone else's records for the user_list and token doors: a pupil of another school.
  const bystanderAccount = await buildUser(t, { role: 'role_student' });
  const bystander = await signIn(t.app, bystanderAccount);
  const me = await t.app.inject({
    url: '/api/portal-service/v1/saml/token',
    headers: { cookie: bystander },
  });
  const [studentRole] = await t.db.select().from(roles).where(eq(roles.key, 'role_student'));
  fixtures = {
    bystanderId: bystanderAccount.id,
    bystanderTokenId: me.json().activeTokenId,
    studentRoleId: studentRole!.id,
  };
});
afterAll(() => t.close());

const apiRoutes = () =>
  listRoutes(t.app)
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
    .map((route) => `${route.method} ${route.url}`);

function allowed(entry: Entry, actor: Actor): boolean {
  switch (entry.access) {
    case 'public':
    case 'signed-in':
      return true;
    case 'user_list':
      return admins.includes(actor) || actor === 'schoolResponsible';
    case 'admin':
      return admins.includes(actor);
  }
}

describe('authorization matrix', () => {
  it('covers every route of the API, and nothing that is not a route', () => {
    const routes = apiRoutes();
    expect(
      routes.filter((route) => !(route in matrix)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((key) => !routes.includes(key)),
      'stale entries',
    ).toEqual([]);
  });

  it('refuses every signed-in route without a session', async () => {
    for (const [key, entry] of Object.entries(matrix)) {
      if (entry.access === 'public') continue;
      const [method, url] = key.split(' ') as [InjectOptions['method'], string];
      const concrete = url.replace(/:cap\b/, 'search').replace(/:[A-Za-z]+/g, '1');
      const response = await t.app.inject({
        method,
        url: concrete,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, key).toBe(401);
    }
  });

  const actors = [...Object.keys(roleOf), 'maskedAdmin'] as Actor[];
  it.each(actors)('lets %s through exactly the doors their role opens', async (actor) => {
    const outcomes: string[] = [];
    for (const [key, entry] of Object.entries(matrix)) {
      if (entry.access === 'public' || !entry.request) continue;
      const response = await t.app.inject({
        ...entry.request(fixtures),
        headers: { cookie: cookies[actor] },
      });
      const refusal = entry.access === 'admin' ? (entry.refusal ?? 403) : 403;
      const expected = allowed(entry, actor);
      const ok = expected
        ? ![401, 403].includes(response.statusCode) && response.statusCode < 500
        : response.statusCode === refusal;
      if (!ok)
        outcomes.push(
          `${key}: ${response.statusCode} (${expected ? 'allow' : `expected ${refusal}`})`,
        );
    }
    expect(outcomes).toEqual([]);
  });
});
