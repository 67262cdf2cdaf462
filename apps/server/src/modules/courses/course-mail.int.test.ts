import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendeeUrl,
  clientFor,
  courseBody,
  courseUrl,
  createCourse,
  type Client,
} from '../../../test/course-helpers';
import { buildCourseArranger, buildUser } from '../../../test/factories';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../../test/smtp-inbox';
import { mailOutbox } from '../../db/schema';

/**
 * Course e-mails delivered to a real SMTP server (`smtp-server` on a local
 * port) through the portal's outbox and mail job: the external attendee's
 * confirmation, the place from the reserve list, the organiser's message.
 */
let t: TestContext;
let inbox: SmtpInbox;
let now: Date;
let organiser: Client;
let employee: Client;
let teacher: Client;
let ids: { sara: number; anna: number };
beforeAll(async () => {
  inbox = await startSmtpInbox();
  now = new Date('2026-11-21T08:00:00Z');
  t = await createTestApp({
    demo: false,
    clock: () => now,
    env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://skolportal.exempelby.se' },
  });
  organiser = await clientFor(
    t,
    await buildCourseArranger(t, { firstName: 'Lars', lastName: 'Berglund' }),
  );
  const employeeAccount = await buildUser(t, {
    role: 'role_employee',
    email: 'sara.ekstrom@exempelby.se',
  });
  const teacherAccount = await buildUser(t, {
    role: 'role_teacher',
    firstName: 'Anna',
    lastName: 'Larsson',
    email: 'anna.larsson@exempelby.se',
  });
  employee = await clientFor(t, employeeAccount);
  teacher = await clientFor(t, teacherAccount);
  ids = { sara: employeeAccount.id, anna: teacherAccount.id };
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

function mailTo(address: string, subject: string): Promise<ReceivedMail> {
  return waitFor(
    () =>
      inbox.messages.find((message) => message.to.includes(address) && message.subject === subject),
    { what: `mail "${subject}" to ${address}`, timeoutMs: 60_000 },
  );
}

async function outboxCount() {
  const [row] = await t.db.select({ value: count() }).from(mailOutbox);
  return Number(row?.value ?? 0);
}

describe('course e-mails', () => {
  it('confirm an external booking: booked, or where one stands in the queue', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Gästkurs' },
      { numberOfAttendees: 1 },
    );
    const url = `${courseUrl}/${course.id}/attendee-external`;
    const booked = await organiser('POST', url, {
      name: 'Gästa Gästsson',
      email: 'gasta@friskolan.se',
      organisation: 'Friskolan',
    });
    expect(booked.statusCode).toBe(201);
    const confirmation = await mailTo('gasta@friskolan.se', 'Bekräftelse: Gästkurs');
    expect(confirmation.text).toContain('Hej Gästa Gästsson!\n\nDu är bokad på kursen Gästkurs.');
    expect(confirmation.text).toContain('Tid: lördag 28 november 2026 kl. 09:00–12:00');
    expect(confirmation.text).toContain('Plats: Stadshuset, sal 2');
    expect(confirmation.text).toContain(
      'Vill du avboka? Kontakta arrangören senast torsdag 26 november 2026 kl. 09:00.',
    );
    // No account, so no link into the portal.
    expect(confirmation.text).not.toContain('https://');

    await organiser('POST', url, { name: 'Andra Gästen', email: 'andra@friskolan.se' });
    const queued = await mailTo('andra@friskolan.se', 'Bekräftelse: Gästkurs');
    expect(queued.text).toContain(
      'Kursen Gästkurs är fullbokad. Du står som nummer 1 på reservlistan och får ett mejl om du får en plats.',
    );
  });

  it('tell the first reserve they have a place when a booked attendee cancels', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Reservkurs' },
      { numberOfAttendees: 1 },
    );
    await employee('POST', attendeeUrl(course.id, ids.sara), {});
    await teacher('POST', attendeeUrl(course.id, ids.anna), {});
    expect((await employee('DELETE', attendeeUrl(course.id, ids.sara))).statusCode).toBe(200);
    const promoted = await mailTo('anna.larsson@exempelby.se', 'Du har fått en plats: Reservkurs');
    expect(promoted.text).toContain(
      'Hej Anna Larsson!\n\nEn plats har blivit ledig och du är nu bokad på kursen Reservkurs.',
    );
    expect(promoted.text).toContain(
      'Mer om kursen: https://skolportal.exempelby.se/kurs/reservkurs',
    );
  });

  it('tell reserves they have a place when the course gets more places', async () => {
    const course = await createCourse(organiser, now, { title: 'Växer' }, { numberOfAttendees: 1 });
    await teacher('POST', attendeeUrl(course.id, ids.anna), {});
    await employee('POST', attendeeUrl(course.id, ids.sara), {});
    const body = courseBody(now, { title: 'Växer', slug: course.slug });
    const grown = await organiser('PUT', `/api/core/v1/post/${course.id}`, {
      ...body,
      course: { ...body.course, numberOfAttendees: 2 },
    });
    expect(grown.statusCode, grown.body).toBe(200);
    await mailTo('sara.ekstrom@exempelby.se', 'Du har fått en plats: Växer');
  });

  it('carry the organiser’s message to the attendees, signed, and nothing for a refused change', async () => {
    const course = await createCourse(
      organiser,
      now,
      { title: 'Utskickskurs' },
      {
        attendeeInformation: [{ title: 'Kost', required: true }],
      },
    );
    const before = await outboxCount();
    const refused = await employee('POST', attendeeUrl(course.id, ids.sara), {});
    expect(refused.statusCode).toBe(400);
    const badGuest = await organiser('POST', `${courseUrl}/${course.id}/attendee-external`, {
      name: 'Gäst',
      email: 'inte-en-adress',
      answers: [{ question: 'Kost', answer: 'Ingen' }],
    });
    expect(badGuest.statusCode).toBe(400);
    expect(await outboxCount()).toBe(before);

    await employee('POST', attendeeUrl(course.id, ids.sara), {
      answers: [{ question: 'Kost', answer: 'Vegetarisk' }],
    });
    const sent = await organiser('POST', `${courseUrl}/${course.id}/message`, {
      subject: 'Ny lokal',
      text: 'Vi ses i sal 3 i stället.',
    });
    expect(sent.json()).toEqual({ sent: 1, withoutEmail: 0 });
    const message = await mailTo('sara.ekstrom@exempelby.se', 'Ny lokal');
    expect(message.text).toContain('Vi ses i sal 3 i stället.');
    expect(message.text).toContain(
      'Meddelandet skickades av Lars Berglund till deltagarna i kursen Utskickskurs.',
    );
  });
});
