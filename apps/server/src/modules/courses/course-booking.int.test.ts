import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendeeUrl,
  clientFor,
  courseUrl,
  createCourse,
  getCourse,
  type Client,
} from '../../../test/course-helpers';
import { buildCourseArranger, buildUser, fullName, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { auditLog, courseAttendees } from '../../db/schema';

const day = 86_400_000;
let t: TestContext;
let now: Date;
let organiser: Client;
let employee: Client;
let teacher: Client;
let otherTeacher: Client;
let student: Client;
/** The bookers: an employee, two teachers of different schools and a pupil. */
let people: Record<'employee' | 'teacher' | 'otherTeacher' | 'pupil', TestUser>;
let ids: Record<keyof typeof people, number>;
beforeAll(async () => {
  now = new Date();
  t = await createTestApp({ demo: false, clock: () => now });
  people = {
    employee: await buildUser(t, { role: 'role_employee' }),
    teacher: await buildUser(t, { role: 'role_teacher' }),
    otherTeacher: await buildUser(t, { role: 'role_teacher' }),
    pupil: await buildUser(t, { role: 'role_student' }),
  };
  ids = {
    employee: people.employee.id,
    teacher: people.teacher.id,
    otherTeacher: people.otherTeacher.id,
    pupil: people.pupil.id,
  };
  organiser = await clientFor(t, await buildCourseArranger(t));
  employee = await clientFor(t, people.employee);
  teacher = await clientFor(t, people.teacher);
  otherTeacher = await clientFor(t, people.otherTeacher);
  student = await clientFor(t, people.pupil);
});
afterAll(() => t.close());

async function rowsOf(courseId: number) {
  return t.db
    .select({ userId: courseAttendees.userId, status: courseAttendees.status })
    .from(courseAttendees)
    .where(eq(courseAttendees.postId, courseId));
}

describe('POST /api/core/v1/course/{id}/attendee/{userId}', () => {
  it('climbs 401 → 400 → 403 → 201 and refuses a second booking', async () => {
    const course = await createCourse(organiser, now, {
      title: 'Bokningsstegen',
      categoryIds: [3, 4, 6],
    });
    const url = attendeeUrl(course.id, ids.employee);
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);

    const badBody = await employee('POST', url, { answers: 'ja' });
    expect(badBody.statusCode).toBe(400);
    const badKey = await employee('POST', attendeeUrl(course.id, 'abc'), {});
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().errors).toEqual([{ field: 'userId', message: 'Ogiltig deltagare' }]);

    // A pupil the course is aimed at still has no right to book.
    const pupil = await student('POST', attendeeUrl(course.id, ids.pupil), {});
    expect(pupil.statusCode).toBe(403);
    expect(pupil.json().message).toBe('Du har inte behörighet att boka kurser');
    const forOther = await employee('POST', attendeeUrl(course.id, ids.teacher), {});
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('Du får bara boka dig själv på kursen');
    const choosing = await employee('POST', url, { status: 'approved' });
    expect(choosing.statusCode).toBe(403);
    expect(await rowsOf(course.id)).toEqual([]);

    const booked = await employee('POST', url, {});
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      key: String(ids.employee),
      userId: ids.employee,
      external: false,
      name: fullName(people.employee),
      status: 'approved',
      reservePosition: null,
    });
    const twice = await employee('POST', url, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'ALREADY_BOOKED',
      message: 'Du är redan anmäld till kursen',
    });
    expect(await rowsOf(course.id)).toEqual([{ userId: ids.employee, status: 'approved' }]);

    const page = await getCourse(employee, course.id);
    expect(page.booking).toMatchObject({
      approvedCount: 1,
      placesLeft: 9,
      myBooking: { status: 'approved' },
      can: { book: false, cancel: true, manage: false },
    });
  });

  it('lets an organiser book someone else, choose the status, but not a status past the places', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Arrangörsbokning' },
      { numberOfAttendees: 1 },
    );
    const forTeacher = await organiser('POST', attendeeUrl(course.id, ids.teacher), {
      status: 'pending',
    });
    expect(forTeacher.statusCode).toBe(201);
    expect(forTeacher.json().status).toBe('pending');
    const overbook = await organiser('POST', attendeeUrl(course.id, ids.otherTeacher), {
      status: 'approved',
    });
    expect(overbook.statusCode).toBe(409);
    expect(overbook.json().message).toBe(
      'Kursen är fullbokad. Ändra någon annan till reserv först.',
    );
    const nobody = await organiser('POST', attendeeUrl(course.id, 999_999), {});
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('Användaren finns inte');
    const again = await organiser('POST', attendeeUrl(course.id, ids.teacher), {});
    expect(again.json().message).toBe('Personen är redan anmäld till kursen');
    expect(await rowsOf(course.id)).toEqual([{ userId: ids.teacher, status: 'pending' }]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'course.attendee.added'), eq(auditLog.entityId, String(course.id))),
      );
    expect(entry?.after).toEqual({ key: String(ids.teacher), status: 'pending' });
  });

  it('refuses bookings when the course is not bookable, has started or is not open', async () => {
    const closed = await createCourse(
      organiser,
      now,
      { title: 'Ej bokningsbar' },
      { bookable: false },
    );
    const refused = await employee('POST', attendeeUrl(closed.id, ids.employee), {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Kursen går inte att boka');
    expect((await getCourse(employee, closed.id)).booking.closedReason).toBe('not-bookable');

    const soon = await createCourse(
      organiser,
      now,
      { title: 'Snart börjar den' },
      {
        startDate: new Date(now.getTime() + 60_000).toISOString(),
        endDate: new Date(now.getTime() + 3_600_000).toISOString(),
        cancellationDate: null,
      },
    );
    const saved = now;
    now = new Date(saved.getTime() + 120_000);
    try {
      const late = await employee('POST', attendeeUrl(soon.id, ids.employee), {});
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('Kursen har redan börjat och kan inte bokas');
      expect((await getCourse(employee, soon.id)).booking).toMatchObject({
        started: true,
        closedReason: 'started',
        can: { book: false },
      });
    } finally {
      now = saved;
    }
    const draft = await createCourse(organiser, now, { title: 'Avslutad kurs', status: 'draft' });
    // Readers do not see a closed course at all.
    expect((await employee('POST', attendeeUrl(draft.id, ids.employee), {})).statusCode).toBe(404);
    expect(await rowsOf(closed.id)).toEqual([]);
    expect(await rowsOf(soon.id)).toEqual([]);
  });

  it('asks for the answers the organiser requires, and stores them in the questions’ order', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Kurs med frågor' },
      {
        attendeeInformation: [
          { title: 'Specialkost', required: true },
          { title: 'Övrigt', required: false },
        ],
      },
    );
    const missing = await employee('POST', attendeeUrl(course.id, ids.employee), {
      answers: [{ question: 'Övrigt', answer: 'Inget' }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'answers.0', message: 'Fältet måste vara ifyllt' },
    ]);
    const unknown = await employee('POST', attendeeUrl(course.id, ids.employee), {
      answers: [
        { question: 'Specialkost', answer: 'Ingen' },
        { question: 'Skostorlek', answer: '42' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(await rowsOf(course.id)).toEqual([]);

    const booked = await employee('POST', attendeeUrl(course.id, ids.employee), {
      answers: [{ question: 'specialkost', answer: 'Vegetarisk' }],
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().answers).toEqual([
      { question: 'Specialkost', answer: 'Vegetarisk' },
      { question: 'Övrigt', answer: '' },
    ]);
    const changed = await employee('PUT', attendeeUrl(course.id, ids.employee), {
      answers: [{ question: 'Specialkost', answer: 'Vegansk' }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().answers[0]).toEqual({ question: 'Specialkost', answer: 'Vegansk' });
  });
});

describe('the reserve list', () => {
  it('puts bookings on a full course on the reserve list and promotes the first when a place is given back', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Två platser' },
      { numberOfAttendees: 2 },
    );
    expect((await employee('POST', attendeeUrl(course.id, ids.employee), {})).json().status).toBe(
      'approved',
    );
    expect((await teacher('POST', attendeeUrl(course.id, ids.teacher), {})).json().status).toBe(
      'approved',
    );
    const third = await otherTeacher('POST', attendeeUrl(course.id, ids.otherTeacher), {});
    expect(third.json()).toMatchObject({ status: 'reserve', reservePosition: 1 });
    const fourth = await organiser('POST', attendeeUrl(course.id, ids.pupil), {});
    expect(fourth.json()).toMatchObject({ status: 'reserve', reservePosition: 2 });
    expect((await getCourse(otherTeacher, course.id)).booking).toMatchObject({
      isFull: true,
      placesLeft: 0,
      reserveCount: 2,
      myBooking: { status: 'reserve', reservePosition: 1 },
    });

    const cancelled = await teacher('DELETE', attendeeUrl(course.id, ids.teacher));
    expect(cancelled.statusCode).toBe(200);
    const after = await getCourse(organiser, course.id);
    expect(after.attendees!.map((a) => [a.name, a.status, a.reservePosition])).toEqual([
      [fullName(people.employee), 'approved', null],
      [fullName(people.otherTeacher), 'approved', null],
      [fullName(people.pupil), 'reserve', 1],
    ]);
    const promoted = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'course.attendee.promoted'),
          eq(auditLog.entityId, String(course.id)),
        ),
      );
    expect(promoted.map((entry) => entry.after)).toEqual([
      { key: String(ids.otherTeacher), status: 'approved' },
    ]);

    // Leaving the reserve list gives no place away.
    expect((await organiser('DELETE', attendeeUrl(course.id, ids.pupil))).statusCode).toBe(200);
    expect((await getCourse(organiser, course.id)).booking).toMatchObject({
      approvedCount: 2,
      reserveCount: 0,
    });
  });

  it('lets organisers move people between statuses, never past the places, and attendees see it', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Statusbyten' },
      { numberOfAttendees: 1 },
    );
    await employee('POST', attendeeUrl(course.id, ids.employee), {});
    await teacher('POST', attendeeUrl(course.id, ids.teacher), {});

    const self = await employee('PUT', attendeeUrl(course.id, ids.employee), { status: 'pending' });
    expect(self.statusCode).toBe(403);
    const others = await employee('PUT', attendeeUrl(course.id, ids.teacher), {
      status: 'approved',
    });
    expect(others.statusCode).toBe(403);
    const empty = await organiser('PUT', attendeeUrl(course.id, ids.employee), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'status', message: 'Ange status eller svar' }]);

    const pending = await organiser('PUT', attendeeUrl(course.id, ids.employee), {
      status: 'pending',
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().status).toBe('pending');
    expect((await getCourse(employee, course.id)).booking.myBooking?.status).toBe('pending');

    const up = await organiser('PUT', attendeeUrl(course.id, ids.teacher), { status: 'approved' });
    expect(up.statusCode).toBe(409);
    // Moved down a minute later: last in the queue, behind the teacher.
    now = new Date(now.getTime() + 60_000);
    const down = await organiser('PUT', attendeeUrl(course.id, ids.employee), {
      status: 'reserve',
    });
    expect(down.json()).toMatchObject({ status: 'reserve', reservePosition: 2 });
    const nowUp = await organiser('PUT', attendeeUrl(course.id, ids.teacher), {
      status: 'approved',
    });
    expect(nowUp.statusCode).toBe(200);
    expect(await rowsOf(course.id)).toEqual(
      expect.arrayContaining([
        { userId: ids.employee, status: 'reserve' },
        { userId: ids.teacher, status: 'approved' },
      ]),
    );
    const notBooked = await organiser('PUT', attendeeUrl(course.id, ids.otherTeacher), {
      status: 'approved',
    });
    expect(notBooked.statusCode).toBe(404);
  });
});

