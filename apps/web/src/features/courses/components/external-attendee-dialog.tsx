import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  courseLimits,
  externalAttendeeInput,
  limits,
  sv,
  type AttendeeQuestion,
} from '@skolportalen/shared';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useAddExternalAttendee } from '../api/booking';
import { AttendeeQuestions, emptyAnswers, missingAnswers } from './attendee-questions';

const t = sv.courses.organiser;

/** An organiser adds someone without an account; the same schema as the server checks the fields. */
export function ExternalAttendeeDialog({
  courseId,
  questions,
  open,
  onClose,
  onAdded,
}: {
  courseId: number;
  questions: readonly AttendeeQuestion[];
  open: boolean;
  onClose: () => void;
  onAdded: (name: string) => void;
}) {
  const titleId = useId();
  const add = useAddExternalAttendee(courseId);
  const [values, setValues] = useState({ name: '', email: '', organisation: '' });
  const [answers, setAnswers] = useState(() => emptyAnswers(questions));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, answers };
    const parsed = externalAttendeeInput.safeParse(body);
    const problems: Record<string, string> = { ...missingAnswers(questions, answers) };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    add.mutate(body, {
      onSuccess: (attendee) => {
        setValues({ name: '', email: '', organisation: '' });
        setAnswers(emptyAnswers(questions));
        onAdded(attendee.name);
      },
      onError: (error) => setErrors(isApiError(error) ? error.fieldErrors : {}),
    });
  };

  const field = (key: keyof typeof values, label: string, max: number, required: boolean) => (
    <TextField
      label={label}
      value={values[key]}
      onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
      error={errors[key] !== undefined}
      helperText={errors[key]}
      required={required}
      type={key === 'email' ? 'email' : 'text'}
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: max } }}
      fullWidth
    />
  );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t.addExternal}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {add.error && isApiError(add.error) && !add.error.body?.errors?.length ? (
              <Alert severity="error">{add.error.message}</Alert>
            ) : null}
            {field('name', t.externalName, courseLimits.externalNameMax, true)}
            {field('email', t.externalEmail, limits.emailMax, true)}
            {field('organisation', t.externalOrganisation, courseLimits.organisationMax, false)}
            <AttendeeQuestions
              questions={questions}
              answers={answers}
              errors={errors}
              onChange={setAnswers}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {t.add}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
