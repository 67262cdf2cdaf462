import { sv } from '../texts/sv';
import type { z } from './zod-sv';

const v = sv.courses.validation;

/** The course part of a post as the post schema parses it (spec §3 course{}). */
export interface CourseFields {
  startDate: string | null;
  endDate: string | null;
  cancellationDate: string | null;
  numberOfAttendees: number;
  attendeeInformation: readonly { title: string }[];
}

/**
 * A course's own rules (issue 6): it starts and ends, ends after it starts,
 * the cancellation deadline is not after the start, it has at least one
 * place, and no two questions read the same. Run by the post schema for
 * posts of type course, so the editor and the server agree.
 */
export function checkCourseRules(course: CourseFields | null, ctx: z.RefinementCtx) {
  if (course === null) {
    ctx.addIssue({ code: 'custom', message: v.courseRequired, path: ['course'] });
    return;
  }
  const at = (field: string) => ['course', field];
  const start = course.startDate === null ? null : Date.parse(course.startDate);
  const end = course.endDate === null ? null : Date.parse(course.endDate);
  if (start === null)
    ctx.addIssue({ code: 'custom', message: v.startRequired, path: at('startDate') });
  if (end === null) ctx.addIssue({ code: 'custom', message: v.endRequired, path: at('endDate') });
  if (start !== null && end !== null && end <= start) {
    ctx.addIssue({ code: 'custom', message: v.endBeforeStart, path: at('endDate') });
  }
  if (start !== null && course.cancellationDate !== null) {
    if (Date.parse(course.cancellationDate) > start) {
      ctx.addIssue({
        code: 'custom',
        message: v.cancellationAfterStart,
        path: at('cancellationDate'),
      });
    }
  }
  if (course.numberOfAttendees < 1) {
    ctx.addIssue({ code: 'custom', message: v.capacityMin, path: at('numberOfAttendees') });
  }
  const seen = new Set<string>();
  course.attendeeInformation.forEach((question, index) => {
    const key = question.title.trim().toLowerCase();
    if (seen.has(key)) {
      ctx.addIssue({
        code: 'custom',
        message: v.duplicateQuestion,
        path: ['course', 'attendeeInformation', index, 'title'],
      });
    }
    seen.add(key);
  });
}
