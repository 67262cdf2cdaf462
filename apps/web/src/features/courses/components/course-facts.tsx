import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { courseDateTime, courseTimeSpan, format, type CourseResponse } from '@skolportalen/shared';
import { courseTexts } from '@skolportalen/shared/texts/courses';
import { courseCalendarEndpoints } from '@skolportalen/shared/endpoints/course-calendar';
import { endpointUrl } from '@skolportalen/shared/endpoints/endpoint';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';

const t = courseTexts.page;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="subtitle2">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </div>
  );
}

/** "12 av 20 platser kvar", or "Fullbokad – 3 på reservlistan". */
export function placesText(booking: CourseResponse['booking']): string {
  if (!booking.isFull)
    return format(t.placesLeft, { n: booking.placesLeft, total: booking.capacity });
  return booking.reserveCount > 0
    ? format(t.noPlacesLeft, { reserve: booking.reserveCount })
    : t.full;
}

export function CourseStatusChip({ status }: { status: CourseResponse['status'] }) {
  return (
    <Chip
      size="small"
      label={courseTexts.statuses[status]}
      color={status === 'publish' ? 'primary' : status === 'trash' ? 'error' : 'default'}
      variant={status === 'publish' ? 'filled' : 'outlined'}
    />
  );
}

/** When and where, the places, the cancellation deadline, who arranges it and the calendar file. */
export function CourseFacts({ course }: { course: CourseResponse }) {
  const details = course.course;
  return (
    <Card component="section" aria-label={courseTexts.titles.course}>
      <CardContent>
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          <Fact label={t.when}>{courseTimeSpan(details?.startDate, details?.endDate)}</Fact>
          {details?.place ? <Fact label={t.where}>{details.place}</Fact> : null}
          <Fact label={t.places}>{placesText(course.booking)}</Fact>
          {course.booking.cancellationDeadline ? (
            <Fact label={t.cancellationDeadline}>
              {courseDateTime(course.booking.cancellationDeadline)}
            </Fact>
          ) : null}
          {course.author || course.pseudoAuthor ? (
            <Fact label={t.organiser}>{course.pseudoAuthor ?? course.author?.name}</Fact>
          ) : null}
          <Fact label={t.statusLabel}>
            <CourseStatusChip status={course.status} />
          </Fact>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            component="a"
            href={endpointUrl(courseCalendarEndpoints.courseFile, { id: course.id })}
            download={`${course.slug}.ics`}
            startIcon={<EventOutlined />}
            variant="outlined"
          >
            {t.addToCalendar}
          </Button>
          {course.can.edit ? (
            <Button
              component={RouterLink}
              to={paths.createContent.href(course.id)}
              startIcon={<EditOutlined />}
            >
              {t.edit}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
