import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AppsOutlined from '@mui/icons-material/AppsOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import StarOutline from '@mui/icons-material/StarOutline';
import type { SvgIconComponent } from '@mui/icons-material';
import { sv, type CurrentUserResponse } from '@skolportalen/shared';
import type { ComponentType } from 'react';
import { FavoritesPanel } from '@/features/favorites/components/favorites-panel';
import { ToolsPanel } from '@/features/tools/components/tools-section';
import { paths } from '@/lib/paths';
import { canCreate, isTeacher, profileLinks, type MenuLink } from './menu-items';

export interface MobileMenuTab {
  id: string;
  label: string;
  Icon: SvgIconComponent;
  links: MenuLink[];
  /** A tab showing content of its own (favourites, tools) instead of links. */
  Panel?: ComponentType<{ onNavigate: () => void }>;
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
