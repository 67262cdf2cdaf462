import type {
  AcknowledgementRow,
  AcknowledgementSummary,
  PostListItem,
  PostResponse,
} from '@skolportalen/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerClientOf,
  buildClass,
  buildPost,
  buildSchool,
  buildUser,
  type TestNode,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { roleCategory } from '../../../test/tools-helpers';
import { auditLog, postAcknowledgements, users } from '../../db/schema';
import { awaitedAcknowledgers } from './acknowledgement-report.repo';

/**
 * Must-read notices (decision 0040) for a class of 20 pupils and their 35
 * guardians: two pairs of siblings share their guardians, a few guardians
 * have a child at another school too, one pupil has a single guardian (and
 * a second whose account is disabled). The class teacher publishes; the
 * report's figures are held against a model of who has confirmed at each
 * step, and every guardian's own view against the report.
 */
type Client = Awaited<ReturnType<typeof bearerClientOf>>;

let t: TestContext;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const day = 24 * 60 * 60 * 1000;

let ekbacken: TestNode;
let lindang: TestNode;
let class4A: TestNode;
let class7B: TestNode;
let teacher: TestUser;
let asTeacher: Client;
/** The class's pupils, P1…P20. */
const pupils: TestUser[] = [];
/** The pupils at the other school, children of some of the class's guardians. */
const otherPupils: TestUser[] = [];
/** Each pupil of the class with their (enabled) guardians. */
const guardiansOf = new Map<number, TestUser[]>();
const guardians: TestUser[] = [];
let disabledGuardian: TestUser;
const clients = new Map<number, Client>();

const as = (user: TestUser) => clients.get(user.id)!;

async function person(
  role: 'role_student' | 'role_caretaker',
  options: Parameters<typeof buildUser>[1],
) {
  return buildUser(t, { role, ...options });
}

beforeAll(async () => {
  t = await createTestApp({ demo: false, clock });
  ekbacken = await buildSchool(t, { name: 'Ekbackens skola' });
  lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  class4A = await buildClass(t, { school: ekbacken, name: '4A' });
  class7B = await buildClass(t, { school: lindang, name: '7B' });
  teacher = await buildUser(t, { role: 'role_teacher', class: class4A });
  asTeacher = await bearerClientOf(t, teacher);

  for (let n = 1; n <= 20; n += 1) {
    pupils.push(await person('role_student', { class: class4A, firstName: `Elev${n}` }));
  }
  for (let n = 1; n <= 3; n += 1) {
    otherPupils.push(await person('role_student', { class: class7B, firstName: `Annan${n}` }));
  }
  const guardian = async (children: TestUser[], name: string) => {
    const made = await person('role_caretaker', { guardianOf: children, firstName: name });
    guardians.push(made);
    return made;
  };
  const [p1, p2, p3, p4] = pupils as [TestUser, TestUser, TestUser, TestUser];
  // Siblings: P1 and P2 share two guardians, the first with a child at Lindäng too; so do P3 and P4.
  const g1 = await guardian([p1, p2, otherPupils[0]!], 'G1');
  const g2 = await guardian([p1, p2], 'G2');
  const g3 = await guardian([p3, p4], 'G3');
  const g4 = await guardian([p3, p4], 'G4');
  guardiansOf.set(p1.id, [g1, g2]).set(p2.id, [g1, g2]).set(p3.id, [g3, g4]).set(p4.id, [g3, g4]);
  // P5…P19 two guardians each; two of them have a child at Lindäng as well.
  for (let n = 5; n <= 19; n += 1) {
    const pupil = pupils[n - 1]!;
    const elsewhere = n === 5 ? [otherPupils[1]!] : n === 6 ? [otherPupils[2]!] : [];
    const first = await guardian([pupil, ...elsewhere], `G${n}a`);
    const second = await guardian([pupil], `G${n}b`);
    guardiansOf.set(pupil.id, [first, second]);
  }
  // P20: one guardian, and one whose account is disabled (expected of no one).
  const p20 = pupils[19]!;
  guardiansOf.set(p20.id, [await guardian([p20], 'G20')]);
  disabledGuardian = await person('role_caretaker', { guardianOf: [p20], firstName: 'Avstängd' });
  await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabledGuardian.id));

  for (const account of [...guardians, ...pupils]) {
    clients.set(account.id, await bearerClientOf(t, account));
  }
}, 300_000);
afterAll(() => t.close());

/** Who has confirmed for which child, as the model of each step. */
const confirmed = new Map<number, Set<number>>();

