import { hasCapability, hasRole, svShell, type CurrentUserResponse } from '@skolportalen/shared';
import { paths } from '@/lib/paths';

export interface MenuLink {
  label: string;
  href: string;
}

export const canCreate = (user: CurrentUserResponse) =>
  hasCapability(user.capabilities, 'create_post');
export const isTeacher = (user: CurrentUserResponse) => hasRole(user, 'role_teacher');
const canOrganiseCourses = (user: CurrentUserResponse) =>
  hasCapability(user.capabilities, 'create_course') ||
  hasCapability(user.capabilities, 'manage_course_attendees');
const canUseDocuments = (user: CurrentUserResponse) =>
  hasCapability(user.capabilities, 'document_repository');
const documentsLink = (): MenuLink => ({
  label: svShell.documents.title,
  href: paths.documents.href(),
});

/** The header's links on wide screens. Only pages that exist are linked. */
export function headerLinks(user: CurrentUserResponse): MenuLink[] {
  const links: MenuLink[] = [{ label: svShell.header.myProfile, href: paths.profile.info.href() }];
  if (canCreate(user)) {
    links.push({ label: svShell.header.createContent, href: paths.createContent.href() });
  }
  if (canUseDocuments(user)) links.push(documentsLink());
  if (user.isAdmin) links.push({ label: svShell.admin.headerLink, href: paths.admin.users.href() });
  return links;
}

/** The profile pages the user may open, with the same conditions as their routes (spec §2). */
export function profileLinks(user: CurrentUserResponse): MenuLink[] {
  const t = svShell.pageTitles;
  const links: MenuLink[] = [{ label: svShell.header.myProfile, href: paths.profile.info.href() }];
  if (isTeacher(user)) links.push({ label: t.myGroups, href: paths.profile.myGroups.href() });
  if (isTeacher(user) || hasRole(user, 'role_employee')) {
    links.push({ label: t.mySchools, href: paths.profile.mySchools.href() });
  }
  if (hasCapability(user.capabilities, 'set_intrest_unit')) {
    links.push({ label: t.interests, href: paths.profile.interests.href() });
  }
  if (isTeacher(user)) links.push({ label: t.favorites, href: paths.profile.favorites.href() });
  if (canCreate(user)) {
    links.push({ label: t.groupTemplates, href: paths.profile.groupTemplates.href() });
  }
  links.push({ label: t.profileTools, href: paths.profile.tools.href() });
  if (hasCapability(user.capabilities, 'book_course') || canOrganiseCourses(user)) {
    links.push({ label: svShell.courses.titles.myCourses, href: paths.profile.myCourses.href() });
  }
  if (canUseDocuments(user)) links.push(documentsLink());
  if (
    hasCapability(user.capabilities, 'get_all_links') &&
    (user.isAdmin || user.isSchoolResponsible)
  ) {
    links.push({ label: t.adminTools, href: paths.admin.tools.href() });
  }
  return links;
}
