import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { format, sv, type UserDetailResponse } from '@skolportalen/shared';
import { useId, useState, type FormEvent } from 'react';
import { useDisableUser, useEnableUser } from '../api/change-account-status';
import { useFieldErrors } from './field-errors';

const t = sv.admin.users;
const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'long', timeStyle: 'short' });

/**
 * Whether the account is in use: a disabled one says since when and why, and
 * can be enabled again; one in use can be disabled after a confirmation.
 */
export function UserAccountStatus({
  user,
  onChanged,
}: {
  user: UserDetailResponse;
  onChanged: (message: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const enable = useEnableUser();

  if (user.disabledAt) {
    return (
      <Alert
        severity="warning"
        action={
          user.can.disable ? (
            <Button
              color="inherit"
              size="small"
              disabled={enable.isPending}
              onClick={() =>
                enable.mutate(
                  { id: user.id },
                  { onSuccess: () => onChanged(format(t.enabledDone, { name: user.name })) },
                )
              }
            >
              {t.enable}
            </Button>
          ) : null
        }
      >
        {format(t.disabledSince, { date: dateTime.format(new Date(user.disabledAt)) })}
        {user.disabledReason ? ` ${format(t.disabledReason, { reason: user.disabledReason })}` : ''}
      </Alert>
    );
  }
  if (!user.can.disable) return null;
  return (
    <>
      <Button color="error" variant="outlined" size="small" onClick={() => setAsking(true)}>
        {t.disable}
      </Button>
      <DisableDialog
        user={user}
        open={asking}
        onClose={() => setAsking(false)}
        onDone={() => {
          setAsking(false);
          onChanged(format(t.disabledDone, { name: user.name }));
        }}
      />
    </>
  );
}

function DisableDialog({
  user,
  open,
  onClose,
  onDone,
}: {
  user: UserDetailResponse;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const disable = useDisableUser();
  const { errors, report, clear } = useFieldErrors();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    disable.mutate({ id: user.id, reason }, { onSuccess: onDone, onError: report });
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{format(t.disableTitle, { name: user.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t.disableIntro}</DialogContentText>
          <TextField
            label={t.disableReason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            error={Boolean(errors.reason)}
            helperText={errors.reason ?? `${reason.length}/200`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{sv.admin.common.cancel}</Button>
          <Button type="submit" color="error" variant="contained" disabled={disable.isPending}>
            {t.disableConfirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
