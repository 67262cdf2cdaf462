import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MailOutline from '@mui/icons-material/MailOutline';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  attendeeStatuses,
  format,
  sv,
  type AttendeeStatus,
  type CourseAttendee,
  type CourseResponse,
} from '@skolportalen/shared';
import { endpointUrl } from '@skolportalen/shared/endpoints/endpoint';
import { courseAttendeeEndpoints } from '@skolportalen/shared/endpoints/courses';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { visuallyHidden } from '@/components/visually-hidden';
import { useCancelBooking, useChangeAttendee } from '../api/booking';
import { ConfirmDialog } from './confirm-dialog';
import { ExternalAttendeeDialog } from './external-attendee-dialog';
import { MessageDialog } from './message-dialog';

const t = sv.courses.organiser;
const statusText = sv.courses.attendeeStatuses;

const booked = new Intl.DateTimeFormat('sv-SE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});

function AttendeeRow({
  attendee,
  onStatus,
  onRemove,
  busy,
}: {
  attendee: CourseAttendee;
  onStatus: (status: AttendeeStatus) => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const answered = attendee.answers.filter((answer) => answer.answer !== '');
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{attendee.name}</span>
          {attendee.external ? <Chip size="small" variant="outlined" label={t.external} /> : null}
        </Stack>
        {attendee.organisation ? (
          <Typography variant="body2" color="text.secondary">
            {attendee.organisation}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{attendee.email ?? ''}</TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={attendee.status}
          onChange={(event) => onStatus(event.target.value as AttendeeStatus)}
          disabled={busy}
          slotProps={{
            htmlInput: { 'aria-label': format(t.changeStatus, { name: attendee.name }) },
            select: {
              inputProps: { 'aria-label': format(t.changeStatus, { name: attendee.name }) },
            },
          }}
          sx={{ minWidth: 130 }}
        >
          {attendeeStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {statusText[status]}
            </MenuItem>
          ))}
        </TextField>
        {attendee.reservePosition !== null ? (
          <Typography variant="body2" color="text.secondary">
            {format(t.reservePosition, { n: attendee.reservePosition })}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        {answered.map((answer) => (
          <Typography key={answer.question} variant="body2">
            <strong>{answer.question}:</strong> {answer.answer}
          </Typography>
        ))}
      </TableCell>
      <TableCell>{booked.format(new Date(attendee.created))}</TableCell>
      <TableCell>
        <IconButton
          aria-label={format(t.remove, { name: attendee.name })}
          onClick={onRemove}
          disabled={busy}
        >
          <DeleteOutline />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

/**
 * The organisers' view (issue 6): every attendee with status changes and
 * removal, the export, external attendees and e-mail to the attendees.
 */
export function OrganiserPanel({ course }: { course: CourseResponse }) {
  const headingId = useId();
  const attendees = course.attendees ?? [];
  const change = useChangeAttendee(course.id);
  const remove = useCancelBooking(course.id);
  const [removing, setRemoving] = useState<CourseAttendee | null>(null);
  const [dialog, setDialog] = useState<'external' | 'message' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const failure = change.error ?? remove.error;

  const onStatus = (attendee: CourseAttendee, next: AttendeeStatus) => {
    change.mutate(
      { key: attendee.key, body: { status: next } },
      {
        onSuccess: (updated) =>
          setStatus(format(t.statusChanged, { name: updated.name, status: statusText[next] })),
      },
    );
  };

  const onRemove = () => {
    const attendee = removing;
    setRemoving(null);
    if (!attendee) return;
    remove.mutate(attendee.key, {
      onSuccess: () => setStatus(format(t.removed, { name: attendee.name })),
    });
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
          >
            <div>
              <Typography id={headingId} component="h2" variant="h6">
                {t.heading}
              </Typography>
              <Typography variant="body2">
                {format(t.summary, {
                  approved: course.booking.approvedCount,
                  pending: course.booking.pendingCount,
                  reserve: course.booking.reserveCount,
                })}
              </Typography>
            </div>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                component="a"
                href={endpointUrl(courseAttendeeEndpoints.exportCsv, { id: course.id })}
                download
                startIcon={<FileDownloadOutlined />}
                variant="outlined"
              >
                {t.export}
              </Button>
              <Button
                startIcon={<PersonAddAlt />}
                variant="outlined"
                onClick={() => setDialog('external')}
              >
                {t.addExternal}
              </Button>
              <Button
                startIcon={<MailOutline />}
                variant="outlined"
                onClick={() => setDialog('message')}
                disabled={attendees.length === 0}
              >
                {t.mailHeading}
              </Button>
            </Stack>
          </Stack>
          <div role="status" aria-live="polite">
            {status ? <Alert severity="success">{status}</Alert> : null}
          </div>
          {failure ? (
            <Alert severity="error">
              {isApiError(failure) ? failure.message : sv.errors.network}
            </Alert>
          ) : null}
          {attendees.length === 0 ? (
            <Typography>{t.empty}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-labelledby={headingId}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t.name}</TableCell>
                    <TableCell>{t.email}</TableCell>
                    <TableCell>{t.status}</TableCell>
                    <TableCell>{t.answers}</TableCell>
                    <TableCell>{t.booked}</TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        {t.actions}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {attendees.map((attendee) => (
                    <AttendeeRow
                      key={attendee.key}
                      attendee={attendee}
                      busy={change.isPending || remove.isPending}
                      onStatus={(next) => onStatus(attendee, next)}
                      onRemove={() => setRemoving(attendee)}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title={format(t.removeConfirm, { name: removing?.name ?? '' })}
        confirmLabel={t.removeButton}
        cancelLabel={t.cancel}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      />
      {dialog === 'external' ? (
        <ExternalAttendeeDialog
          courseId={course.id}
          questions={course.course?.attendeeInformation ?? []}
          open
          onClose={() => setDialog(null)}
          onAdded={(name) => {
            setDialog(null);
            setStatus(format(t.externalAdded, { name }));
          }}
        />
      ) : null}
      {dialog === 'message' ? (
        <MessageDialog
          courseId={course.id}
          open
          onClose={() => setDialog(null)}
          onSent={(text) => {
            setDialog(null);
            setStatus(text);
          }}
        />
      ) : null}
    </Card>
  );
}
