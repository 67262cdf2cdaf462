import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourseArranger, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  attendeeUrl,
  clientFor,
  courseUrl,
  createCourse,
  type Client,
} from '../../../test/course-helpers';

const feedUrl = '/api/core/v1/course-feed';
let t: TestContext;
let now: Date;
let organiser: Client;
let employee: Client;
let student: Client;
/** Staff who book courses: an employee and a teacher. */
let sara: number;
let anna: TestUser;
beforeAll(async () => {
  now = new Date('2026-11-21T08:00:00Z');
  t = await createTestApp({
    demo: false,
    clock: () => now,
    env: { PUBLIC_URL: 'https://skolportalen.exempelby.se' },
  });
  organiser = await clientFor(t, await buildCourseArranger(t));
  const employeeAccount = await buildUser(t, { role: 'role_employee' });
  sara = employeeAccount.id;
  employee = await clientFor(t, employeeAccount);
  anna = await buildUser(t, { role: 'role_teacher' });
  student = await clientFor(t, await buildUser(t, { role: 'role_student' }));
});
afterAll(() => t.close());

describe('GET /api/core/v1/course/{id}/calendar.ics', () => {
  it('gives the course as an iCalendar file to those who may see it', async () => {
    const course = await createCourse(organiser, now, { title: 'Kalenderkurs, del 1' });
    const url = `${courseUrl}/${course.id}/calendar.ics`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await student('GET', url)).statusCode).toBe(404);
    const file = await employee('GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('kalenderkurs-del-1.ics');
    expect(file.body).toContain(`UID:course-${course.id}@skolportalen.exempelby.se\r\n`);
    expect(file.body).toContain('DTSTART:20261128T080000Z\r\nDTEND:20261128T110000Z\r\n');
    expect(file.body).toContain('SUMMARY:Kalenderkurs\\, del 1\r\n');
    expect(file.body).toContain('LOCATION:Stadshuset\\, sal 2\r\n');
    expect(file.body).toContain(
      'URL:https://skolportalen.exempelby.se/kurs/kalenderkurs-del-1\r\n',
    );
    expect(file.body).toContain('STATUS:CONFIRMED\r\n');
  });
});

describe('the personal calendar feed', () => {
  it('is made, read without signing in, replaced and revoked', async () => {
    const booked = await createCourse(
      organiser,
      now,
      { title: 'Bokad kurs' },
      { numberOfAttendees: 1 },
    );
    const waiting = await createCourse(
      organiser,
      now,
      { title: 'Full kurs' },
      { numberOfAttendees: 1 },
    );
    const other = await createCourse(organiser, now, { title: 'Inte min kurs' });
    await employee('POST', attendeeUrl(booked.id, sara), {});
    await organiser('POST', attendeeUrl(waiting.id, anna.id), {});
    await employee('POST', attendeeUrl(waiting.id, sara), {});

    expect((await employee('GET', feedUrl)).json()).toEqual({
      active: false,
      created: null,
      url: null,
    });
    const made = await employee('POST', feedUrl);
    expect(made.statusCode).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(
      /^https:\/\/skolportalen\.exempelby\.se\/api\/core\/v1\/course-feed\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    expect((await employee('GET', feedUrl)).json()).toEqual({
      active: true,
      created: now.toISOString(),
      url: null,
    });

    const path = new URL(url).pathname;
    const feed = await t.app.inject({ url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('X-WR-CALNAME:Mina kurser – Skolportalen\r\n');
    expect(feed.body).toContain('SUMMARY:Bokad kurs\r\n');
    expect(feed.body).toContain('SUMMARY:Full kurs (reserv)\r\n');
    expect(feed.body).toContain('STATUS:TENTATIVE\r\n');
    expect(feed.body).not.toContain(other.title);
    // Without the extension too: some calendar programs drop it.
    expect((await t.app.inject({ url: path.replace(/\.ics$/, '') })).statusCode).toBe(200);

    const renewed = await employee('POST', feedUrl);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    const newPath = new URL(renewed.json().url).pathname;
    expect((await t.app.inject({ url: newPath })).statusCode).toBe(200);

    const revoked = await employee('DELETE', feedUrl);
    expect(revoked.json()).toEqual({ active: false, created: null, url: null });
    const gone = await t.app.inject({ url: newPath });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Kalenderlänken finns inte eller har tagits bort');
    expect((await t.app.inject({ url: `${feedUrl}/inte-en-nyckel` })).statusCode).toBe(404);
  });

  it('marks a removed course as cancelled so calendars drop it', async () => {
    const course = await createCourse(organiser, now, { title: 'Inställd kurs' });
    await employee('POST', attendeeUrl(course.id, sara), {});
    const { url } = (await employee('POST', feedUrl)).json() as { url: string };
    expect((await organiser('DELETE', `/api/core/v1/post/${course.id}`)).statusCode).toBe(200);
    const feed = await t.app.inject({ url: new URL(url).pathname });
    const event = feed.body.slice(feed.body.indexOf('SUMMARY:Inställd kurs'));
    expect(event.slice(0, event.indexOf('END:VEVENT'))).toContain('STATUS:CANCELLED');
  });
});
