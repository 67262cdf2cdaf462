import AccountCircle from '@mui/icons-material/AccountCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Logout from '@mui/icons-material/Logout';
import PersonOff from '@mui/icons-material/PersonOff';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { format, hasCapability, sv, type CurrentUserResponse } from '@skolportalen/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type MouseEvent } from 'react';
import { useUnmask } from '@/features/accounts/api/unmask';
import { ActAsDialog } from '@/features/accounts/components/act-as-dialog';
import { logout } from '@/features/auth/api/logout';
import { LinkBehavior } from '@/components/link-behavior';
import { profileLinks } from './menu-items';

/** The signed-in name; "unmask" while masked, and "Logga ut" (spec §2). */
export function UserMenu({
  user,
  compact = false,
}: {
  user: CurrentUserResponse;
  compact?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [actingAs, setActingAs] = useState(false);
  const mayActAs = user.isAdmin && !user.masked && hasCapability(user.capabilities, 'mask_user');
  const queryClient = useQueryClient();
  const unmask = useUnmask();
  const buttonId = useId();
  const menuId = useId();
  const close = () => setAnchor(null);
  const label = format(sv.header.userMenu, { name: user.name });
  const triggerProps = {
    id: buttonId,
    color: 'inherit' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor ? true : undefined,
    'aria-controls': anchor ? menuId : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };

  return (
    <>
      {compact ? (
        <IconButton {...triggerProps} aria-label={label}>
          <AccountCircle />
        </IconButton>
      ) : (
        <Button {...triggerProps} startIcon={<AccountCircle />} endIcon={<ExpandMore />}>
          {user.name}
        </Button>
      )}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {compact ? <ListSubheader>{user.name}</ListSubheader> : null}
        {profileLinks(user).map((link) => (
          <MenuItem key={link.href} component={LinkBehavior} href={link.href} onClick={close}>
            <ListItemText>{link.label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        {user.masked ? (
          <MenuItem
            disabled={unmask.isPending}
            onClick={() => {
              close();
              unmask.mutate();
            }}
          >
            <ListItemIcon>
              <PersonOff fontSize="small" />
            </ListItemIcon>
            <ListItemText lang="en">{sv.header.unmask}</ListItemText>
          </MenuItem>
        ) : null}
        {mayActAs ? (
          <MenuItem
            onClick={() => {
              close();
              setActingAs(true);
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
            close();
            logout(queryClient);
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{sv.header.logout}</ListItemText>
        </MenuItem>
      </Menu>
      {mayActAs ? <ActAsDialog open={actingAs} onClose={() => setActingAs(false)} /> : null}
    </>
  );
}
