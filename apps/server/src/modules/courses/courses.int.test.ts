import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourseArranger, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  attendeeUrl,
  clientFor,
  courseBody,
  courseUrl,
  createCourse,
  getCourse,
  type Client,
} from '../../../test/course-helpers';
import { createPost } from '../../../test/posts-helpers';
import { posts } from '../../db/schema';
import { runPostSchedule } from '../posts/post-scheduler';

let t: TestContext;
/** The teacher's school: a teacher aims at her own school (decision 0028). */
let school: number;
let now: Date;
let organiser: Client;
let teacher: Client;
let employee: Client;
let student: Client;
/** The teacher and the employee who book. */
let anna: TestUser;
let sara: TestUser;
beforeAll(async () => {
  now = new Date();
  t = await createTestApp({ demo: false, clock: () => now });
  organiser = await clientFor(t, await buildCourseArranger(t));
  anna = await buildUser(t, { role: 'role_teacher' });
  teacher = await clientFor(t, anna);
  school = anna.school!.id;
  sara = await buildUser(t, { role: 'role_employee' });
  employee = await clientFor(t, sara);
  student = await clientFor(t, await buildUser(t, { role: 'role_student', school: anna.school }));
});
afterAll(() => t.close());

async function courseCount() {
  return (await t.db.select({ id: posts.id }).from(posts).where(eq(posts.type, 'course'))).length;
}

describe('POST /api/core/v1/course', () => {
  it('climbs 401 → 400 → 403 → 201', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: courseUrl,
      payload: courseBody(now),
    });
    expect(anonymous.statusCode).toBe(401);

    const invalid = await organiser('POST', courseUrl, courseBody(now, { title: '' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'title', message: 'Fältet måste vara ifyllt' },
    ]);

    // A teacher writes posts but not courses.
    const forbidden = await teacher('POST', courseUrl, courseBody(now));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Du har inte behörighet att skapa kurser');

    const created = await organiser('POST', courseUrl, courseBody(now, { title: 'Stegkurs' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'course',
      title: 'Stegkurs',
      url: '/kurs/stegkurs',
      status: 'publish',
      course: { place: 'Stadshuset, sal 2', numberOfAttendees: 10, bookable: true },
      booking: {
        capacity: 10,
        approvedCount: 0,
        placesLeft: 10,
        isFull: false,
        myBooking: null,
        closedReason: null,
        can: { book: true, cancel: false, manage: true },
      },
      attendees: [],
    });
  });

  it('refuses courses that cannot be held, in Swedish, and writes nothing', async () => {
    const before = await courseCount();
    const start = new Date(now.getTime() + 7 * 86_400_000);
    const cases: [Parameters<typeof courseBody>[2], string, string][] = [
      [{ numberOfAttendees: 0 }, 'course.numberOfAttendees', 'Antalet platser måste vara minst 1'],
      [{ numberOfAttendees: -5 }, 'course.numberOfAttendees', 'Värdet måste vara minst 0'],
      [
        { endDate: new Date(start.getTime() - 3_600_000).toISOString() },
        'course.endDate',
        'Kursen måste sluta efter att den börjar',
      ],
      [
        { cancellationDate: new Date(start.getTime() + 60_000).toISOString() },
        'course.cancellationDate',
        'Sista dag för avbokning måste ligga före kursstart',
      ],
      [{ startDate: null }, 'course.startDate', 'Ange när kursen börjar'],
      [
        {
          attendeeInformation: [
            { title: 'Kost', required: true },
            { title: 'kost', required: false },
          ],
        },
        'course.attendeeInformation.1.title',
        'Två frågor har samma text',
      ],
    ];
    for (const [course, field, message] of cases) {
      const response = await organiser('POST', courseUrl, courseBody(now, {}, course));
      expect(response.statusCode, JSON.stringify(course)).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
    }
    const noCourse = await organiser('POST', courseUrl, { ...courseBody(now), course: null });
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.json().errors).toContainEqual({
      field: 'course',
      message: 'Kursuppgifterna måste fyllas i',
    });
    const notCourse = await organiser(
      'POST',
      courseUrl,
      courseBody(now, { type: 'news' as never }),
    );
    expect(notCourse.statusCode).toBe(400);
    expect(await courseCount()).toBe(before);
  });

  it('holds the same rules when a course is written through /post', async () => {
    const body = courseBody(now);
    const byTeacher = await teacher('POST', '/api/core/v1/post', body);
    expect(byTeacher.statusCode).toBe(403);
    const zero = await organiser(
      'POST',
      '/api/core/v1/post',
      courseBody(now, {}, { numberOfAttendees: 0 }),
    );
    expect(zero.statusCode).toBe(400);
    const made = await organiser(
      'POST',
      '/api/core/v1/post',
      courseBody(now, { title: 'Via post' }),
    );
    expect(made.statusCode).toBe(201);
    expect(made.json().url).toBe('/kurs/via-post');
  });
});

