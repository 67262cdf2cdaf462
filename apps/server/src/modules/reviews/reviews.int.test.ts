import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, testConfig, type TestContext } from '../../../test/harness';
import { clientFor, feedTitles, postBody, postUrl, type Client } from '../../../test/posts-helpers';
import { auditLog, notifications, postVersions, users } from '../../db/schema';
import { addDays, addMonths, dayIn } from './review-dates';
import { runReviews } from './review-run';

/**
 * Owners and review dates (issue 29, decision 0045): a new page is owned by
 * its author and reviewed in twelve months; the owner must be one who may
 * edit the post; the nightly run reminds the owner, tells the school's
 * rektor and unpublishes the page on simulated dates, each step once; a
 * review starts a new period; each school's list for its rektor and the
 * administrators.
 */
let t: TestContext;
let now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;
const settings = testConfig().review;
let school: number;
let otherSchool: number;
let teacherUser: TestUser;
let teacher: Client;
let colleagueUser: TestUser;
let colleague: Client;
let rektorUser: TestUser;
let rektor: Client;
let otherRektorUser: TestUser;
let otherRektor: Client;
let pupil: Client;
let admin: Client;

const reviewUrl = (id: number) => `${postUrl}/${id}/review`;
const run = () =>
  runReviews({ db: t.db, jobs: t.app.jobs, settings, siteOrigin: 'https://portal.test' }, now);
const at = (day: string) => new Date(`${day}T04:30:00Z`);

beforeAll(async () => {
  t = await createTestApp({ demo: false, clock });
  const lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  const ekbacken = await buildSchool(t, { name: 'Ekbackens skola' });
  school = lindang.id;
  otherSchool = ekbacken.id;
  const klass = await buildClass(t, { school: lindang, name: '4B' });
  teacherUser = await buildUser(t, { role: 'role_teacher', school: lindang });
  teacher = await clientFor(t, teacherUser);
  colleagueUser = await buildUser(t, { role: 'role_teacher', school: lindang });
  colleague = await clientFor(t, colleagueUser);
  rektorUser = await buildUser(t, { role: 'role_school_responsible', school: lindang });
  rektor = await clientFor(t, rektorUser);
  otherRektorUser = await buildUser(t, { role: 'role_school_responsible', school: ekbacken });
  otherRektor = await clientFor(t, otherRektorUser);
  pupil = await clientFor(t, await buildUser(t, { role: 'role_student', class: klass }));
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
});
afterAll(() => t.close());

async function page(title: string, by: Client = teacher, nodeIds = [school]) {
  const created = await by(
    'POST',
    postUrl,
    postBody({ type: 'page', title, nodeIds, categoryIds: [4] }),
  );
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number; review: { ownerId: number; reviewDate: string } };
}

const reviewNotices = async (subjectPart: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.source, 'review'))).filter(
    (row) => row.subject.includes(subjectPart),
  );

