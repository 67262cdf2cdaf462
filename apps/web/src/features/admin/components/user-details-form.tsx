import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { limits, sv, type UserDetailResponse } from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';
import { useUpdateUser } from '../api/update-user';
import { useFieldErrors } from './field-errors';

const t = sv.admin.users;

/** Name and e-mail, with the spec's bounds (§5 "User"). */
export function UserDetailsForm({
  user,
  onSaved,
}: {
  user: UserDetailResponse;
  onSaved: (message: string) => void;
}) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [email, setEmail] = useState(user.email ?? '');
  const update = useUpdateUser();
  const { errors, report, clear } = useFieldErrors();
  const readOnly = !user.can.edit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: user.id, firstName, lastName, email },
      {
        onSuccess: () => {
          clear();
          onSaved(sv.admin.common.changed);
        },
        onError: report,
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t.firstName}
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={Boolean(errors.firstName)}
          helperText={errors.firstName}
          slotProps={{ htmlInput: { maxLength: limits.nameMax } }}
          disabled={readOnly}
          required
          fullWidth
        />
        <TextField
          label={t.lastName}
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={Boolean(errors.lastName)}
          helperText={errors.lastName}
          slotProps={{ htmlInput: { maxLength: limits.nameMax } }}
          disabled={readOnly}
          required
          fullWidth
        />
      </Stack>
      <TextField
        label={t.email}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
        slotProps={{ htmlInput: { maxLength: limits.emailMax } }}
        disabled={readOnly}
        required
      />
      {readOnly ? null : (
        <div>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? sv.admin.common.saving : sv.admin.common.save}
          </Button>
        </div>
      )}
    </Stack>
  );
}
