import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, layout, sessionStorageKeys, sv } from '@skolportalen/shared';
import { useEffect, useId, useState } from 'react';
import {
  accountsWithRoleCategory,
  useRelatedAccounts,
} from '@/features/accounts/api/related-accounts';
import { useSwitchAccount } from '@/features/accounts/api/switch-account';
import { RoleIcon } from '@/features/accounts/components/role-icon';

/**
 * Spec §6: a person with several accounts (say a teacher who is also a
 * guardian) chooses which one to use right after signing in. Children are
 * not offered here; the role picker reaches them.
 */
export function RoleChoiceDialog() {
  const [asked] = useState(
    () => sessionStorage.getItem(sessionStorageKeys.chooseRoleAfterLogin) !== null,
  );
  // Offered once per sign-in: a reload or the next page does not ask again.
  useEffect(() => sessionStorage.removeItem(sessionStorageKeys.chooseRoleAfterLogin), []);
  const [open, setOpen] = useState(true);
  const related = useRelatedAccounts();
  const switchAccount = useSwitchAccount();
  const titleId = useId();
  const own = accountsWithRoleCategory(related.data ?? []).filter(
    (account) => account.relation !== 'child',
  );
  if (!asked || own.length < 2) return null;

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: layout.defaultDialogWidth } } }}
    >
      <DialogTitle id={titleId}>{sv.login.chooseRole}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{sv.login.chooseRoleIntro}</Typography>
        <Stack spacing={1.5}>
          {own.map((account) => {
            const role =
              account.categories.find((category) => category.type === 'role')?.name ?? '';
            return (
              <Button
                key={account.id}
                variant={account.current ? 'contained' : 'outlined'}
                size="large"
                startIcon={<RoleIcon account={account} />}
                disabled={switchAccount.isPending}
                onClick={() =>
                  account.current ? setOpen(false) : switchAccount.mutate(account.id)
                }
                sx={{ justifyContent: 'flex-start' }}
              >
                {format(sv.login.continueAs, { role: role.toLocaleLowerCase('sv') })}
              </Button>
            );
          })}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
