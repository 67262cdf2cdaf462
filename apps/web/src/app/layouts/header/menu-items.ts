import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AppsOutlined from '@mui/icons-material/AppsOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import StarOutline from '@mui/icons-material/StarOutline';
import type { SvgIconComponent } from '@mui/icons-material';
import { hasCapability, hasRole, sv, type CurrentUserResponse } from '@skolportalen/shared';
import type { ComponentType } from 'react';
import { FavoritesPanel } from '@/features/favorites/components/favorites-button';
import { ToolsPanel } from '@/features/tools/components/tools-section';
import { paths } from '@/lib/paths';

export interface MenuLink {
  label: string;
  href: string;
}

export interface MobileMenuTab {
  id: string;
  label: string;
  Icon: SvgIconComponent;
  links: MenuLink[];
  /** A tab showing content of its own (favourites, tools) instead of links. */
  Panel?: ComponentType<{ onNavigate: () => void }>;
}

const canCreate = (user: CurrentUserResponse) => hasCapability(user.capabilities, 'create_post');
const isTeacher = (user: CurrentUserResponse) => hasRole(user, 'role_teacher');
const canOrganiseCourses = (user: CurrentUserResponse) =>
  hasCapability(user.capabilities, 'create_course') ||
  hasCapability(user.capabilities, 'manage_course_attendees');
const canUseDocuments = (user: CurrentUserResponse) =>
  hasCapability(user.capabilities, 'document_repository');
const documentsLink = (): MenuLink => ({ label: sv.documents.title, href: paths.documents.href() });

/** The header's links on wide screens. Only pages that exist are linked. */
export function headerLinks(user: CurrentUserResponse): MenuLink[] {
  const links: MenuLink[] = [{ label: sv.header.myProfile, href: paths.profile.info.href() }];
  if (canCreate(user)) {
    links.push({ label: sv.header.createContent, href: paths.createContent.href() });
  }
  if (canUseDocuments(user)) links.push(documentsLink());
  if (user.isAdmin) links.push({ label: sv.admin.headerLink, href: paths.admin.users.href() });
  return links;
}

/** The profile pages the user may open, with the same conditions as their routes (spec §2). */
export function profileLinks(user: CurrentUserResponse): MenuLink[] {
  const t = sv.pageTitles;
  const links: MenuLink[] = [{ label: sv.header.myProfile, href: paths.profile.info.href() }];
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
    links.push({ label: sv.courses.titles.myCourses, href: paths.profile.myCourses.href() });
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

/** The mobile menu's tabs (spec §2): profile, favourites (teachers), create, tools. */
export function mobileMenuTabs(user: CurrentUserResponse): MobileMenuTab[] {
  const tabs: MobileMenuTab[] = [
    {
      id: 'profile',
      label: sv.header.profile,
      Icon: AccountCircleOutlined,
      links: profileLinks(user),
    },
  ];
  if (isTeacher(user)) {
    tabs.push({
      id: 'favorites',
      label: sv.header.favorites,
      Icon: StarOutline,
      links: [],
      Panel: FavoritesPanel,
    });
  }
  if (canCreate(user)) {
    tabs.push({
      id: 'create',
      label: sv.header.create,
      Icon: EditNoteOutlined,
      links: [{ label: sv.header.createContent, href: paths.createContent.href() }],
    });
  }
  tabs.push({
    id: 'tools',
    label: sv.header.tools,
    Icon: AppsOutlined,
    links: [],
    Panel: ToolsPanel,
  });
  return tabs;
}