describe('cancellation', () => {
  it('lets attendees cancel until the cancellation date, then only organisers', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Avbokningsfrist' },
      { numberOfAttendees: 1 },
    );
    await employee('POST', attendeeUrl(course.id, ids.employee), {});
    await teacher('POST', attendeeUrl(course.id, ids.teacher), {});
    expect((await getCourse(employee, course.id)).booking.can.cancel).toBe(true);

    const saved = now;
    // Six days on: a day before the start, past the deadline two days before.
    now = new Date(saved.getTime() + 6 * day);
    try {
      const late = await employee('DELETE', attendeeUrl(course.id, ids.employee));
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(
        'Sista dag för avbokning har passerat. Kontakta kursens arrangör för att avboka.',
      );
      expect((await getCourse(employee, course.id)).booking.can.cancel).toBe(false);
      const stranger = await otherTeacher('DELETE', attendeeUrl(course.id, ids.employee));
      expect(stranger.statusCode).toBe(403);
      expect(await rowsOf(course.id)).toHaveLength(2);

      // A reserve may still leave the queue.
      expect((await getCourse(teacher, course.id)).booking.can.cancel).toBe(true);
      expect((await teacher('DELETE', attendeeUrl(course.id, ids.teacher))).statusCode).toBe(200);
      expect((await organiser('DELETE', attendeeUrl(course.id, ids.employee))).statusCode).toBe(
        200,
      );
      expect(await rowsOf(course.id)).toEqual([]);
    } finally {
      now = saved;
    }
    const gone = await organiser('DELETE', attendeeUrl(course.id, ids.employee));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Personen är inte anmäld till kursen');
  });
});

