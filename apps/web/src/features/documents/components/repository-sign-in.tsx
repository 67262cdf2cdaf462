import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useRepositorySignIn } from '../api/sign-in';

const t = sv.documents;

/**
 * The repository's own sign-in (an Alfresco server without a service
 * account): user name and password go once to POST /token and are not kept.
 */
export function RepositorySignIn({ reason }: { reason: string }) {
  const headingId = useId();
  const signIn = useRepositorySignIn();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const fieldErrors = isApiError(signIn.error) ? signIn.error.fieldErrors : {};
  const formError =
    signIn.error && !fieldErrors.userId && !fieldErrors.password ? signIn.error.message : null;

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ maxWidth: 480 }}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {t.signIn.heading}
        </Typography>
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {reason}
        </Alert>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t.signIn.intro}
        </Typography>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            signIn.mutate({ userId: userId.trim(), password });
          }}
        >
          <TextField
            label={t.signIn.username}
            autoComplete="username"
            required
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            error={Boolean(fieldErrors.userId)}
            helperText={fieldErrors.userId}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <TextField
            label={t.signIn.password}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <Button
            type="submit"
            variant="contained"
            disabled={signIn.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {signIn.isPending ? t.signIn.submitting : t.signIn.submit}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
