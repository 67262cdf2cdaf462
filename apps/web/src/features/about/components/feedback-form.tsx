import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  feedbackMessageMax,
  feedbackRequest,
  format,
  sv,
  type FeedbackRequest,
} from '@skolportalen/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useSendFeedback } from '../api/feedback';

type Field = 'message' | 'email';
const t = sv.about.feedbackForm;

/**
 * The accessibility statement's feedback function: plain fields with
 * visible labels, errors tied to their fields and announced, and a status
 * message once sent. Works without signing in.
 */
export function FeedbackForm() {
  const [values, setValues] = useState({ message: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendFeedback();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const messageHelpId = useId();
  const emailHelpId = useId();

  const serverErrors = isApiError(send.error) ? send.error.fieldErrors : {};
  const errorFor = (field: Field) => errors[field] ?? serverErrors[field];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input: FeedbackRequest = {
      ...values,
      pageUrl: document.referrer ? new URL(document.referrer).pathname : '',
    };
    const result = feedbackRequest.safeParse(input);
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if (field === 'message' || field === 'email') found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (['message', 'email'] as const).find((field) => found[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    send.mutate(result.data, { onSuccess: () => setValues({ message: '', email: '' }) });
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} sx={{ maxWidth: 640 }}>
      <div role="status" aria-live="polite">
        {send.isSuccess ? <Alert severity="success">{t.sent}</Alert> : null}
      </div>
      {send.isError && !Object.keys(serverErrors).length ? (
        <Alert severity="error">
          {isApiError(send.error) ? send.error.message : sv.errors.network}
        </Alert>
      ) : null}
      <TextField
        id="feedback-message"
        label={t.message}
        value={values.message}
        onChange={(event) => setValues((current) => ({ ...current, message: event.target.value }))}
        multiline
        minRows={4}
        required
        error={Boolean(errorFor('message'))}
        helperText={errorFor('message') ?? format(t.messageHelp, { n: feedbackMessageMax })}
        inputRef={(element: HTMLTextAreaElement | null) => {
          inputs.current.message = element;
        }}
        slotProps={{
          formHelperText: { id: messageHelpId },
          htmlInput: { 'aria-describedby': messageHelpId },
        }}
      />
      <TextField
        id="feedback-email"
        label={t.email}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        error={Boolean(errorFor('email'))}
        helperText={errorFor('email') ?? t.emailHelp}
        inputRef={(element: HTMLInputElement | null) => {
          inputs.current.email = element;
        }}
        slotProps={{
          formHelperText: { id: emailHelpId },
          htmlInput: { 'aria-describedby': emailHelpId },
        }}
      />
      <div>
        <Button type="submit" variant="contained" disabled={send.isPending}>
          {t.submit}
        </Button>
      </div>
    </Stack>
  );
}
