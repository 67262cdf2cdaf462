import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { hasCapability, hasRole, sv, type CurrentUserResponse } from '@skolportalen/shared';
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
}

const canCreate = (user: CurrentUserResponse) => hasCapability(user.capabilities, 'create_post');

/** The header's links on wide screens. Only pages that exist are linked. */
export function headerLinks(user: CurrentUserResponse): MenuLink[] {
  const links: MenuLink[] = [{ label: sv.header.myProfile, href: paths.profile.info.href() }];
  if (canCreate(user)) {
    links.push({ label: sv.header.createContent, href: paths.createContent.href() });
  }
  if (user.isAdmin) links.push({ label: sv.admin.headerLink, href: paths.admin.users.href() });
  return links;
}

/**
 * The mobile menu's tabs (spec §2: profile, favourites, create, tools). A tab is
 * listed once its feature exists and the user may use it; favourites and tools
 * join here when they arrive.
 */
export function mobileMenuTabs(user: CurrentUserResponse): MobileMenuTab[] {
  const profileLinks: MenuLink[] = [
    { label: sv.header.myProfile, href: paths.profile.info.href() },
  ];
  if (hasRole(user, 'role_teacher')) {
    profileLinks.push({ label: sv.pageTitles.myGroups, href: paths.profile.myGroups.href() });
  }
  if (user.isAdmin) {
    profileLinks.push({ label: sv.admin.headerLink, href: paths.admin.users.href() });
  }
  const tabs: MobileMenuTab[] = [
    { id: 'profile', label: sv.header.profile, Icon: AccountCircleOutlined, links: profileLinks },
  ];
  if (canCreate(user)) {
    tabs.push({
      id: 'create',
      label: sv.header.create,
      Icon: EditNoteOutlined,
      links: [{ label: sv.header.createContent, href: paths.createContent.href() }],
    });
  }
  return tabs;
}
