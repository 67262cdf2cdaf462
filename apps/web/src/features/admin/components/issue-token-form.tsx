import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiTokenLifetimeDays, sv } from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';
import { useIssueApiToken } from '../api/change-tokens';
import { useFieldErrors } from './field-errors';

const t = sv.admin.tokens;

/** Issues an API key for one user and shows its secret this once. */
export function IssueTokenForm({ userId }: { userId: number }) {
  const [days, setDays] = useState(String(apiTokenLifetimeDays.default));
  const [secret, setSecret] = useState('');
  const [copied, setCopied] = useState(false);
  const issue = useIssueApiToken();
  const { errors, report, clear } = useFieldErrors();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate(
      { userId, lifetimeDays: Number(days) },
      {
        onSuccess: (answer) => {
          clear();
          setCopied(false);
          setSecret(answer.secret);
        },
        onError: report,
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t.issueIntro}</Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        alignItems="flex-start"
      >
        <TextField
          label={t.lifetimeDays}
          type="number"
          size="small"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={Boolean(errors.lifetimeDays)}
          helperText={errors.lifetimeDays}
          slotProps={{ htmlInput: { min: 1, max: apiTokenLifetimeDays.max } }}
        />
        <Button type="submit" variant="outlined" disabled={issue.isPending}>
          {t.issue}
        </Button>
      </Stack>
      {secret ? (
        <Alert severity="warning" role="none">
          <Typography component="h4" sx={{ fontWeight: 700 }}>
            {t.secretTitle}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t.secretText}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="center">
            <TextField
              label={t.secretLabel}
              value={secret}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            />
            <Button
              variant="contained"
              onClick={() =>
                void navigator.clipboard?.writeText(secret).then(() => setCopied(true))
              }
            >
              {copied ? t.copied : t.copy}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
