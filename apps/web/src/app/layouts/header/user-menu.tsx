import AccountCircle from '@mui/icons-material/AccountCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { format, hasCapability, svShell, type CurrentUserResponse } from '@skolportalen/shared';
import { useId, useState, type MouseEvent } from 'react';
import { lazyOverlay } from '@/lib/lazy-overlay';

const UserMenuList = lazyOverlay(() =>
  import('./user-menu-list').then((module) => module.UserMenuList),
);
const ActAsDialog = lazyOverlay(() =>
  import('@/features/accounts/components/act-as-dialog').then((module) => module.ActAsDialog),
);

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
  const buttonId = useId();
  const menuId = useId();
  const label = format(svShell.header.userMenu, { name: user.name });
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
      <UserMenuList
        user={user}
        compact={compact}
        open={Boolean(anchor)}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        menuId={menuId}
        buttonId={buttonId}
        onActAs={mayActAs ? () => setActingAs(true) : undefined}
      />
      {mayActAs ? <ActAsDialog open={actingAs} onClose={() => setActingAs(false)} /> : null}
    </>
  );
}
