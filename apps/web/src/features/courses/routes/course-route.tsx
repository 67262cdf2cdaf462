import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, svShell, type CourseResponse } from '@skolportalen/shared';
import { courseTexts } from '@skolportalen/shared/texts/courses';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useCurrentUser } from '@/lib/current-user';
import { useSecondCommit } from '@/lib/second-commit';
import { useCourse } from '../api/get-course';
import { BookingPanel } from '../components/booking-panel';
import { CourseFacts } from '../components/course-facts';

// The attendee list and its tools are for the course's organisers: loaded only for them.
const OrganiserPanel = lazy(() =>
  import('../components/organiser-panel').then((module) => ({ default: module.OrganiserPanel })),
);

export interface CoursePageProps {
  /**
   * The course's page-builder content, drawn by the content feature (composed in src/app):
   * its first part in the page's first commit, all of it once `whole` (lib/second-commit.ts).
   */
  renderContent?: (course: CourseResponse, whole: boolean) => ReactNode;
}

/**
 * `/kurs/{slug}`: the course, when and where, the places left, booking with
 * the organiser's questions, "Lägg till i kalender", and for organisers the
 * attendees.
 */
export function CoursePage({ renderContent }: CoursePageProps) {
  const { slug = '' } = useParams();
  const course = useCourse(slug);
  const user = useCurrentUser();
  // The booking and the organiser's panel come in a second commit, with the rest of the content.
  const whole = useSecondCommit();

  useEffect(() => {
    if (course.data) document.title = format(svShell.documentTitle, { page: course.data.title });
  }, [course.data]);

  if (!course.data || !user.data) {
    return <CircularProgress aria-label={svShell.app.loadingBar} />;
  }
  const data = course.data;
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="overline" component="p">
          {courseTexts.titles.course}
        </Typography>
        <PageHeading>{data.title}</PageHeading>
        {data.excerpt ? (
          <Typography variant="body1" sx={{ fontSize: '1.15rem', maxWidth: 820 }}>
            {data.excerpt}
          </Typography>
        ) : null}
      </div>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7, lg: 8 }} sx={{ order: { xs: 2, md: 1 } }}>
          <Stack spacing={3}>
            {renderContent?.(data, whole) ?? null}
            {whole ? <BookingPanel course={data} userId={user.data.id} /> : null}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ order: { xs: 1, md: 2 } }}>
          <CourseFacts course={data} />
        </Grid>
      </Grid>
      {whole && data.booking.can.manage && data.attendees ? (
        <Suspense fallback={null}>
          <OrganiserPanel course={data} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

export default function CourseRoute() {
  return <CoursePage />;
}
