import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { sv, updateUserRequest, type CurrentUserResponse } from '@skolportalen/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useUpdateUser } from '../api/update-user';

const t = sv.toolsAndProfile.profile;
type Field = 'firstName' | 'lastName' | 'email';
const fields: readonly Field[] = ['firstName', 'lastName', 'email'];

/**
 * Name and e-mail, saved through updateUser (spec §5 User bounds). With
 * `highlightEmail` the e-mail field is marked and takes focus, as the
 * "E-postadress saknas" dialog asks.
 */
export function ProfileForm({
  user,
  highlightEmail,
}: {
  user: CurrentUserResponse;
  highlightEmail: boolean;
}) {
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const update = useUpdateUser();
  const server = isApiError(update.error) ? update.error.fieldErrors : {};
  const errorFor = (field: Field) => errors[field] ?? server[field];

  useEffect(() => {
    if (!highlightEmail) return;
    inputs.current.email?.focus();
    inputs.current.email?.scrollIntoView?.({ block: 'center' });
  }, [highlightEmail]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = updateUserRequest.safeParse({ id: user.id, ...values });
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      const first = fields.find((field) => found[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    update.mutate({ id: user.id, ...values });
  };

  const field = (name: Field, label: string, extra: object = {}) => (
    <TextField
      id={`profile-${name}`}
      name={name}
      label={label}
      required
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
      }}
      error={Boolean(errorFor(name))}
      helperText={errorFor(name) ?? ' '}
      inputRef={(element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      }}
      fullWidth
      {...extra}
    />
  );

  const emailHighlighted = highlightEmail && !user.email;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} aria-label={t.editTitle}>
      {update.isSuccess ? (
        <Alert severity="success" role="status">
          {t.saved}
        </Alert>
      ) : null}
      {update.error && !Object.keys(server).length ? (
        <Alert severity="error">
          {isApiError(update.error) ? update.error.message : sv.errors.network}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('firstName', t.firstName, { autoComplete: 'given-name' })}
        {field('lastName', t.lastName, { autoComplete: 'family-name' })}
      </Stack>
      <Box
        sx={
          emailHighlighted
            ? { outline: '3px solid', outlineColor: 'warning.main', borderRadius: 1, p: 1.5 }
            : undefined
        }
      >
        {emailHighlighted ? (
          <Alert severity="warning" sx={{ mb: 2 }} id="profile-email-hint">
            {t.emailHighlight}
          </Alert>
        ) : null}
        {field('email', t.email, {
          type: 'email',
          autoComplete: 'email',
          // The hint joins the field's own helper text, which carries its error message.
          slotProps: emailHighlighted
            ? {
                htmlInput: { 'aria-describedby': 'profile-email-hint profile-email-helper-text' },
              }
            : undefined,
        })}
      </Box>
      <div>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {update.isPending ? t.saving : t.save}
        </Button>
      </div>
    </Stack>
  );
}
