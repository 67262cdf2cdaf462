import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  isProtectedMarking,
  limits,
  securityMarkings,
  sv,
  type SecurityMarking,
  type UserDetailResponse,
} from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';
import { useUpdateUser } from '../api/update-user';
import { useFieldErrors } from './field-errors';

const t = sv.admin.users;

/**
 * The population register's mark (decision 0039). It comes with the SS 12000
 * import; an administrator with the right to see protected people may set or
 * clear it by hand, always with a reason the audit log keeps.
 */
export function UserSecurityMarkingSection({
  user,
  onSaved,
}: {
  user: UserDetailResponse;
  onSaved: (message: string) => void;
}) {
  const [marking, setMarking] = useState<SecurityMarking>(user.securityMarking);
  const [reason, setReason] = useState('');
  const update = useUpdateUser();
  const { errors, report, clear } = useFieldErrors();

  const current = isProtectedMarking(user.securityMarking)
    ? user.securityMarking
    : t.securityMarkingNone;
  if (!user.can.securityMarking) {
    return (
      <Typography>
        <strong>{`${t.securityMarkingLabel}: `}</strong>
        {current}
      </Typography>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: user.id, securityMarking: marking, securityMarkingReason: reason },
      {
        onSuccess: () => {
          clear();
          setReason('');
          onSaved(t.securityMarkingSaved);
        },
        onError: report,
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t.securityMarkingIntro}
      </Typography>
      <TextField
        select
        label={t.securityMarkingLabel}
        value={marking}
        onChange={(event) => setMarking(event.target.value as SecurityMarking)}
        error={Boolean(errors.securityMarking)}
        helperText={errors.securityMarking}
        sx={{ maxWidth: 320 }}
      >
        {securityMarkings.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t.securityMarkingReason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(errors.securityMarkingReason)}
        helperText={errors.securityMarkingReason ?? t.securityMarkingReasonHelp}
        slotProps={{ htmlInput: { maxLength: limits.securityMarkingReasonMax } }}
        required
        multiline
        minRows={2}
      />
      <div>
        <Button
          type="submit"
          variant="contained"
          disabled={update.isPending || marking === user.securityMarking}
        >
          {update.isPending ? sv.admin.common.saving : t.securityMarkingSave}
        </Button>
      </div>
    </Stack>
  );
}
