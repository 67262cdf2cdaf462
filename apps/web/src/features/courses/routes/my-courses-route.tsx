import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { courseTimeSpan, sv, type CourseListItem } from '@skolportalen/shared';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useCourses, useMyCourses } from '../api/get-course';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { CourseStatusChip, placesText } from '../components/course-facts';

const t = sv.courses.mine;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function CourseLink({ course }: { course: CourseListItem }) {
  return (
    <Link component={RouterLink} to={paths.course.href(course.slug)}>
      {course.title}
    </Link>
  );
}

function MyBookings({ courses }: { courses: CourseListItem[] }) {
  if (courses.length === 0) return <Typography>{t.empty}</Typography>;
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t.course}</TableCell>
            <TableCell>{t.when}</TableCell>
            <TableCell>{t.status}</TableCell>
            <TableCell>{t.courseStatus}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {courses.map((course) => {
            const mine = course.booking.myBooking;
            return (
              <TableRow key={course.id}>
                <TableCell component="th" scope="row">
                  <CourseLink course={course} />
                </TableCell>
                <TableCell>
                  {courseTimeSpan(course.course?.startDate, course.course?.endDate)}
                </TableCell>
                <TableCell>
                  {mine ? (
                    <Chip
                      size="small"
                      color={mine.status === 'approved' ? 'success' : 'default'}
                      label={
                        mine.status === 'reserve' && mine.reservePosition
                          ? `${sv.courses.attendeeStatuses.reserve} ${mine.reservePosition}`
                          : sv.courses.attendeeStatuses[mine.status]
                      }
                    />
                  ) : null}
                </TableCell>
                <TableCell>
                  <CourseStatusChip status={course.status} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Available({ courses }: { courses: CourseListItem[] }) {
  if (courses.length === 0) return <Typography>{t.availableEmpty}</Typography>;
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {courses.map((course) => (
        <li key={course.id}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            <CourseLink course={course} />
          </Typography>
          <Typography variant="body2">
            {courseTimeSpan(course.course?.startDate, course.course?.endDate)}
            {course.course?.place ? ` · ${course.course.place}` : ''}
          </Typography>
          <Typography variant="body2">{placesText(course.booking)}</Typography>
        </li>
      ))}
    </Stack>
  );
}

/** `/profile/my-courses`: one's bookings with their status, courses open to book, and the calendar link. */
export default function MyCoursesRoute() {
  const mine = useMyCourses();
  const all = useCourses();
  const bookedIds = new Set((mine.data ?? []).map((course) => course.id));
  const available = (all.data ?? []).filter(
    (course) => !bookedIds.has(course.id) && course.booking.can.book,
  );
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <div>
        <PageHeading>{t.title}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      <Section title={t.bookingsHeading}>
        {mine.data ? (
          <MyBookings courses={mine.data} />
        ) : (
          <CircularProgress aria-label={sv.app.loadingBar} />
        )}
      </Section>
      <Section title={t.availableHeading}>
        {all.data ? (
          <Available courses={available} />
        ) : (
          <CircularProgress aria-label={sv.app.loadingBar} />
        )}
      </Section>
      <CalendarFeedCard />
    </Stack>
  );
}
