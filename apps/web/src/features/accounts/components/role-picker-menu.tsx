import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { mainRoleOf, sv, type RelatedAccount } from '@skolportalen/shared';
import { useSwitchAccount } from '../api/switch-account';
import { RoleIcon } from './role-icon';

function roleNameOf(account: RelatedAccount): string {
  const category = account.categories.find((c) => c.type === 'role');
  if (category) return category.name;
  const key = mainRoleOf(account);
  return key ? sv.roles[key] : '';
}

/** The role picker's menu: one item per account, the one in use disabled. */
export function RolePickerMenu({
  open,
  anchor,
  onClose,
  menuId,
  buttonId,
  choices,
}: {
  open: boolean;
  anchor: HTMLElement | null;
  onClose: () => void;
  menuId: string;
  buttonId: string;
  choices: RelatedAccount[];
}) {
  const switchAccount = useSwitchAccount();
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={open}
      onClose={onClose}
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
              onClose();
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
  );
}
