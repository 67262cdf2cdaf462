import { svShell } from '@skolportalen/shared';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/paths';
import { coursePageIfLoaded, readPostPageIfLoaded } from './reading-pages';
import { afterStartData, startPageIfLoaded } from './start-prefetch';

export type LayoutName = 'default' | 'plain';

export interface RouteDefinition {
  path: string;
  layout: LayoutName;
  /** Guard names from the registry (guards/guard-registry.ts), run in order. */
  guards: readonly string[];
  /** The page name: document title, and the heading of a page not yet available. */
  title: string;
  /** The page, loaded on demand; null while its feature has not arrived — it then says so honestly. */
  page: LazyPage | null;
  /** A screen of the administration: shown beside the administration's navigation. */
  area?: 'admin';
}

const t = svShell.pageTitles;

// The start page arrives with its first screen's data (start-prefetch.ts).
const StartPage = lazyPage(() => afterStartData(import('./pages/start-page')), startPageIfLoaded);
// Reading a post, with the likes and comments under it.
const ReadPostPage = lazyPage(() => import('./pages/read-post-page'), readPostPageIfLoaded);
// The editor (and Tiptap inside it) loads only for those who open it.
const ContentEditorPage = lazyPage(() => import('./pages/content-editor-page'));
const MyContentPage = lazyPage(() => import('@/features/content/routes/my-content-route'));
const AcknowledgementReportsPage = lazyPage(
  () => import('@/features/content/routes/acknowledgement-reports-route'),
);
// Approval before publishing (issue 29): the approver's queue and the administrators' rules.
const ApprovalQueuePage = lazyPage(
  () => import('@/features/content/approval/approval-queue-route'),
);
// Owners and review dates (decision 0045): each school's content to review.
const ContentReviewPage = lazyPage(() => import('@/features/content/review/content-review-route'));
const BrokenLinksPage = lazyPage(
  () => import('@/features/content/broken-links/broken-links-route'),
);
const AdminApprovalRulesPage = lazyPage(
  () => import('@/features/admin/routes/approval-rules-route'),
);
const AdminContentPage = lazyPage(() => import('@/features/content/routes/admin-content-route'));
const AsPublishedPage = lazyPage(() => import('@/features/content/routes/as-published-route'));
const SearchPage = lazyPage(() => import('@/features/search/routes/search-route'));
// A course with what it is about (the content feature's blocks) and its booking.
const CoursePage = lazyPage(() => import('./pages/course-page'), coursePageIfLoaded);
const MyCoursesPage = lazyPage(() => import('@/features/courses/routes/my-courses-route'));
const LoginPage = lazyPage(() => import('@/features/auth/routes/login-route'));
const NotFoundPage = lazyPage(() => import('@/features/errors/routes/not-found-route'));
const Status404Page = lazyPage(() => import('@/features/errors/routes/status-404-route'));
const ErrorPage = lazyPage(() => import('@/features/errors/routes/error-route'));
const MaintenancePage = lazyPage(() => import('@/features/errors/routes/maintenance-route'));
const WpLoginPage = lazyPage(() => import('@/features/errors/routes/wp-login-route'));
const ChangelogPage = lazyPage(() => import('@/features/errors/routes/changelog-route'));
const AccessibilityStatementPage = lazyPage(
  () => import('@/features/about/routes/accessibility-statement-route'),
);
const PrivacyPage = lazyPage(() => import('@/features/about/routes/privacy-route'));
// A must-read mail's link: no sign-in, nothing of the signed-in app loaded.
const AcknowledgementLinkPage = lazyPage(
  () => import('@/features/content/must-read/link/acknowledgement-link-route'),
);
const AdminFeedbackPage = lazyPage(() => import('@/features/about/routes/admin-feedback-route'));
const DocumentsPage = lazyPage(() => import('@/features/documents/routes/documents-route'));
const ProfileInfoPage = lazyPage(() => import('@/features/profile/routes/profile-info-route'));
const MyGroupsPage = lazyPage(() => import('@/features/profile/routes/my-groups-route'));
const MediaAdminPage = lazyPage(() => import('@/features/media/routes/media-admin-route'));
const MySchoolsPage = lazyPage(() => import('@/features/profile/routes/my-schools-route'));
const InterestsPage = lazyPage(() => import('@/features/profile/routes/interests-route'));
const FavoritesPage = lazyPage(() => import('@/features/favorites/routes/favorites-route'));
const GroupTemplatesPage = lazyPage(
  () => import('@/features/group-templates/routes/group-templates-route'),
);
const ProfileToolsPage = lazyPage(() => import('@/features/tools/routes/profile-tools-route'));
const AdminToolsPage = lazyPage(() => import('@/features/tools/routes/admin-tools-route'));

