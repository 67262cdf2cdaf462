import Logout from '@mui/icons-material/Logout';
import PersonOff from '@mui/icons-material/PersonOff';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { sv, type CurrentUserResponse } from '@skolportalen/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useUnmask } from '@/features/accounts/api/unmask';
import { logout } from '@/features/auth/api/logout';
import { LinkBehavior } from '@/components/link-behavior';
import { profileLinks } from './menu-items';

/** The user menu's items: the profile pages, unmask or act as, and "Logga ut". */
export function UserMenuList({
  user,
  compact,
  open,
  anchor,
  onClose,
  menuId,
  buttonId,
  onActAs,
}: {
  user: CurrentUserResponse;
  compact: boolean;
  open: boolean;
  anchor: HTMLElement | null;
  onClose: () => void;
  menuId: string;
  buttonId: string;
  /** Present when the user may act as someone else. */
  onActAs?: () => void;
}) {
  const queryClient = useQueryClient();
  const unmask = useUnmask();

  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {compact ? <ListSubheader>{user.name}</ListSubheader> : null}
      {profileLinks(user).map((link) => (
        <MenuItem key={link.href} component={LinkBehavior} href={link.href} onClick={onClose}>
          <ListItemText>{link.label}</ListItemText>
        </MenuItem>
      ))}
      <Divider />
      {user.masked ? (
        <MenuItem
          disabled={unmask.isPending}
          onClick={() => {
            onClose();
            unmask.mutate();
          }}
        >
          <ListItemIcon>
            <PersonOff fontSize="small" />
          </ListItemIcon>
          <ListItemText lang="en">{sv.header.unmask}</ListItemText>
        </MenuItem>
      ) : null}
      {onActAs ? (
        <MenuItem
          onClick={() => {
            onClose();
            onActAs();
          }}
        >
          <ListItemIcon>
            <SupervisorAccount fontSize="small" />
          </ListItemIcon>
          <ListItemText>{sv.masking.menuItem}</ListItemText>
        </MenuItem>
      ) : null}
      <MenuItem
        onClick={() => {
          onClose();
          logout(queryClient);
        }}
      >
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        <ListItemText>{sv.header.logout}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
