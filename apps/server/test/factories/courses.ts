import type { CourseBlock, CourseInput, CourseResponse } from '@skolportalen/shared';
import { courseBody, courseUrl } from '../course-helpers';
import type { TestContext } from '../harness';
import { bearerClientOf } from './sign-in';
import { buildUser, type TestUser, type UserOptions } from './users';

/**
 * Someone who arranges the municipality's in-service courses: a principal
 * (create_course) who may aim at every group, so a course for all staff is
 * hers to write.
 */
export function buildCourseArranger(t: Pick<TestContext, 'db'>, options: UserOptions = {}) {
  return buildUser(t, {
    role: 'role_school_responsible',
    capabilities: { publish_all_groups: true },
    ...options,
  });
}

export interface CourseOptions extends Partial<CourseInput> {
  /** Who arranges it, through the API: it needs the right to write courses. */
  author: TestUser;
  /** The course starts a week after this (default: now). */
  now?: Date;
  /** Fields of the course block: places, dates, questions. */
  course?: Partial<CourseBlock>;
}

/**
 * A bookable course by `author`, a week ahead, aimed at the municipality's
 * teachers and employees (test/course-helpers.ts's `courseBody`).
 */
export async function buildCourse(
  t: Pick<TestContext, 'app' | 'db'>,
  { author, now = new Date(), course = {}, ...values }: CourseOptions,
): Promise<CourseResponse> {
  const call = await bearerClientOf(t, author);
  const response = await call('POST', courseUrl, courseBody(now, values, course));
  if (response.statusCode !== 201) {
    throw new Error(`buildCourse by ${author.username}: ${response.statusCode} ${response.body}`);
  }
  return response.json() as CourseResponse;
}