describe('external attendees', () => {
  it('are booked by organisers only, with a valid name and e-mail, once per address', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Öppen för gäster' },
      { numberOfAttendees: 1 },
    );
    const url = `${courseUrl}/${course.id}/attendee-external`;
    const guest = {
      name: 'Gästa Gästsson',
      email: 'gasta@friskolan.se',
      organisation: 'Friskolan',
    };
    expect((await t.app.inject({ method: 'POST', url, payload: guest })).statusCode).toBe(401);
    const notOrganiser = await employee('POST', url, guest);
    expect(notOrganiser.statusCode).toBe(403);
    expect(notOrganiser.json().message).toBe('Bara kursens arrangörer kan hantera deltagarna');

    const badEmail = await organiser('POST', url, { ...guest, email: 'gasta.friskolan.se' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual([
      { field: 'email', message: 'Fel format på e-postadressen' },
    ]);
    const noName = await organiser('POST', url, { ...guest, name: '  ' });
    expect(noName.json().errors).toEqual([{ field: 'name', message: 'Fältet måste vara ifyllt' }]);
    const longName = await organiser('POST', url, { ...guest, name: 'x'.repeat(101) });
    expect(longName.json().errors).toEqual([
      { field: 'name', message: 'Fältet får innehålla max 100 tecken' },
    ]);
    const noEmail = await organiser('POST', url, { name: 'Gästa' });
    expect(noEmail.statusCode).toBe(400);
    expect(await rowsOf(course.id)).toEqual([]);

    const added = await organiser('POST', url, guest);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      external: true,
      userId: null,
      name: 'Gästa Gästsson',
      email: 'gasta@friskolan.se',
      organisation: 'Friskolan',
      status: 'approved',
    });
    expect(added.json().key).toMatch(/^external-\d+$/);
    const again = await organiser('POST', url, { ...guest, email: 'GASTA@friskolan.se' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('E-postadressen är redan anmäld till kursen');

    const second = await organiser('POST', url, {
      name: 'Andra Gästen',
      email: 'andra@friskolan.se',
    });
    expect(second.json()).toMatchObject({ status: 'reserve', reservePosition: 1 });
    // The external key works for changes and cancellation.
    const moved = await organiser('DELETE', attendeeUrl(course.id, added.json().key));
    expect(moved.statusCode).toBe(200);
    const page = await getCourse(organiser, course.id);
    expect(page.attendees!.map((a) => [a.name, a.status])).toEqual([['Andra Gästen', 'approved']]);
  });
});