describe('owners and review dates', () => {
  it('gives a new page its author as owner and a date twelve months on; news is not reviewed', async () => {
    const created = await page('Skolans ordningsregler');
    expect(created.review).toEqual({
      ownerId: teacherUser.id,
      owner: { id: teacherUser.id, name: expect.any(String) },
      ownerActive: true,
      reviewDate: addMonths(dayIn(now), 12),
    });
    const state = await teacher('GET', reviewUrl(created.id));
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toMatchObject({ periodMonths: 12, state: 'ok', lastReviewedAt: null });
    // Readers are not told who owns it, nor may they ask.
    const read = await pupil('GET', `${postUrl}/${created.id}`);
    expect(read.json().review).toBeNull();
    expect((await pupil('GET', reviewUrl(created.id))).statusCode).toBe(404);
    expect((await colleague('GET', reviewUrl(created.id))).statusCode).toBe(404);

    const news = await teacher(
      'POST',
      postUrl,
      postBody({ title: 'Vårens utflykt', nodeIds: [school], categoryIds: [4] }),
    );
    expect(news.json().review).toMatchObject({ ownerId: teacherUser.id, reviewDate: null });
    const newsDate = await teacher('PUT', reviewUrl(news.json().id), {
      reviewDate: addDays(dayIn(now), 30),
    });
    expect(newsDate.statusCode).toBe(400);
    expect(newsDate.json().errors[0]).toMatchObject({
      field: 'reviewDate',
      message: 'Den här typen av innehåll granskas inte.',
    });
  });

  it('takes only an owner who may edit the post, and a date from today on', async () => {
    const created = await page('Elevhälsans öppettider');
    const refused = await teacher('PUT', reviewUrl(created.id), { ownerId: colleagueUser.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toContain(
      'Den ansvarige måste kunna redigera innehållet',
    );
    expect(
      (await colleague('PUT', reviewUrl(created.id), { ownerId: colleagueUser.id })).statusCode,
    ).toBe(404);
    expect((await teacher('PUT', reviewUrl(created.id), {})).statusCode).toBe(400);
    const past = await teacher('PUT', reviewUrl(created.id), {
      reviewDate: addDays(dayIn(now), -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].message).toBe(
      'Datumet för nästa granskning kan inte ligga bakåt i tiden.',
    );

    // Made an editor of the post, the colleague may own it.
    const edited = await teacher('PUT', `${postUrl}/${created.id}`, {
      ...postBody({
        type: 'page',
        title: 'Elevhälsans öppettider',
        nodeIds: [school],
        categoryIds: [4],
      }),
      editorIds: [colleagueUser.id],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const date = addDays(dayIn(now), 40);
    const changed = await teacher('PUT', reviewUrl(created.id), {
      ownerId: colleagueUser.id,
      reviewDate: date,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      ownerId: colleagueUser.id,
      reviewDate: date,
      ownerActive: true,
    });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'post.review-changed'), eq(auditLog.entityId, String(created.id))),
      );
    expect(audited!.after).toEqual({ ownerId: colleagueUser.id, reviewDate: date });
  });

  it('reminds the owner, tells the rektor, then unpublishes — each once — on simulated dates', async () => {
    now = at('2026-04-01');
    const created = await page('Rutiner vid frånvaro');
    const date = '2026-05-15';
    expect((await teacher('PUT', reviewUrl(created.id), { reviewDate: date })).statusCode).toBe(
      200,
    );

    now = at(addDays(date, -15));
    expect((await run()).reminded).not.toContain(created.id);
    now = at(addDays(date, -14));
    expect((await run()).reminded).toContain(created.id);
    expect((await run()).reminded).not.toContain(created.id);
    const [reminder, ...moreReminders] = await reviewNotices(
      'Dags att granska ”Rutiner vid frånvaro”',
    );
    expect(moreReminders).toEqual([]);
    expect(reminder!.audience).toMatchObject({ userIds: [teacherUser.id] });
    expect((await teacher('GET', reviewUrl(created.id))).json().state).toBe('due');

    now = at(addDays(date, 13));
    expect((await run()).escalated).not.toContain(created.id);
    now = at(addDays(date, 14));
    expect((await run()).escalated).toContain(created.id);
    expect((await run()).escalated).not.toContain(created.id);
    const escalations = await reviewNotices('Granskningen av ”Rutiner vid frånvaro” är försenad');
    expect(escalations).toHaveLength(1);
    expect(escalations[0]!.audience).toMatchObject({ userIds: [rektorUser.id] });
    expect(await feedTitles(pupil)).toContain('Rutiner vid frånvaro');

    now = at(addDays(date, 14 + 29));
    expect((await run()).unpublished).not.toContain(created.id);
    now = at(addDays(date, 14 + 30));
    expect((await run()).unpublished).toContain(created.id);
    expect((await run()).unpublished).toEqual([]);
    expect(await feedTitles(pupil)).not.toContain('Rutiner vid frånvaro');
    const stored = (await teacher('GET', `${postUrl}/${created.id}`)).json();
    expect(stored.status).toBe('draft');
    const versions = await t.db
      .select()
      .from(postVersions)
      .where(eq(postVersions.postId, created.id));
    expect(versions.at(-1)).toMatchObject({ event: 'unpublished', status: 'draft' });
    const told = await reviewNotices('”Rutiner vid frånvaro” är avpublicerat');
    expect(told).toHaveLength(1);
    expect(told[0]!.audience).toMatchObject({ userIds: [teacherUser.id] });
    const steps = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)));
    expect(
      steps.map((step) => step.action).filter((action) => action.startsWith('post.review-')),
    ).toEqual([
      'post.review-changed',
      'post.review-reminded',
      'post.review-escalated',
      'post.review-unpublished',
    ]);
    expect((await teacher('GET', reviewUrl(created.id))).json().unpublishedAt).toBe(
      now.toISOString(),
    );
  });

  it('moves the date on by a period when marked as reviewed, and starts a new period', async () => {
    now = at('2026-06-01');
    const created = await page('Läsårets datum');
    const date = '2026-06-10';
    await teacher('PUT', reviewUrl(created.id), { reviewDate: date });
    expect((await run()).reminded).toContain(created.id);

    now = at('2026-06-05');
    expect((await colleague('POST', `${reviewUrl(created.id)}ed`)).statusCode).toBe(404);
    const reviewed = await teacher('POST', `${reviewUrl(created.id)}ed`);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({
      reviewDate: '2027-06-05',
      state: 'ok',
      lastReviewedAt: now.toISOString(),
      lastReviewedBy: { id: teacherUser.id },
    });
    // The next period's reminder comes before its own date, once.
    now = at(addDays('2027-06-05', -14));
    expect((await run()).reminded).toContain(created.id);
    expect((await run()).reminded).not.toContain(created.id);
    expect(await reviewNotices('Dags att granska ”Läsårets datum”')).toHaveLength(2);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'post.reviewed'), eq(auditLog.entityId, String(created.id))));
    expect(audited!.after).toEqual({ reviewDate: '2027-06-05' });
  });
});

