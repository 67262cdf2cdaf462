import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourseArranger } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  attendeeUrl,
  clientFor,
  createCourse,
  createEmployees,
  getCourse,
  type TestEmployee,
} from '../../../test/course-helpers';
import { courseAttendees } from '../../db/schema';

/**
 * Issue 6: 50 people booking a course with 10 places at the same moment give
 * exactly 10 booked and 40 on the reserve list, on PGlite and PostgreSQL
 * (TEST_DB=postgres), because the database decides under the course's row lock.
 */
let t: TestContext;
let employees: TestEmployee[];
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  employees = await createEmployees(t, 50, 'samtidig');
}, 120_000);
afterAll(() => t.close());

describe(`places under concurrency (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('50 simultaneous bookings for 10 places: exactly 10 booked, 40 reserves in a gapless queue', async () => {
    const organiser = await clientFor(t, await buildCourseArranger(t));
    const course = await createCourse(organiser, new Date(), { title: 'Samtidig bokning' });

    const responses = await Promise.all(
      employees.map((employee) =>
        employee.call('POST', attendeeUrl(course.id, employee.id), { answers: [] }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(employees.map(() => 201));
    const statuses = responses.map((response) => response.json().status as string);
    expect(statuses.filter((status) => status === 'approved')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'reserve')).toHaveLength(40);

    const rows = await t.db
      .select({ status: courseAttendees.status })
      .from(courseAttendees)
      .where(eq(courseAttendees.postId, course.id));
    expect(rows.filter((row) => row.status === 'approved')).toHaveLength(10);
    expect(rows.filter((row) => row.status === 'reserve')).toHaveLength(40);

    const seen = await getCourse(organiser, course.id);
    expect(seen.booking).toMatchObject({
      capacity: 10,
      approvedCount: 10,
      reserveCount: 40,
      placesLeft: 0,
      isFull: true,
    });
    const positions = seen
      .attendees!.filter((attendee) => attendee.status === 'reserve')
      .map((attendee) => attendee.reservePosition);
    expect(positions).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  }, 120_000);

  it('the same person booking twice at once gets one booking and one refusal', async () => {
    const organiser = await clientFor(t, await buildCourseArranger(t));
    const course = await createCourse(organiser, new Date(), { title: 'Dubbelbokning' });
    const [one] = employees;
    const answers = await Promise.all(
      [1, 2, 3].map(() => one!.call('POST', attendeeUrl(course.id, one!.id), { answers: [] })),
    );
    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(answers.find((response) => response.statusCode === 409)!.json().message).toBe(
      'Du är redan anmäld till kursen',
    );
    const rows = await t.db
      .select({ id: courseAttendees.id })
      .from(courseAttendees)
      .where(eq(courseAttendees.postId, course.id));
    expect(rows).toHaveLength(1);
  });
});