describe('GET /api/core/v1/my-course', () => {
  it('lists one’s bookings with their status, also courses no longer aimed at one', async () => {
    const course = await createCourse(organiser, now, { title: 'Mina kurser-kurs' });
    await organiser('POST', attendeeUrl(course.id, ids.pupil), { status: 'pending' });
    const mine = await student('GET', '/api/core/v1/my-course');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0]).toMatchObject({
      title: 'Mina kurser-kurs',
      booking: { myBooking: { status: 'pending' } },
    });
    // The pupil is not aimed at, yet sees the course she is booked on.
    expect((await getCourse(student, course.slug)).booking.myBooking?.status).toBe('pending');
    expect((await t.app.inject({ method: 'GET', url: '/api/core/v1/my-course' })).statusCode).toBe(
      401,
    );
  });
});

describe('organisers’ export and e-mail', () => {
  it('exports the attendees as a Swedish CSV file and refuses others', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Export' },
      {
        attendeeInformation: [{ title: 'Kost', required: false }],
      },
    );
    await employee('POST', attendeeUrl(course.id, ids.employee), {
      answers: [{ question: 'Kost', answer: '=1+1' }],
    });
    const csv = await organiser('GET', `${courseUrl}/${course.id}/attendees.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('deltagare-export.csv');
    expect(csv.body.startsWith('\uFEFF"Namn";"E-post"')).toBe(true);
    expect(csv.body).toContain(
      `"${fullName(people.employee)}";"${people.employee.email}";"";"Intern";"Bokad";`,
    );
    expect(csv.body).toContain('"\'=1+1"');
    expect((await employee('GET', `${courseUrl}/${course.id}/attendees.csv`)).statusCode).toBe(403);
  });

  it('e-mails the attendees of the chosen statuses', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Utskick' },
      { numberOfAttendees: 1 },
    );
    await employee('POST', attendeeUrl(course.id, ids.employee), {});
    await teacher('POST', attendeeUrl(course.id, ids.teacher), {});
    const url = `${courseUrl}/${course.id}/message`;
    const message = { subject: 'Ändrad lokal', text: 'Vi ses i sal 3 i stället.' };
    expect((await employee('POST', url, message)).statusCode).toBe(403);
    expect((await organiser('POST', url, { ...message, subject: '' })).statusCode).toBe(400);
    const all = await organiser('POST', url, message);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ sent: 2, withoutEmail: 0 });
    const reserves = await organiser('POST', url, { ...message, statuses: ['reserve'] });
    expect(reserves.json()).toEqual({ sent: 1, withoutEmail: 0 });
  });
});