describe('each school’s list', () => {
  it('shows the rektor what is due, overdue and unowned at her school only', async () => {
    now = at('2027-09-01');
    const due = await page('Schema för höstterminen');
    await teacher('PUT', reviewUrl(due.id), { reviewDate: '2027-09-10' });
    const late = await page('Gamla busstider');
    await teacher('PUT', reviewUrl(late.id), { reviewDate: '2027-09-02' });
    const ownerLeft = await page('Fritids öppettider', colleague);
    await page('Ekbackens matsedel', admin, [otherSchool]);
    now = at('2027-09-05');
    await t.db.update(users).set({ disabledAt: now }).where(eq(users.id, colleagueUser.id));

    const schools = await rektor('GET', '/api/core/v1/content-review');
    expect(schools.statusCode, schools.body).toBe(200);
    expect(schools.json()).toEqual([
      expect.objectContaining({ id: school, name: 'Lindängsskolan', due: 1, unowned: 1 }),
    ]);
    expect(schools.json()[0].overdue).toBeGreaterThanOrEqual(1);

    const dueList = await rektor('GET', `/api/core/v1/content-review/${school}?list=due`);
    expect(dueList.statusCode, dueList.body).toBe(200);
    expect(dueList.headers['x-pagination-total']).toBe('1');
    expect(dueList.json()).toEqual([
      expect.objectContaining({
        id: due.id,
        title: 'Schema för höstterminen',
        url: expect.stringContaining('/sida/'),
        ownerId: teacherUser.id,
        ownerActive: true,
        reviewDate: '2027-09-10',
        state: 'due',
        daysLeft: 5,
      }),
    ]);
    const overdue = await rektor(
      'GET',
      `/api/core/v1/content-review/${school}?list=overdue&perPage=1`,
    );
    expect(overdue.json()).toHaveLength(1);
    expect(Number(overdue.headers['x-pagination-total'])).toBeGreaterThanOrEqual(1);
    const allOverdue = await rektor(
      'GET',
      `/api/core/v1/content-review/${school}?list=overdue&perPage=100`,
    );
    expect(allOverdue.json().map((item: { id: number }) => item.id)).toContain(late.id);
    const unowned = await rektor('GET', `/api/core/v1/content-review/${school}?list=unowned`);
    expect(unowned.json()).toEqual([
      expect.objectContaining({ id: ownerLeft.id, ownerId: colleagueUser.id, ownerActive: false }),
    ]);

    // Another school's rektor and a teacher may not see it; an administrator sees every school.
    expect((await otherRektor('GET', `/api/core/v1/content-review/${school}`)).statusCode).toBe(
      403,
    );
    expect((await teacher('GET', `/api/core/v1/content-review/${school}`)).statusCode).toBe(403);
    expect((await teacher('GET', '/api/core/v1/content-review')).json()).toEqual([]);
    const everything = (await admin('GET', '/api/core/v1/content-review')).json();
    expect(everything.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([1, school, otherSchool]),
    );
    expect(
      (await admin('GET', `/api/core/v1/content-review/${otherSchool}?list=due`)).statusCode,
    ).toBe(200);
    expect(
      (await admin('GET', `/api/core/v1/content-review/${teacherUser.id + 100000}`)).statusCode,
    ).toBe(404);
  });
});
