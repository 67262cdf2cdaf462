import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  attendeeStatuses,
  courseLimits,
  courseMessageInput,
  format,
  sv,
  type AttendeeStatus,
} from '@skolportalen/shared';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useMessageAttendees } from '../api/booking';

const t = sv.courses.organiser;

/** An organiser writes to the attendees of the chosen statuses. */
export function MessageDialog({
  courseId,
  open,
  onClose,
  onSent,
}: {
  courseId: number;
  open: boolean;
  onClose: () => void;
  onSent: (text: string) => void;
}) {
  const titleId = useId();
  const toId = useId();
  const send = useMessageAttendees(courseId);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [statuses, setStatuses] = useState<AttendeeStatus[]>([...attendeeStatuses]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { subject, text, statuses };
    const parsed = courseMessageInput.safeParse(body);
    if (!parsed.success) {
      const problems: Record<string, string> = {};
      for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
      setErrors(problems);
      return;
    }
    setErrors({});
    send.mutate(body, {
      onSuccess: (result) => {
        setSubject('');
        setText('');
        const parts = [format(t.mailSent, { n: result.sent })];
        if (result.withoutEmail > 0)
          parts.push(format(t.mailWithoutEmail, { n: result.withoutEmail }));
        onSent(parts.join(' '));
      },
      onError: (error) => setErrors(isApiError(error) ? error.fieldErrors : {}),
    });
  };

  const toggle = (status: AttendeeStatus, on: boolean) =>
    setStatuses((current) =>
      on ? [...new Set([...current, status])] : current.filter((item) => item !== status),
    );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t.mailHeading}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {send.error && isApiError(send.error) && !send.error.body?.errors?.length ? (
              <Alert severity="error">{send.error.message}</Alert>
            ) : null}
            <div>
              <FormLabel id={toId}>{t.mailTo}</FormLabel>
              <FormGroup row aria-labelledby={toId}>
                {attendeeStatuses.map((status) => (
                  <FormControlLabel
                    key={status}
                    control={
                      <Checkbox
                        checked={statuses.includes(status)}
                        onChange={(event) => toggle(status, event.target.checked)}
                      />
                    }
                    label={sv.courses.attendeeStatuses[status]}
                  />
                ))}
              </FormGroup>
              {errors.statuses ? <Alert severity="error">{errors.statuses}</Alert> : null}
            </div>
            <TextField
              label={t.mailSubject}
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              error={errors.subject !== undefined}
              helperText={errors.subject}
              required
              slotProps={{ htmlInput: { maxLength: courseLimits.messageSubjectMax } }}
              fullWidth
            />
            <TextField
              label={t.mailText}
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={errors.text !== undefined}
              helperText={errors.text}
              required
              multiline
              minRows={5}
              slotProps={{ htmlInput: { maxLength: courseLimits.messageTextMax } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {t.mailSend}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