describe('GET /api/core/v1/course and /course/{id}', () => {
  it('lists the courses the reader is aimed at, the next first, and hides ended ones unless asked', async () => {
    const later = await createCourse(
      organiser,
      now,
      { title: 'Senare kurs' },
      {
        startDate: new Date(now.getTime() + 20 * 86_400_000).toISOString(),
        endDate: new Date(now.getTime() + 20 * 86_400_000 + 3_600_000).toISOString(),
        cancellationDate: null,
      },
    );
    const sooner = await createCourse(
      organiser,
      now,
      { title: 'Tidigare kurs' },
      {
        startDate: new Date(now.getTime() + 2 * 86_400_000).toISOString(),
        endDate: new Date(now.getTime() + 2 * 86_400_000 + 3_600_000).toISOString(),
        cancellationDate: null,
      },
    );
    const ended = await createCourse(
      organiser,
      now,
      { title: 'Förbi kurs' },
      {
        startDate: new Date(now.getTime() - 3 * 86_400_000).toISOString(),
        endDate: new Date(now.getTime() - 3 * 86_400_000 + 3_600_000).toISOString(),
        cancellationDate: null,
      },
    );
    const list = await employee('GET', `${courseUrl}?perPage=9999`);
    expect(list.statusCode).toBe(200);
    const titles = (list.json() as { title: string }[]).map((course) => course.title);
    expect(titles.indexOf('Tidigare kurs')).toBeLessThan(titles.indexOf('Senare kurs'));
    expect(titles).not.toContain('Förbi kurs');
    expect(Number(list.headers['x-pagination-total'])).toBe(titles.length);
    expect(list.json()[0].booking).toMatchObject({ can: { manage: false } });

    const withEnded = await employee('GET', `${courseUrl}?includeEnded=true`);
    expect((withEnded.json() as { id: number }[]).map((course) => course.id)).toContain(ended.id);

    // Pupils are not aimed at: no courses, and the page is not found.
    const pupil = await student('GET', courseUrl);
    expect(pupil.json()).toEqual([]);
    expect((await student('GET', `${courseUrl}/${sooner.slug}`)).statusCode).toBe(404);

    const bySlug = await getCourse(employee, later.slug);
    expect(bySlug).toMatchObject({
      id: later.id,
      attendees: null,
      booking: { can: { book: true } },
    });

    const badSort = await employee('GET', `${courseUrl}?sort=password%20ASC`);
    expect(badSort.statusCode).toBe(400);
  });

  it('answers 404 for a post that is not a course, on reading and on changing', async () => {
    const news = await createPost(teacher, { nodeIds: [school], title: 'Ingen kurs' });
    expect((await employee('GET', `${courseUrl}/${news.id}`)).statusCode).toBe(404);
    const put = await organiser('PUT', `${courseUrl}/${news.id}`, courseBody(now));
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Innehållet är ingen kurs');
  });
});

describe('PUT /api/core/v1/course/{id}', () => {
  it('keeps at least the booked places, gives new places to the reserve list, and stays a course', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Växande kurs' },
      { numberOfAttendees: 1 },
    );
    expect((await employee('POST', attendeeUrl(course.id, sara.id), {})).json().status).toBe(
      'approved',
    );
    expect((await teacher('POST', attendeeUrl(course.id, anna.id), {})).json().status).toBe(
      'reserve',
    );

    const body = courseBody(now, { title: 'Växande kurs', slug: course.slug });
    const fewer = await organiser('PUT', `${courseUrl}/${course.id}`, {
      ...body,
      course: { ...body.course, numberOfAttendees: 0 },
    });
    expect(fewer.statusCode).toBe(400);

    const more = await organiser('PUT', `${courseUrl}/${course.id}`, {
      ...body,
      course: { ...body.course, numberOfAttendees: 2 },
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().booking).toMatchObject({ approvedCount: 2, reserveCount: 0 });
    expect((await getCourse(teacher, course.id)).booking.myBooking?.status).toBe('approved');

    const below = await organiser('PUT', `${courseUrl}/${course.id}`, {
      ...body,
      course: { ...body.course, numberOfAttendees: 1 },
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().errors).toEqual([
      {
        field: 'course.numberOfAttendees',
        message: 'Kursen har redan 2 bokade deltagare. Antalet platser kan inte vara färre.',
      },
    ]);

    const toNews = await organiser('PUT', `/api/core/v1/post/${course.id}`, {
      ...body,
      type: 'news',
      course: null,
      courseDate: null,
    });
    expect(toNews.statusCode).toBe(409);
    expect(toNews.json().message).toBe(
      'Kursen har deltagare och kan inte göras om till annat innehåll',
    );
    expect((await getCourse(organiser, course.id)).course?.numberOfAttendees).toBe(2);
  });
});

describe('a course that has ended', () => {
  it('becomes Avslutad (draft) through the scheduler; its attendees still see it', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Snart slut' },
      {
        startDate: new Date(now.getTime() + 3_600_000).toISOString(),
        endDate: new Date(now.getTime() + 2 * 3_600_000).toISOString(),
        cancellationDate: null,
      },
    );
    await employee('POST', attendeeUrl(course.id, sara.id), {});
    const run = await runPostSchedule(t.db, new Date(now.getTime() + 3 * 3_600_000));
    expect(run.closedCourses).toContain(course.id);
    expect((await getCourse(organiser, course.id)).status).toBe('draft');
    // Readers no longer find it; the attendee does, under Mina kurser.
    expect((await teacher('GET', `${courseUrl}/${course.id}`)).statusCode).toBe(404);
    const mine = await employee('GET', '/api/core/v1/my-course?includeEnded=true');
    expect(
      (mine.json() as { id: number; status: string }[]).find((c) => c.id === course.id),
    ).toMatchObject({
      status: 'draft',
    });
  });
});
