import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { courseDateTime, format, svShell, type CourseResponse } from '@skolportalen/shared';
import { courseTexts } from '@skolportalen/shared/texts/courses';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { useBookCourse, useCancelBooking } from '../api/booking';
import { AttendeeQuestions, emptyAnswers, missingAnswers } from './attendee-questions';

const t = courseTexts.page;

// Asked only when someone cancels a booking: its code loads then, not with the course page.
const ConfirmDialog = lazyOverlay(() =>
  import('./confirm-dialog').then((module) => module.ConfirmDialog),
);

type Notice = 'booked' | 'cancelled' | null;

const closedText = {
  'not-published': t.closedNotPublished,
  'not-bookable': t.closedNotBookable,
  started: t.closedStarted,
  'no-right': t.noBookRight,
} as const;

/** Where the user stands on the course, in words. */
function bookingStatusText(booking: NonNullable<CourseResponse['booking']['myBooking']>) {
  switch (booking.status) {
    case 'approved':
      return t.booked;
    case 'pending':
      return t.pendingInfo;
    case 'reserve':
      return format(t.yourReservePosition, { n: booking.reservePosition ?? 1 });
  }
}

/**
 * Book, join the reserve list, or cancel — with the organiser's questions.
 * The server's flags decide what is offered; its refusals are shown in place.
 */
export function BookingPanel({ course, userId }: { course: CourseResponse; userId: number }) {
  const { booking } = course;
  const questions = course.course?.attendeeInformation ?? [];
  const headingId = useId();
  const book = useBookCourse(course.id);
  const cancel = useCancelBooking(course.id);
  const [answers, setAnswers] = useState(() => emptyAnswers(questions));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped when answers are refused: the focus then goes to the first of them.
  const [refused, setRefused] = useState(0);
  const mine = booking.myBooking;

  useEffect(() => {
    if (notice) statusRef.current?.focus();
  }, [notice, mine?.status]);

  useEffect(() => {
    if (refused) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  const refuse = (errors: Record<string, string>) => {
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) setRefused((count) => count + 1);
  };

  const onBook = (event: FormEvent) => {
    event.preventDefault();
    if (book.isPending) return;
    const missing = missingAnswers(questions, answers);
    refuse(missing);
    if (Object.keys(missing).length > 0) return;
    book.mutate(
      { userId, body: { answers } },
      {
        onSuccess: () => setNotice('booked'),
        onError: (error) => refuse(isApiError(error) ? error.fieldErrors : {}),
      },
    );
  };

  const onCancel = () => {
    setConfirming(false);
    cancel.mutate(String(mine?.key ?? userId), { onSuccess: () => setNotice('cancelled') });
  };

  const failure = book.error ?? cancel.error;
  const failureText = failure
    ? isApiError(failure)
      ? failure.body?.errors?.length
        ? svShell.errors.validation
        : failure.message
      : svShell.errors.network
    : null;

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {t.bookHeading}
        </Typography>
        <Stack spacing={2}>
          {failureText ? <Alert severity="error">{failureText}</Alert> : null}
          {mine ? (
            <Alert
              ref={statusRef}
              tabIndex={-1}
              severity={mine.status === 'approved' ? 'success' : 'info'}
              role="status"
            >
              <strong>
                {format(t.yourStatus, { status: courseTexts.attendeeStatuses[mine.status] })}
              </strong>
              <br />
              {bookingStatusText(mine)}
            </Alert>
          ) : notice === 'cancelled' ? (
            <Alert ref={statusRef} tabIndex={-1} severity="success" role="status">
              {t.cancelled}
            </Alert>
          ) : null}

          {mine && mine.answers.some((answer) => answer.answer !== '') ? (
            <div>
              <Typography variant="subtitle2" component="p">
                {t.yourAnswers}
              </Typography>
              <Box component="dl" sx={{ m: 0 }}>
                {mine.answers
                  .filter((answer) => answer.answer !== '')
                  .map((answer) => (
                    <Box key={answer.question} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
                        {answer.question}:
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                        {answer.answer}
                      </Typography>
                    </Box>
                  ))}
              </Box>
            </div>
          ) : null}
          {mine && booking.can.cancel ? (
            <>
              {mine.status !== 'reserve' && booking.cancellationDeadline ? (
                <Typography variant="body2">
                  {format(t.cancelUntil, { date: courseDateTime(booking.cancellationDeadline) })}
                </Typography>
              ) : null}
              <div>
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => setConfirming(true)}
                  disabled={cancel.isPending}
                >
                  {t.cancel}
                </Button>
              </div>
            </>
          ) : mine ? (
            <Typography variant="body2">{t.cancelClosed}</Typography>
          ) : null}

          {!mine && booking.can.book ? (
            <Stack ref={formRef} component="form" noValidate onSubmit={onBook} spacing={2}>
              <AttendeeQuestions
                questions={questions}
                answers={answers}
                errors={fieldErrors}
                onChange={setAnswers}
                disabled={book.isPending}
              />
              <div>
                {/* Not `disabled` while sending: that would drop the keyboard focus. */}
                <Button
                  type="submit"
                  variant="contained"
                  aria-disabled={book.isPending || undefined}
                >
                  {booking.isFull ? t.joinReserve : t.book}
                </Button>
              </div>
            </Stack>
          ) : !mine && booking.closedReason ? (
            <Typography>{closedText[booking.closedReason]}</Typography>
          ) : null}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={mine?.status === 'reserve' ? t.cancelConfirmReserve : t.cancelConfirm}
        confirmLabel={t.cancel}
        cancelLabel={t.keep}
        onConfirm={onCancel}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