function mustReadBody(title: string, acknowledgement: 'each-reader' | 'each-guardian') {
  return {
    author: teacher,
    title,
    nodeIds: [class4A.id],
    categoryIds: [roleCategory.caretaker],
    requiresAcknowledgement: true,
    acknowledgeBy: new Date(clock().getTime() + 3 * day).toISOString(),
    acknowledgement,
  };
}

async function summaryOf(postId: number): Promise<AcknowledgementSummary> {
  const response = await asTeacher('GET', `/api/core/v1/post/${postId}/acknowledgement-summary`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AcknowledgementSummary;
}

async function reportOf(postId: number, query = '') {
  const response = await asTeacher(
    'GET',
    `/api/core/v1/post/${postId}/acknowledgements?perPage=9999${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return {
    rows: response.json() as AcknowledgementRow[],
    total: Number(response.headers['x-pagination-total']),
  };
}

async function acknowledge(user: TestUser, postId: number, body?: unknown) {
  return as(user)('POST', `/api/core/v1/post/${postId}/acknowledge`, body ?? {});
}

/** The model: a child is done when one guardian confirmed for it, or every guardian (each-guardian). */
function doneChildren(mode: 'each-reader' | 'each-guardian') {
  return pupils.filter((pupil) => {
    const theirs = guardiansOf.get(pupil.id)!;
    const by = theirs.filter((g) => confirmed.get(g.id)?.has(pupil.id));
    return mode === 'each-reader' ? by.length > 0 : by.length === theirs.length;
  });
}

/** The guardians with something left to confirm: those a reminder would reach. */
function awaitedGuardians(mode: 'each-reader' | 'each-guardian') {
  const done = new Set(doneChildren(mode).map((pupil) => pupil.id));
  return guardians
    .filter((g) =>
      pupils.some(
        (pupil) =>
          guardiansOf.get(pupil.id)!.includes(g) &&
          !(mode === 'each-reader' ? done.has(pupil.id) : confirmed.get(g.id)?.has(pupil.id)),
      ),
    )
    .map((g) => g.id)
    .sort((a, b) => a - b);
}

async function expectFigures(
  postId: number,
  mode: 'each-reader' | 'each-guardian',
  overdue = false,
) {
  const done = doneChildren(mode).length;
  const summary = await summaryOf(postId);
  expect(summary).toMatchObject({
    total: 20,
    acknowledged: done,
    pending: overdue ? 0 : 20 - done,
    overdue: overdue ? 20 - done : 0,
  });
  expect(summary.byClass).toEqual([
    expect.objectContaining({
      id: class4A.id,
      name: '4A',
      schoolId: ekbacken.id,
      total: 20,
      acknowledged: done,
    }),
  ]);
  expect(summary.bySchool).toEqual([
    expect.objectContaining({
      id: ekbacken.id,
      name: 'Ekbackens skola',
      total: 20,
      acknowledged: done,
    }),
  ]);
  expect(summary.byRole).toEqual([
    expect.objectContaining({ role: 'role_caretaker', total: 20, acknowledged: done }),
  ]);
  const report = await reportOf(postId);
  // P1…P19 have two guardians each (the siblings' shared ones counted per child), P20 one.
  expect(report.total).toBe(39);
  expect(report.rows).toHaveLength(39);
  const waiting = report.rows.filter((row) => row.state !== 'acknowledged');
  expect(waiting.every((row) => row.state === (overdue ? 'overdue' : 'pending'))).toBe(true);
  expect(await awaitedAcknowledgers(t.db, postId, clock())).toEqual(awaitedGuardians(mode));
  return { summary, report };
}

describe('a must-read notice to a class of 20 pupils and 35 guardians', () => {
  let notice: PostResponse;

  it('is published by the class teacher and asks every guardian of the class, none twice', async () => {
    notice = await buildPost(t, mustReadBody('Utflykt till skogen på fredag', 'each-reader'));
    expect(notice).toMatchObject({
      requiresAcknowledgement: true,
      acknowledgement: 'each-reader',
      reminderHoursBefore: [24],
      myAcknowledgement: null,
      can: { readAcknowledgements: true },
    });
    const { report } = await expectFigures(notice.id, 'each-reader');
    // One row per guardian and child; the disabled guardian and the children at Lindäng are not in it.
    expect(new Set(report.rows.map((row) => row.userId)).size).toBe(35);
    expect(report.rows.some((row) => row.userId === disabledGuardian.id)).toBe(false);
    expect(new Set(report.rows.map((row) => row.childId))).toEqual(
      new Set(pupils.map((pupil) => pupil.id)),
    );
    expect(report.rows[0]).toMatchObject({
      kind: 'guardian',
      role: 'role_caretaker',
      schoolName: 'Ekbackens skola',
      className: '4A',
      state: 'pending',
      acknowledgedAt: null,
      opened: false,
    });
  });

  it('shows a guardian of two pupils in the class the notice once, with both children, pinned', async () => {
    const g1 = guardians[0]!;
    const feed = await as(g1)('POST', '/api/core/v1/GetPosts', { perPage: 50 });
    const items = (feed.json() as PostListItem[]).filter((item) => item.id === notice.id);
    expect(items).toHaveLength(1);
    // Not the child at Lindäng: the notice did not reach her.
    expect(items[0]!.reachedChildren.map((child) => child.id)).toEqual([
      pupils[0]!.id,
      pupils[1]!.id,
    ]);
    expect(items[0]!.reachedChildren[0]!.name).toContain('Elev1');
    expect(items[0]!.myAcknowledgement).toEqual({
      acknowledged: false,
      overdue: false,
      acknowledgedAt: null,
      children: [
        expect.objectContaining({
          id: pupils[0]!.id,
          acknowledged: false,
          acknowledgedByMe: false,
        }),
        expect.objectContaining({
          id: pupils[1]!.id,
          acknowledged: false,
          acknowledgedByMe: false,
        }),
      ],
    });
    const pinned = await as(g1)('POST', '/api/core/v1/GetPosts', { mustRead: 'pending' });
    expect((pinned.json() as PostListItem[]).map((item) => item.id)).toEqual([notice.id]);
    expect(pinned.headers['x-pagination-total']).toBe('1');
  });

  it('tells a guardian with a child at another school which of the children the notice is for', async () => {
    const g5a = guardiansOf.get(pupils[4]!.id)![0]!;
    const response = await as(g5a)('GET', `/api/core/v1/post/${notice.id}`);
    expect((response.json() as PostResponse).reachedChildren).toEqual([
      { id: pupils[4]!.id, name: expect.stringContaining('Elev5') },
    ]);
  });

  it('records a guardian confirming for all the children it reached, and counts the child done for the other guardian too', async () => {
    const [g1, g2] = guardians as [TestUser, TestUser];
    const pinnedFor = async (guardian: TestUser) =>
      (
        (await (
          await as(guardian)('POST', '/api/core/v1/GetPosts', { mustRead: 'pending' })
        ).json()) as PostListItem[]
      ).map((item) => item.id);
    // Asked before, so a kept answer (decision 0017) would show if the confirmation did not reach it.
    expect(await pinnedFor(g2)).toEqual([notice.id]);
    const response = await acknowledge(g1, notice.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      postId: notice.id,
      recorded: 2,
      myAcknowledgement: { acknowledged: true, overdue: false },
    });
    confirmed.set(g1.id, new Set([pupils[0]!.id, pupils[1]!.id]));
    const { report } = await expectFigures(notice.id, 'each-reader');
    const mine = report.rows.filter((row) => row.userId === g1.id);
    expect(
      mine.every((row) => row.state === 'acknowledged' && row.via === 'portal' && row.opened),
    ).toBe(true);
    // The other guardian's rows count as done (one guardian is enough) but record nothing of hers.
    const hers = report.rows.filter((row) => row.userId === g2.id);
    expect(hers.map((row) => [row.state, row.acknowledgedAt])).toEqual([
      ['acknowledged', null],
      ['acknowledged', null],
    ]);
    const seen = (await (
      await as(g2)('GET', `/api/core/v1/post/${notice.id}`)
    ).json()) as PostResponse;
    expect(seen.myAcknowledgement).toMatchObject({
      acknowledged: true,
      children: [
        { acknowledged: true, acknowledgedByMe: false },
        { acknowledged: true, acknowledgedByMe: false },
      ],
    });
    expect(await pinnedFor(g2)).toEqual([]);
    expect(await pinnedFor(g1)).toEqual([]);
  });

  it('records a guardian confirming for one named child only', async () => {
    const g3 = guardians[2]!;
    const response = await acknowledge(g3, notice.id, { childIds: [pupils[2]!.id] });
    expect(response.json()).toMatchObject({
      recorded: 1,
      myAcknowledgement: {
        acknowledged: false,
        children: [
          { id: pupils[2]!.id, acknowledged: true, acknowledgedByMe: true },
          { id: pupils[3]!.id, acknowledged: false, acknowledgedByMe: false },
        ],
      },
    });
    confirmed.set(g3.id, new Set([pupils[2]!.id]));
    await expectFigures(notice.id, 'each-reader');
  });

  it('writes nothing for a child not one’s own, a child the notice did not reach, a reader it does not ask, or a post that asks nothing', async () => {
    const before = await t.db.select({ n: count() }).from(postAcknowledgements);
    const audited = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'post.acknowledge'));
    const g3 = guardians[2]!;
    const g5a = guardiansOf.get(pupils[4]!.id)![0]!;

    const notOwn = await acknowledge(g3, notice.id, { childIds: [pupils[3]!.id, pupils[9]!.id] });
    expect(notOwn.statusCode).toBe(422);
    expect(notOwn.json()).toMatchObject({
      code: 'NOT_OWN_CHILD',
      errors: [{ field: 'childIds', message: expect.stringContaining('dina egna barn') }],
    });
    const notReached = await acknowledge(g5a, notice.id, { childIds: [otherPupils[1]!.id] });
    expect(notReached.statusCode).toBe(422);
    expect(notReached.json()).toMatchObject({ code: 'NOT_OWN_CHILD' });
    const pupil = await acknowledge(pupils[5]!, notice.id);
    expect(pupil.statusCode).toBe(404);
    const author = await asTeacher('POST', `/api/core/v1/post/${notice.id}/acknowledge`, {});
    expect(author.statusCode).toBe(422);
    expect(author.json()).toMatchObject({
      code: 'NOT_RECIPIENT',
      message: expect.stringMatching(/mottagarna/),
    });
    const plain = await buildPost(t, {
      author: teacher,
      nodeIds: [class4A.id],
      categoryIds: [roleCategory.caretaker],
    });
    const notMustRead = await acknowledge(g3, plain.id);
    expect(notMustRead.statusCode).toBe(409);
    expect(notMustRead.json()).toMatchObject({
      code: 'NOT_MUST_READ',
      message: expect.stringMatching(/läsbekräftelse/),
    });
    const malformed = await acknowledge(g3, notice.id, { childIds: ['x'] });
    expect(malformed.statusCode).toBe(400);
    const empty = await acknowledge(g3, notice.id, { childIds: [] });
    expect(empty.statusCode).toBe(400);

    expect(await t.db.select({ n: count() }).from(postAcknowledgements)).toEqual(before);
    expect(
      await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.action, 'post.acknowledge')),
    ).toEqual(audited);
    await expectFigures(notice.id, 'each-reader');
  });

  it('records twenty parallel confirmations of one guardian once, audited once', async () => {
    const g6a = guardiansOf.get(pupils[5]!.id)![0]!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => acknowledge(g6a, notice.id)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(
      answers.reduce((sum, answer) => sum + (answer.json() as { recorded: number }).recorded, 0),
    ).toBe(1);
    const rows = await t.db
      .select()
      .from(postAcknowledgements)
      .where(
        and(eq(postAcknowledgements.postId, notice.id), eq(postAcknowledgements.userId, g6a.id)),
      );
    expect(rows).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'post.acknowledge'), eq(auditLog.actorUserId, g6a.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toEqual({
      childIds: [pupils[5]!.id],
      forThemselves: false,
      via: 'portal',
    });
    confirmed.set(g6a.id, new Set([pupils[5]!.id]));
    await expectFigures(notice.id, 'each-reader');
  });

  it('counts the sent, opened and confirmed people of the notice', async () => {
    // One guardian opens it without confirming.
    const g7b = guardiansOf.get(pupils[6]!.id)![1]!;
    expect((await as(g7b)('POST', `/api/core/v1/post-read/${notice.id}`)).statusCode).toBe(200);
    const summary = await summaryOf(notice.id);
    // G1, G3 and G6a confirmed (and so opened it), G7b only opened it; no mail was sent.
    expect(summary.funnel).toEqual({ sent: 0, opened: 4, acknowledged: 3 });
  });

  it('filters the report by group, role and state, and pages it with the total', async () => {
    expect((await reportOf(notice.id, `&nodeId=${class4A.id}`)).total).toBe(39);
    expect((await reportOf(notice.id, `&nodeId=${ekbacken.id}`)).total).toBe(39);
    // The guardians' other children at Lindäng are not what the rows are about.
    expect((await reportOf(notice.id, `&nodeId=${lindang.id}`)).total).toBe(0);
    expect((await reportOf(notice.id, '&role=role_caretaker')).total).toBe(39);
    expect((await reportOf(notice.id, '&role=role_teacher')).total).toBe(0);
    // P1 and P2 (two rows each), P3 (two) and P6 (two).
    expect((await reportOf(notice.id, '&state=acknowledged')).total).toBe(8);
    expect((await reportOf(notice.id, '&state=pending')).total).toBe(31);
    const page = await asTeacher(
      'GET',
      `/api/core/v1/post/${notice.id}/acknowledgements?perPage=10&page=4`,
    );
    expect(page.headers['x-pagination-total']).toBe('39');
    expect(page.json()).toHaveLength(9);
  });

  it('exports the report as a spreadsheet file', async () => {
    const response = await asTeacher(
      'GET',
      `/api/core/v1/post/${notice.id}/acknowledgements?format=csv&state=acknowledged`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('lasbekraftelser-');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Namn";"Roll";"Barn";"Skola";"Klass";"Status";"Bekräftad";"Hur";"Öppnad"',
    );
    expect(lines).toHaveLength(9);
    expect(lines.filter((line) => line.includes('"I portalen"'))).toHaveLength(4);
    expect(lines[1]).toContain('"Vårdnadshavare"');
  });

  it('agrees with every guardian’s own view: the children each is asked for, and whether each is done', async () => {
    const { rows } = await reportOf(notice.id);
    for (const guardian of guardians) {
      const post = (await (
        await as(guardian)('GET', `/api/core/v1/post/${notice.id}`)
      ).json()) as PostResponse;
      const own = rows.filter((row) => row.userId === guardian.id);
      expect(
        post.myAcknowledgement?.children.map((child) => [child.id, child.acknowledged]),
      ).toEqual(own.map((row) => [row.childId, row.state === 'acknowledged']));
      expect(post.reachedChildren.map((child) => child.id)).toEqual(own.map((row) => row.childId));
    }
  });

  it('marks what is left as overdue once the deadline has passed, and keeps it pinned', async () => {
    offsetMs = 4 * day;
    try {
      await expectFigures(notice.id, 'each-reader', true);
      const g4 = guardians[3]!;
      const seen = (await (
        await as(g4)('GET', `/api/core/v1/post/${notice.id}`)
      ).json()) as PostResponse;
      expect(seen.myAcknowledgement).toMatchObject({ acknowledged: false, overdue: true });
      const pinned = await as(g4)('POST', '/api/core/v1/GetPosts', { mustRead: 'pending' });
      expect((pinned.json() as PostListItem[]).map((item) => item.id)).toEqual([notice.id]);
      // A late confirmation still counts.
      expect((await acknowledge(g4, notice.id)).json()).toMatchObject({ recorded: 2 });
      confirmed.set(g4.id, new Set([pupils[2]!.id, pupils[3]!.id]));
      await expectFigures(notice.id, 'each-reader', true);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('a notice every guardian must confirm', () => {
  let notice: PostResponse;

  beforeAll(async () => {
    confirmed.clear();
    notice = await buildPost(t, mustReadBody('Samtycke till skolfoto', 'each-guardian'));
  });

  it('counts a child done only when every guardian has confirmed', async () => {
    const [g1, g2] = guardians as [TestUser, TestUser];
    await expectFigures(notice.id, 'each-guardian');
    expect((await acknowledge(g1, notice.id)).json()).toMatchObject({
      recorded: 2,
      myAcknowledgement: { acknowledged: true },
    });
    confirmed.set(g1.id, new Set([pupils[0]!.id, pupils[1]!.id]));
    const { summary } = await expectFigures(notice.id, 'each-guardian');
    expect(summary.acknowledged).toBe(0);
    const seen = (await (
      await as(g2)('GET', `/api/core/v1/post/${notice.id}`)
    ).json()) as PostResponse;
    expect(seen.myAcknowledgement).toMatchObject({
      acknowledged: false,
      children: [{ acknowledged: false }, { acknowledged: false }],
    });
    expect((await acknowledge(g2, notice.id, { childIds: [pupils[1]!.id] })).statusCode).toBe(200);
    confirmed.set(g2.id, new Set([pupils[1]!.id]));
    expect((await expectFigures(notice.id, 'each-guardian')).summary.acknowledged).toBe(1);
  });

  it('asks only the enabled guardian of a pupil whose other guardian’s account is disabled', async () => {
    const g20 = guardiansOf.get(pupils[19]!.id)![0]!;
    expect((await acknowledge(g20, notice.id)).statusCode).toBe(200);
    confirmed.set(g20.id, new Set([pupils[19]!.id]));
    expect((await expectFigures(notice.id, 'each-guardian')).summary.acknowledged).toBe(2);
  });
});