// The administration loads only when an administrator opens it.
const AdminRolesPage = lazyPage(() => import('@/features/admin/routes/roles-route'));
const AdminUsersPage = lazyPage(() => import('./pages/admin-users-page'));
const AdminCategoriesPage = lazyPage(() => import('@/features/admin/routes/categories-route'));
const AdminNodesPage = lazyPage(() => import('@/features/admin/routes/nodes-route'));
const AdminGroupsTreePage = lazyPage(() => import('@/features/admin/routes/groups-tree-route'));
const AdminTokensPage = lazyPage(() => import('@/features/admin/routes/tokens-route'));
const AdminAuditPage = lazyPage(() => import('@/features/admin/routes/audit-route'));
const AdminImportPage = lazyPage(() => import('@/features/admin/routes/import-route'));
const AdminRetentionPage = lazyPage(() => import('@/features/admin/routes/retention-route'));
const AdminNotificationsPage = lazyPage(() => import('./pages/admin-notifications-page'));

/** Administration pages that exist, by path; the rest say they are not available yet. */
const adminPages: Partial<Record<string, LazyPage>> = {
  [paths.admin.content.path]: AdminContentPage,
  [paths.admin.icon.path]: MediaAdminPage,
  [paths.admin.tools.path]: AdminToolsPage,
  [paths.admin.roles.path]: AdminRolesPage,
  [paths.admin.users.path]: AdminUsersPage,
  [paths.admin.categories.path]: AdminCategoriesPage,
  [paths.admin.nodes.path]: AdminNodesPage,
  [paths.admin.groupsTree.path]: AdminGroupsTreePage,
  [paths.admin.tokens.path]: AdminTokensPage,
  [paths.admin.import.path]: AdminImportPage,
  [paths.admin.audit.path]: AdminAuditPage,
  [paths.admin.notifications.path]: AdminNotificationsPage,
};

const auth = 'auth';
const admin = 'admin';
const capability = (key: string) => `capability:${key}`;
const role = (...keys: string[]) => `role:${keys.join(',')}`;

