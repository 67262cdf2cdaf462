import type { CourseBlock, CourseInput, CourseResponse } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { roles, userRoles, users } from '../src/db/schema';
import { issueToken } from '../src/identity/token.repo';
import type { TestContext } from './harness';
import { roleCategory, type Client } from './tools-helpers';

export { clientFor, nodeIdByName, roleCategory, type Client } from './tools-helpers';

export const courseUrl = '/api/core/v1/course';
const hour = 60 * 60 * 1000;
const day = 24 * hour;

/**
 * A valid course aimed at the municipality's teachers and employees, a week
 * from `now`, three hours long, ten places.
 */
export function courseBody(
  now: Date,
  overrides: Partial<CourseInput> = {},
  course: Partial<CourseBlock> = {},
): CourseInput {
  const start = new Date(now.getTime() + 7 * day);
  return {
    type: 'course',
    title: 'Provkurs',
    excerpt: 'En kurs som bara finns i testerna.',
    nodeIds: [1],
    categoryIds: [roleCategory.teacher, roleCategory.employee],
    courseDate: start.toISOString().slice(0, 10),
    course: {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3 * hour).toISOString(),
      cancellationDate: new Date(start.getTime() - 2 * day).toISOString(),
      place: 'Stadshuset, sal 2',
      numberOfAttendees: 10,
      bookable: true,
      attendeeInformation: [],
      ...course,
    },
    ...overrides,
  };
}

export async function createCourse(
  client: Client,
  now: Date,
  overrides: Partial<CourseInput> = {},
  course: Partial<CourseBlock> = {},
) {
  const response = await client('POST', courseUrl, courseBody(now, overrides, course));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CourseResponse;
}

export async function getCourse(client: Client, key: string | number) {
  const response = await client('GET', `${courseUrl}/${key}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CourseResponse;
}

export const attendeeUrl = (courseId: number, userKey: string | number) =>
  `${courseUrl}/${courseId}/attendee/${userKey}`;

export interface TestEmployee {
  id: number;
  call: Client;
}

/**
 * Fresh employees with a bearer token each (no sign-in round trips), for
 * tests that need many bookers.
 */
export async function createEmployees(t: TestContext, count: number, prefix = 'anstalld') {
  const [role] = await t.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.key, 'role_employee'));
  const created: TestEmployee[] = [];
  for (let n = 1; n <= count; n += 1) {
    const [user] = await t.db
      .insert(users)
      .values({
        uid: `${prefix}-${n}`,
        username: `${prefix}.${n}`,
        firstName: 'Anställd',
        lastName: `${prefix} ${n}`,
        email: `${prefix}.${n}@exempelby.se`,
      })
      .returning({ id: users.id });
    await t.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
    const { secret } = await issueToken(t.db, { userId: user!.id, type: 'api' });
    const call: Client = (method, url, payload) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${secret}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    created.push({ id: user!.id, call });
  }
  return created;
}

export async function userIdOf(t: TestContext, username: string) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}
