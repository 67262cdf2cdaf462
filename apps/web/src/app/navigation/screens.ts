import { hasCapability, svShell, type CurrentUserResponse } from '@skolportalen/shared';
import { paths } from '@/lib/paths';
import { evaluateGuards } from '../guards/guard-registry';
import { routeTable } from '../route-table';

export interface MenuLink {
  label: string;
  href: string;
}

interface Screen extends MenuLink {
  /** The route pattern whose guards decide whether the person may open it. */
  path: string;
  /** Beyond the guards: whether the screen has anything for this person. */
  useful?: (user: CurrentUserResponse) => boolean;
}

const t = svShell.pageTitles;
const screen = (route: { path: string; href: () => string }, label: string): Screen => ({
  path: route.path,
  href: route.href(),
  label,
});

const canOrganiseCourses = (user: CurrentUserResponse) =>
  hasCapability(user.capabilities, 'create_course') ||
  hasCapability(user.capabilities, 'manage_course_attendees');

/** One's own screens, in the order the user menu and the mobile menu's profile tab list them. */
const ownScreens: readonly Screen[] = [
  screen(paths.profile.info, svShell.header.myProfile),
  screen(paths.profile.myContent, t.myContent),
  {
    // Who may read a report is the server's per notice; the list has something for
    // those who write notices, a rektor (her school's) and administrators.
    ...screen(paths.profile.acknowledgements, t.acknowledgementReports),
    useful: (user) =>
      user.isAdmin || user.isSchoolResponsible || hasCapability(user.capabilities, 'create_post'),
  },
  {
    // For those who hold a role an approval rule names (the server says so), and
    // administrators, who look after the rules.
    ...screen(paths.profile.approval, t.approvals),
    useful: (user) => user.isAdmin || user.isApprover,
  },
  {
    // Which schools' lists one sees is the server's: a school's rektor, and administrators.
    ...screen(paths.profile.contentReview, t.contentReviews),
    useful: (user) => user.isAdmin || user.isSchoolResponsible,
  },
  screen(paths.profile.myGroups, t.myGroups),
  screen(paths.profile.mySchools, t.mySchools),
  screen(paths.profile.interests, t.interests),
  screen(paths.profile.favorites, t.favorites),
  screen(paths.profile.groupTemplates, t.groupTemplates),
  screen(paths.profile.tools, t.profileTools),
  {
    ...screen(paths.profile.myCourses, svShell.courses.titles.myCourses),
    useful: (user) => hasCapability(user.capabilities, 'book_course') || canOrganiseCourses(user),
  },
  { path: paths.documents.path, href: paths.documents.href(), label: svShell.documents.title },
];

/** Every screen of the administration, in the order its navigation lists them. */
const adminScreens: readonly Screen[] = [
  screen(paths.admin.users, t.adminUsers),
  screen(paths.admin.roles, t.adminRoles),
  screen(paths.admin.groupsTree, t.adminGroupsTree),
  screen(paths.admin.nodes, t.adminNodes),
  screen(paths.admin.categories, t.adminCategories),
  screen(paths.admin.tokens, t.adminTokens),
  screen(paths.admin.content, t.adminContent),
  screen(paths.admin.asPublished, svShell.admin.pageTitles.asPublished),
  screen(paths.admin.icon, t.adminIcon),
  screen(paths.admin.tools, t.adminTools),
  screen(paths.admin.notifications, t.adminNotifications),
  screen(paths.admin.feedback, t.adminFeedback),
  screen(paths.admin.import, svShell.admin.pageTitles.import),
  screen(paths.admin.audit, svShell.admin.pageTitles.audit),
  screen(paths.admin.retention, svShell.admin.pageTitles.retention),
  screen(paths.admin.approvalRules, t.adminApprovalRules),
];

/**
 * Whether the person may open a screen: its route's own guards decide, on the
 * roles, rights and admin flags the server sent. The menus never restate a rule.
 */
export function mayOpen(user: CurrentUserResponse, path: string): boolean {
  const route = routeTable.find((definition) => definition.path === path);
  if (!route) return false;
  const outcome = evaluateGuards(route.guards, {
    pathname: route.path,
    search: '',
    signedIn: true,
    user,
  });
  return outcome.kind === 'allow';
}

const visible = (user: CurrentUserResponse, screens: readonly Screen[]): MenuLink[] =>
  screens
    .filter((entry) => mayOpen(user, entry.path) && (entry.useful?.(user) ?? true))
    .map(({ label, href }) => ({ label, href }));

/** The administration screens the person may open; empty for most people. */
export const adminLinks = (user: CurrentUserResponse): MenuLink[] => visible(user, adminScreens);

/** The way into the administration: its first screen the person may open. */
export function adminEntry(user: CurrentUserResponse): MenuLink | null {
  const first = adminLinks(user)[0];
  return first ? { label: svShell.admin.headerLink, href: first.href } : null;
}

/** One's own screens and, for those who have one, the way into the administration. */
export function ownLinks(user: CurrentUserResponse): MenuLink[] {
  const entry = adminEntry(user);
  return entry ? [...visible(user, ownScreens), entry] : visible(user, ownScreens);
}