/** Every route of spec §2 with the guards its table row asks for. */
export const routeTable: readonly RouteDefinition[] = [
  { path: paths.login.path, layout: 'plain', guards: ['guest'], title: t.login, page: LoginPage },
  {
    path: paths.notFound.path,
    layout: 'plain',
    guards: [],
    title: t.notFound,
    page: Status404Page,
  },
  { path: paths.error.path, layout: 'plain', guards: [], title: t.error, page: ErrorPage },
  {
    path: paths.maintenance.path,
    layout: 'plain',
    guards: [],
    title: t.maintenance,
    page: MaintenancePage,
  },
  { path: paths.wpLogin.path, layout: 'plain', guards: [], title: t.wpLogin, page: WpLoginPage },
  {
    path: paths.changelog.path,
    layout: 'plain',
    guards: [],
    title: t.changelog,
    page: ChangelogPage,
  },
  // Public pages every footer links to: the DOS law's statement and the privacy notice.
  {
    path: paths.accessibilityStatement.path,
    layout: 'plain',
    guards: [],
    title: t.accessibilityStatement,
    page: AccessibilityStatementPage,
  },
  { path: paths.privacy.path, layout: 'plain', guards: [], title: t.privacy, page: PrivacyPage },
  {
    path: paths.acknowledgementLink.path,
    layout: 'plain',
    guards: [],
    title: t.acknowledgementLink,
    page: AcknowledgementLinkPage,
  },

  { path: paths.home.path, layout: 'default', guards: [auth], title: t.start, page: StartPage },
  { path: paths.news.path, layout: 'default', guards: [auth], title: t.news, page: ReadPostPage },
  // The other reading prefixes of spec §2 show the same reader.
  ...[paths.crisis.path, paths.advert.path, paths.giveTake.path].map((path): RouteDefinition => ({
    path,
    layout: 'default',
    guards: [auth],
    title: t.news,
    page: ReadPostPage,
  })),
  {
    path: paths.documents.path,
    layout: 'default',
    guards: [auth, capability('document_repository')],
    title: svShell.documents.title,
    page: DocumentsPage,
  },
  { path: paths.page.path, layout: 'default', guards: [auth], title: t.page, page: ReadPostPage },
  {
    path: paths.createContent.path,
    layout: 'default',
    guards: [auth, capability('create_post')],
    title: t.createContent,
    page: ContentEditorPage,
  },

  {
    path: paths.profile.info.path,
    layout: 'default',
    guards: [auth],
    title: t.profileInfo,
    page: ProfileInfoPage,
  },
  {
    path: paths.profile.myGroups.path,
    layout: 'default',
    guards: [auth, role('role_teacher')],
    title: t.myGroups,
    page: MyGroupsPage,
  },
  {
    path: paths.profile.myContent.path,
    layout: 'default',
    guards: [auth, capability('create_post')],
    title: t.myContent,
    page: MyContentPage,
  },
  {
    path: paths.profile.acknowledgements.path,
    layout: 'default',
    guards: [auth],
    title: t.acknowledgementReports,
    page: AcknowledgementReportsPage,
  },
  {
    path: paths.profile.approval.path,
    layout: 'default',
    guards: [auth],
    title: t.approvals,
    page: ApprovalQueuePage,
  },
  {
    path: paths.profile.contentReview.path,
    layout: 'default',
    guards: [auth],
    title: t.contentReviews,
    page: ContentReviewPage,
  },
  {
    path: paths.profile.brokenLinks.path,
    layout: 'default',
    guards: [auth],
    title: t.brokenLinks,
    page: BrokenLinksPage,
  },
  {
    path: paths.profile.mySchools.path,
    layout: 'default',
    guards: [auth, role('role_teacher', 'role_employee')],
    title: t.mySchools,
    page: MySchoolsPage,
  },
  {
    path: paths.profile.interests.path,
    layout: 'default',
    guards: [auth, capability('set_intrest_unit')],
    title: t.interests,
    page: InterestsPage,
  },
  {
    path: paths.profile.favorites.path,
    layout: 'default',
    guards: [auth, role('role_teacher')],
    title: t.favorites,
    page: FavoritesPage,
  },
  {
    path: paths.profile.groupTemplates.path,
    layout: 'default',
    guards: [auth, capability('create_post')],
    title: t.groupTemplates,
    page: GroupTemplatesPage,
  },
  {
    path: paths.search.path,
    layout: 'default',
    guards: [auth, capability('search')],
    title: svShell.search.title,
    page: SearchPage,
  },
  {
    path: paths.course.path,
    layout: 'default',
    guards: [auth],
    title: svShell.courses.titles.course,
    page: CoursePage,
  },
  {
    path: paths.profile.myCourses.path,
    layout: 'default',
    guards: [auth],
    title: svShell.courses.titles.myCourses,
    page: MyCoursesPage,
  },
  {
    path: paths.profile.tools.path,
    layout: 'default',
    guards: [auth],
    title: t.profileTools,
    page: ProfileToolsPage,
  },

  // The administration area: every page needs the admin guard, some a right too.
  ...(
    [
      [paths.admin.content.path, t.adminContent, ['post_list_all'], null],
      [paths.admin.tools.path, t.adminTools, ['get_all_links'], null],
      [paths.admin.roles.path, t.adminRoles, ['role_list'], AdminRolesPage],
      [paths.admin.users.path, t.adminUsers, [], AdminUsersPage],
      [paths.admin.icon.path, t.adminIcon, ['media_list'], null],
      [paths.admin.categories.path, t.adminCategories, [], AdminCategoriesPage],
      [paths.admin.nodes.path, t.adminNodes, [], AdminNodesPage],
      [paths.admin.groupsTree.path, t.adminGroupsTree, [], AdminGroupsTreePage],
      [paths.admin.tokens.path, t.adminTokens, [], AdminTokensPage],
      [paths.admin.notifications.path, t.adminNotifications, ['send_notification'], null],
      [paths.admin.import.path, svShell.admin.pageTitles.import, [], AdminImportPage],
      [paths.admin.audit.path, svShell.admin.pageTitles.audit, [], AdminAuditPage],
      [
        paths.admin.retention.path,
        svShell.admin.pageTitles.retention,
        ['manage_retention'],
        AdminRetentionPage,
      ],
      [
        paths.admin.asPublished.path,
        svShell.admin.pageTitles.asPublished,
        ['post_list_all'],
        AsPublishedPage,
      ],
      [
        paths.admin.approvalRules.path,
        t.adminApprovalRules,
        ['manage_approval_rules'],
        AdminApprovalRulesPage,
      ],
    ] as const
  ).map(([path, title, rights, page]): RouteDefinition => ({
    path,
    layout: 'default',
    guards: [auth, admin, ...rights.map(capability)],
    title,
    page: page ?? adminPages[path] ?? null,
    area: 'admin',
  })),
  {
    path: paths.admin.feedback.path,
    layout: 'default',
    guards: [auth, admin],
    title: t.adminFeedback,
    page: AdminFeedbackPage,
    area: 'admin',
  },
];

/** What an address matching no route shows (spec §8). */
export const notFoundRoute: RouteDefinition = {
  path: '*',
  layout: 'plain',
  guards: [],
  title: t.notFound,
  page: NotFoundPage,
};
