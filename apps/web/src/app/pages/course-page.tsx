import { BlockList } from '@/features/content/blocks/block-list';
import { CoursePage as CourseWithBooking } from '@/features/courses/routes/course-route';

/** A course at /kurs/{slug}: what it is about, drawn by the content feature, then its booking. */
export default function CoursePage() {
  return (
    <CourseWithBooking
      renderContent={(course) =>
        course.content.length > 0 ? <BlockList blocks={course.content} /> : null
      }
    />
  );
}
