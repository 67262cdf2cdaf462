import ExpandMore from '@mui/icons-material/ExpandMore';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { svShell } from '@skolportalen/shared';
import { useId, useState, type MouseEvent } from 'react';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { accountsWithRoleCategory, useRelatedAccounts } from '../api/related-accounts';
import { RoleIcon } from './role-icon';

const RolePickerMenu = lazyOverlay(() =>
  import('./role-picker-menu').then((module) => module.RolePickerMenu),
);

/**
 * "Välj Roll" (spec §2): lists the person's accounts that have a role category,
 * shown only when there is more than one; the account in use is disabled.
 */
export function RolePicker({ compact = false }: { compact?: boolean }) {
  const { data: accounts = [] } = useRelatedAccounts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();

  const choices = accountsWithRoleCategory(accounts);
  if (choices.length <= 1) return null;

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const current = choices.find((account) => account.current);
  const triggerProps = {
    id: buttonId,
    onClick: open,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor ? true : undefined,
    'aria-controls': anchor ? menuId : undefined,
    color: 'inherit' as const,
  };

  return (
    <>
      {compact ? (
        <IconButton {...triggerProps} aria-label={svShell.header.rolePicker}>
          {current ? <RoleIcon account={current} /> : <SwapHoriz />}
        </IconButton>
      ) : (
        <Button
          {...triggerProps}
          startIcon={current ? <RoleIcon account={current} /> : <SwapHoriz />}
          endIcon={<ExpandMore />}
        >
          {svShell.header.rolePicker}
        </Button>
      )}
      <RolePickerMenu
        open={Boolean(anchor)}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        menuId={menuId}
        buttonId={buttonId}
        choices={choices}
      />
    </>
  );
}
