import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { loginRequest, sv, type LoginRequest } from '@skolportalen/shared';
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';

type Field = keyof LoginRequest;
type FieldErrors = Partial<Record<Field, string>>;

const fields: readonly Field[] = ['username', 'password'];

/** The shared schema's first message per field, the same rule the server applies. */
function validate(values: LoginRequest): { data?: LoginRequest; errors: FieldErrors } {
  const result = loginRequest.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'username' || field === 'password') errors[field] ??= issue.message;
  }
  return { errors };
}

function failureMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return sv.errors.network;
}

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const login = useLogin();

  const serverFieldErrors = isApiError(login.error) ? login.error.fieldErrors : {};
  const errorFor = (field: Field) => errors[field] ?? serverFieldErrors[field];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      const first = fields.find((field) => found[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    login.mutate(data, { onSuccess: onSignedIn });
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={sv.login.form}>
      {login.isError ? (
        <Alert severity="error">
          <AlertTitle>{sv.login.failed}</AlertTitle>
          {failureMessage(login.error)}
        </Alert>
      ) : null}
      <TextField
        id="login-username"
        name="username"
        label={sv.login.username}
        value={values.username}
        onChange={change('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        fullWidth
        error={Boolean(errorFor('username'))}
        helperText={errorFor('username')}
        inputRef={(element: HTMLInputElement | null) => {
          inputs.current.username = element;
        }}
      />
      <TextField
        id="login-password"
        name="password"
        label={sv.login.password}
        type={showPassword ? 'text' : 'password'}
        value={values.password}
        onChange={change('password')}
        autoComplete="current-password"
        required
        fullWidth
        error={Boolean(errorFor('password'))}
        helperText={errorFor('password')}
        inputRef={(element: HTMLInputElement | null) => {
          inputs.current.password = element;
        }}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-label={showPassword ? sv.login.hidePassword : sv.login.showPassword}
                  aria-pressed={showPassword}
                  edge="end"
                >
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
        {login.isPending ? sv.login.submitting : sv.login.submit}
      </Button>
    </Stack>
  );
}
