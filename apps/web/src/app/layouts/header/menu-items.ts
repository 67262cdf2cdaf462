import { hasRole, svShell, type CurrentUserResponse } from '@skolportalen/shared';
import { paths } from '@/lib/paths';
import { adminEntry, mayOpen, ownLinks, type MenuLink } from '../../navigation/screens';

export type { MenuLink };

export const canCreate = (user: CurrentUserResponse) => mayOpen(user, paths.createContent.path);
export const isTeacher = (user: CurrentUserResponse) => hasRole(user, 'role_teacher');

/** The header's links on wide screens. Only pages that exist and the person may open are linked. */
export function headerLinks(user: CurrentUserResponse): MenuLink[] {
  const links: MenuLink[] = [{ label: svShell.header.myProfile, href: paths.profile.info.href() }];
  if (canCreate(user)) {
    links.push({ label: svShell.header.createContent, href: paths.createContent.href() });
  }
  if (mayOpen(user, paths.documents.path)) {
    links.push({ label: svShell.documents.title, href: paths.documents.href() });
  }
  const admin = adminEntry(user);
  if (admin) links.push(admin);
  return links;
}

/** The user menu's and the mobile menu's own pages: every one the person may open (spec §2). */
export const profileLinks = ownLinks;
