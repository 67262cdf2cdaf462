import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, layout, sv, type RelatedAccount } from '@skolportalen/shared';
import { useId } from 'react';
import { useSwitchAccount } from '@/features/accounts/api/switch-account';
import { RoleIcon } from '@/features/accounts/components/role-icon';

/** The dialog of the role choice after signing in: one button per account. */
export function RoleChoicePrompt({
  open,
  onClose,
  accounts,
}: {
  open: boolean;
  onClose: () => void;
  accounts: RelatedAccount[];
}) {
  const switchAccount = useSwitchAccount();
  const titleId = useId();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: layout.defaultDialogWidth } } }}
    >
      <DialogTitle id={titleId}>{sv.login.chooseRole}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{sv.login.chooseRoleIntro}</Typography>
        <Stack spacing={1.5}>
          {accounts.map((account) => {
            const role =
              account.categories.find((category) => category.type === 'role')?.name ?? '';
            return (
              <Button
                key={account.id}
                variant={account.current ? 'contained' : 'outlined'}
                size="large"
                startIcon={<RoleIcon account={account} />}
                disabled={switchAccount.isPending}
                onClick={() => (account.current ? onClose() : switchAccount.mutate(account.id))}
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
