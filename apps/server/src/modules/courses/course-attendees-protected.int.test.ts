import {
  protectedIdentityName,
  type CourseAttendee,
  type CourseResponse,
} from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeeUrl, courseUrl } from '../../../test/course-helpers';
import {
  bearerClientOf,
  buildCourse,
  buildCourseArranger,
  buildUser,
  fullName,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildOnlookers,
  buildProtectedCast,
  expectNamed,
  expectNoTraceIn,
  expectNoTraceOf,
  type Onlookers,
  type ProtectedCast,
} from '../../../test/protected-people';
import { mailOutbox } from '../../db/schema';

/**
 * Course attendees with a protected identity (decision 0039): the organiser
 * without the right sees "Skyddad identitet" and no address, on the page, in
 * every answer about a booking and in the export; an administrator sees the
 * person; mails still reach the person, and name a protected sender to no one.
 */
let t: TestContext;
let cast: ProtectedCast;
let onlookers: Onlookers;
let organiser: TestUser;
type Call = Awaited<ReturnType<typeof bearerClientOf>>;
let asOrganiser: Call;
let asAdmin: Call;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  onlookers = await buildOnlookers(t, cast);
  // Arranges courses for the whole municipality, but is rektor of no school: no right.
  organiser = await buildCourseArranger(t, { school: null });
  asOrganiser = await bearerClientOf(t, organiser);
  asAdmin = await bearerClientOf(t, onlookers.admin);
});
afterAll(() => t?.close());

async function book(call: Call, courseId: number, user: TestUser, status?: string) {
  const response = await call('POST', attendeeUrl(courseId, user.id), {
    answers: [],
    ...(status ? { status } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

async function mailsTo(address: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
}

describe('a course with protected attendees', () => {
  let course: CourseResponse;

  beforeAll(async () => {
    course = await buildCourse(t, { author: organiser });
    await book(await bearerClientOf(t, onlookers.teacher), course.id, onlookers.teacher);
    await book(await bearerClientOf(t, cast.markedTeacher), course.id, cast.markedTeacher);
  });

  it('answers the organiser who books a protected pupil with "Skyddad identitet"', async () => {
    const response = await book(asOrganiser, course.id, cast.protectedPupil);
    expectNoTraceOf(response, [cast.protectedPupil]);
    expect(response.json()).toMatchObject({
      userId: cast.protectedPupil.id,
      name: protectedIdentityName,
      email: null,
    });
    const changed = await asOrganiser('PUT', attendeeUrl(course.id, cast.protectedPupil.id), {
      status: 'pending',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectNoTraceOf(changed, [cast.protectedPupil]);
    expect(changed.json()).toMatchObject({
      name: protectedIdentityName,
      email: null,
      status: 'pending',
    });
  });

  it('lists them on the course page as "Skyddad identitet", the others by name', async () => {
    const response = await asOrganiser('GET', `${courseUrl}/${course.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expectNoTraceOf(response, [cast.protectedPupil, cast.markedTeacher]);
    const attendees = (response.json() as CourseResponse).attendees!;
    const byId = new Map(attendees.map((row: CourseAttendee) => [row.userId, row]));
    for (const person of [cast.protectedPupil, cast.markedTeacher]) {
      expect(byId.get(person.id)).toMatchObject({ name: protectedIdentityName, email: null });
    }
    expect(byId.get(onlookers.teacher.id)).toMatchObject({
      name: fullName(onlookers.teacher),
      email: onlookers.teacher.email,
    });
    // Counted as everyone else is.
    expect(attendees).toHaveLength(3);
  });

  it('exports them as "Skyddad identitet" without an address', async () => {
    const response = await asOrganiser('GET', `${courseUrl}/${course.id}/attendees.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expectNoTraceOf(response, [cast.protectedPupil, cast.markedTeacher]);
    expect(response.body.split(protectedIdentityName)).toHaveLength(3);
    expect(response.body).toContain(onlookers.teacher.email!);
  });

  it('shows them to an administrator, who holds the right', async () => {
    const page = await asAdmin('GET', `${courseUrl}/${course.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expectNamed(page, cast.protectedPupil);
    expectNamed(page, cast.markedTeacher);
    expect(page.body).toContain(cast.protectedPupil.email!);
    const csv = await asAdmin('GET', `${courseUrl}/${course.id}/attendees.csv`);
    expectNamed(csv, cast.protectedPupil);
    expectNamed(csv, cast.markedTeacher);
    expect(csv.body).not.toContain(protectedIdentityName);
  });

  it('mails the protected attendees at their own address all the same', async () => {
    const response = await asOrganiser('POST', `${courseUrl}/${course.id}/message`, {
      subject: 'Ny sal för kursen',
      text: 'Vi ses i sal 3.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sent: 3, withoutEmail: 0 });
    expect(await mailsTo(cast.protectedPupil.email!)).toHaveLength(1);
    expect(await mailsTo(cast.markedTeacher.email!)).toHaveLength(1);
  });
});

describe('mails about a course', () => {
  it('tell a protected reserve who gets a place, by their own name, and the organiser nothing', async () => {
    const course = await buildCourse(t, {
      author: organiser,
      title: 'En plats',
      course: { numberOfAttendees: 1 },
    });
    await book(await bearerClientOf(t, onlookers.teacher), course.id, onlookers.teacher);
    const reserve = await book(asOrganiser, course.id, cast.protectedPupil);
    expect(reserve.json()).toMatchObject({ status: 'reserve', name: protectedIdentityName });
    const cancelled = await asOrganiser('DELETE', attendeeUrl(course.id, onlookers.teacher.id));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const page = await asOrganiser('GET', `${courseUrl}/${course.id}`);
    expectNoTraceOf(page, [cast.protectedPupil]);
    expect((page.json() as CourseResponse).attendees).toMatchObject([
      { userId: cast.protectedPupil.id, status: 'approved', name: protectedIdentityName },
    ]);
    const [promotion] = (await mailsTo(cast.protectedPupil.email!)).filter((mail) =>
      mail.subject.includes('En plats'),
    );
    expect(promotion?.body).toContain(`Hej ${fullName(cast.protectedPupil)}!`);
  });

  it('sign a message from a protected organiser as "Skyddad identitet"', async () => {
    const markedOrganiser = await buildCourseArranger(t, {
      school: null,
      securityMarking: 'Sekretessmarkering',
      firstName: 'Märta',
      lastName: 'Arrangörsdotter',
    });
    const course = await buildCourse(t, { author: markedOrganiser, title: 'Skyddad avsändare' });
    const attendee = await buildUser(t, { role: 'role_teacher' });
    await book(await bearerClientOf(t, attendee), course.id, attendee);
    const sent = await (
      await bearerClientOf(t, markedOrganiser)
    )('POST', `${courseUrl}/${course.id}/message`, { subject: 'Hälsning', text: 'Välkomna!' });
    expect(sent.json()).toEqual({ sent: 1, withoutEmail: 0 });
    const [mail] = await mailsTo(attendee.email!);
    expect(mail?.body).toContain(`skickades av ${protectedIdentityName}`);
    expectNoTraceIn(mail!.body, [markedOrganiser], 'the mail');
  });
});
