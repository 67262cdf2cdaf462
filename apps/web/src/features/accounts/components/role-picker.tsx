import ExpandMore from '@mui/icons-material/ExpandMore';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { mainRoleOf, sv, type RelatedAccount } from '@skolportalen/shared';
import { useId, useState, type MouseEvent } from 'react';
import { accountsWithRoleCategory, useRelatedAccounts } from '../api/related-accounts';
import { useSwitchAccount } from '../api/switch-account';
import { RoleIcon } from './role-icon';

function roleNameOf(account: RelatedAccount): string {
  const category = account.categories.find((c) => c.type === 'role');
  if (category) return category.name;
  const key = mainRoleOf(account);
  return key ? sv.roles[key] : '';
}

/**
 * "Välj Roll" (spec §2): lists the person's accounts that have a role category,
 * shown only when there is more than one; the account in use is disabled.
 */
export function RolePicker({ compact = false }: { compact?: boolean }) {
  const { data: accounts = [] } = useRelatedAccounts();
  const switchAccount = useSwitchAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();

  const choices = accountsWithRoleCategory(accounts);
  if (choices.length <= 1) return null;

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const close = () => setAnchor(null);
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
        <IconButton {...triggerProps} aria-label={sv.header.rolePicker}>
          {current ? <RoleIcon account={current} /> : <SwapHoriz />}
        </IconButton>
      ) : (
        <Button
          {...triggerProps}
          startIcon={current ? <RoleIcon account={current} /> : <SwapHoriz />}
          endIcon={<ExpandMore />}
        >
          {sv.header.rolePicker}
        </Button>
      )}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {choices.map((account) => {
          const role = roleNameOf(account);
          return (
            <MenuItem
              key={account.id}
              disabled={account.current || switchAccount.isPending}
              aria-current={account.current ? 'true' : undefined}
              onClick={() => {
                close();
                switchAccount.mutate(account.id);
              }}
            >
              <ListItemIcon>
                <RoleIcon account={account} fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={account.name}
                secondary={account.current ? `${role} ${sv.header.currentRole}` : role}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
