import { blocksInCommit, ContentBlocks } from '@/features/content/blocks/content-blocks';
import { courseContentFrame } from '@/features/courses/components/course-content-frame';
import { CoursePage as CourseWithBooking } from '@/features/courses/routes/course-route';

/**
 * A course at /kurs/{slug}: what it is about, drawn by the content feature
 * with its pictures sized for the course's column, then its booking.
 */
export default function CoursePage() {
  return (
    <CourseWithBooking
      renderContent={(course, whole) =>
        course.content.length > 0 ? (
          <ContentBlocks
            blocks={blocksInCommit(course.content, whole)}
            media={course.usedMedia}
            frame={courseContentFrame}
          />
        ) : null
      }
    />
  );
}
