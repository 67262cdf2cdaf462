import type { AcknowledgementLinkView, PostInput, PostResponse } from '@skolportalen/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClientOf, type TestUser } from '../../../test/factories';
import { createTestApp, testConfig, waitFor, type TestContext } from '../../../test/harness';
import { roleCategory } from '../../../test/tools-helpers';
import { mailOutbox, postAcknowledgementReminders, users } from '../../db/schema';
import {
  buildMustReadClass,
  linkIn,
  type MustReadClass,
} from './acknowledgement-mail-test-helpers';
import { reminderQueue, sendDueReminders } from './acknowledgement-reminders';

/**
 * Reminders of must-read notices (decision 0040) for a class of 20 pupils and
 * their 35 guardians (acknowledgement-mail-test-helpers.ts): at the times the
 * editor chose, exactly the guardians still to confirm — per the post's rule,
 * one guardian per child or every guardian — who can be mailed; never twice
 * for a time, however often or however many at once the job runs; none after
 * the deadline, none to a disabled account or one without an address; each
 * mail with its reader's one-click link. No SMTP server: the outbox keeps the
 * mail as it would have gone out.
 */
type Client = Awaited<ReturnType<typeof bearerClientOf>>;

let t: TestContext;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const env = { PUBLIC_URL: 'https://skolportal.exempelby.se' };

let school: MustReadClass;
let asTeacher: Client;
const clients = new Map<number, Client>();

beforeAll(async () => {
  t = await createTestApp({ demo: false, clock, env });
  school = await buildMustReadClass(t);
  asTeacher = await bearerClientOf(t, school.teacher);
}, 300_000);
afterAll(() => t?.close());

const remind = () =>
  sendDueReminders({ db: t.db, jobs: t.app.jobs, mail: testConfig(env).mail }, clock());

async function as(user: TestUser) {
  let client = clients.get(user.id);
  if (!client) {
    client = await bearerClientOf(t, user);
    clients.set(user.id, client);
  }
  return client;
}

async function publish(title: string, values: Partial<PostInput>) {
  const response = await asTeacher('POST', '/api/core/v1/post', {
    type: 'news',
    title,
    excerpt: 'Läs och bekräfta.',
    nodeIds: [school.classNode.id],
    categoryIds: [roleCategory.caretaker],
    requiresAcknowledgement: true,
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PostResponse;
}

/** Who has confirmed for which child: the model of each step. */
type Confirmed = Map<number, Set<number>>;

async function confirmFor(
  confirmed: Confirmed,
  postId: number,
  guardian: TestUser,
  children: TestUser[],
) {
  const response = await (
    await as(guardian)
  )('POST', `/api/core/v1/post/${postId}/acknowledge`, {
    childIds: children.map((child) => child.id),
  });
  expect(response.statusCode, response.body).toBe(200);
  const mine = confirmed.get(guardian.id) ?? new Set<number>();
  for (const child of children) mine.add(child.id);
  confirmed.set(guardian.id, mine);
}

/**
 * The guardians a reminder must reach: those with a child of the class still
 * to confirm for — one nobody has confirmed for (each-reader), or one they
 * have not confirmed for themselves (each-guardian) — enabled and with an address.
 */
function awaitedAddresses(
  confirmed: Confirmed,
  mode: 'each-reader' | 'each-guardian',
  disabled: ReadonlySet<number> = new Set(),
) {
  const awaited = new Set<string>();
  for (const pupil of school.pupils) {
    const theirs = school.guardiansOf.get(pupil.id)!.filter((g) => !disabled.has(g.id));
    const by = (g: TestUser) => confirmed.get(g.id)?.has(pupil.id) ?? false;
    for (const guardian of theirs) {
      const waiting = mode === 'each-reader' ? !theirs.some(by) : !by(guardian);
      if (waiting && guardian.email) awaited.add(guardian.email.toLowerCase());
    }
  }
  return [...awaited].sort();
}

async function remindersOf(post: PostResponse) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.subject, `Påminnelse: ${post.title}`));
}

const addressesOf = (mails: { toAddress: string }[]) =>
  mails.map((mail) => mail.toAddress.toLowerCase()).sort();

/** The reminders as kept in the outbox, once the mail job has written each out with its link. */
async function keptRemindersOf(post: PostResponse) {
  return waitFor(
    async () => {
      const mails = await remindersOf(post);
      return mails.every((mail) => mail.status === 'kept') ? mails : undefined;
    },
    { what: `the reminders of "${post.title}" to be kept` },
  );
}

const byEmail = (address: string) =>
  [...school.guardians, school.disabledGuardian].find(
    (g) => g.email?.toLowerCase() === address.toLowerCase(),
  )!;

describe('reminders of a notice where one guardian per child is enough', () => {
  const confirmed: Confirmed = new Map();
  let notice: PostResponse;
  const disabled = new Set<number>();

  beforeAll(async () => {
    offsetMs = 0;
    notice = await publish('Utflykt till skogen', {
      acknowledgeBy: new Date(clock().getTime() + 3 * day).toISOString(),
      reminderHoursBefore: [48, 24],
    });
    const [p1, , p3, p4, p5] = school.pupils as TestUser[];
    const [g1, , g3] = school.guardians as TestUser[];
    await confirmFor(confirmed, notice.id, g1!, [p1!]);
    await confirmFor(confirmed, notice.id, g3!, [p3!, p4!]);
    await confirmFor(confirmed, notice.id, school.guardiansOf.get(p5!.id)![1]!, [p5!]);
    await confirmFor(confirmed, notice.id, school.guardiansOf.get(school.pupils[19]!.id)![0]!, [
      school.pupils[19]!,
    ]);
  }, 60_000);

  it('reminds no one before the first reminder time', async () => {
    expect(await remind()).toEqual({ posts: 0, reminded: 0 });
    expect(await remindersOf(notice)).toEqual([]);
  });

  it('at two days before the deadline, reminds exactly the guardians still to confirm who can be mailed', async () => {
    offsetMs = day + 60_000;
    const expected = awaitedAddresses(confirmed, 'each-reader');
    // P2 (G1 confirmed only P1), P6…P19 without P7's guardian who has no address.
    expect(expected).toHaveLength(2 + 14 * 2 - 1);
    const run = await remind();
    expect(run).toEqual({ posts: 1, reminded: expected.length });
    const mails = await keptRemindersOf(notice);
    expect(addressesOf(mails)).toEqual(expected);
    expect(mails.some((mail) => mail.toAddress === school.disabledGuardian.email)).toBe(false);
    // G2's other child P1 is done by G1; P5 by one of its guardians, so neither of P5's is reminded.
    const p5 = school.guardiansOf.get(school.pupils[4]!.id)!;
    expect(addressesOf(mails)).not.toContain(p5[0]!.email!.toLowerCase());
    for (const mail of mails) {
      expect(mail.body).toContain(
        'Du har ännu inte bekräftat att du har läst "Utflykt till skogen"',
      );
      expect(mail.body).toContain(`https://skolportal.exempelby.se/nyhet/${notice.slug}`);
      expect(mail.body).toMatch(
        /utan att logga in:\nhttps:\/\/skolportal\.exempelby\.se\/bekrafta\/[A-Za-z0-9_-]{43}\n/,
      );
    }
    // Each reminder's link is its own reader's.
    const g2 = school.guardians[1]!;
    const mailToG2 = mails.find((mail) => mail.toAddress === g2.email)!;
    const page = await t.app.inject({
      url: `/api/core/v1/acknowledgement-link/${linkIn(mailToG2.body)}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as AcknowledgementLinkView).myAcknowledgement.children).toEqual([
      expect.objectContaining({
        id: school.pupils[0]!.id,
        acknowledged: true,
        acknowledgedByMe: false,
      }),
      expect.objectContaining({ id: school.pupils[1]!.id, acknowledged: false }),
    ]);
  });

  it('never reminds twice for a time: not on the next run, nor when two run at once', async () => {
    const before = (await remindersOf(notice)).length;
    expect(await remind()).toEqual({ posts: 0, reminded: 0 });
    offsetMs += 10 * 60_000;
    const runs = await Promise.all([remind(), remind()]);
    expect(runs.reduce((sum, run) => sum + run.reminded, 0)).toBe(0);
    expect((await remindersOf(notice)).length).toBe(before);
  });

  it('at the next time, leaves out a guardian who confirmed through the reminder, and a disabled one', async () => {
    const p6 = school.pupils[5]!;
    const [g6a] = school.guardiansOf.get(p6.id)!;
    const mails = await remindersOf(notice);
    const secret = linkIn(mails.find((mail) => mail.toAddress === g6a!.email)!.body)!;
    const confirmedByLink = await t.app.inject({
      method: 'POST',
      url: `/api/core/v1/acknowledgement-link/${secret}`,
      payload: {},
    });
    expect(confirmedByLink.statusCode, confirmedByLink.body).toBe(200);
    confirmed.set(g6a!.id, new Set([p6.id]));
    const [g8a] = school.guardiansOf.get(school.pupils[7]!.id)!;
    await t.db.update(users).set({ disabledAt: clock() }).where(eq(users.id, g8a!.id));
    disabled.add(g8a!.id);

    offsetMs = 2 * day + 60_000;
    const expected = awaitedAddresses(confirmed, 'each-reader', disabled);
    expect(await remind()).toEqual({ posts: 1, reminded: expected.length });
    const [first, second] = notice.reminderHoursBefore.map(
      (hours) => new Date(new Date(notice.acknowledgeBy!).getTime() - hours * hour),
    );
    const reminded = await t.db
      .select({
        slotAt: postAcknowledgementReminders.slotAt,
        userId: postAcknowledgementReminders.userId,
      })
      .from(postAcknowledgementReminders)
      .where(
        and(
          eq(postAcknowledgementReminders.postId, notice.id),
          eq(postAcknowledgementReminders.slotAt, second!),
        ),
      );
    const at24 = await t.db
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          reminded.map((row) => row.userId),
        ),
      );
    expect(at24.map((row) => row.email!.toLowerCase()).sort()).toEqual(expected);
    expect(expected).not.toContain(g6a!.email!.toLowerCase());
    expect(expected).not.toContain(g8a!.email!.toLowerCase());
    expect(first!.getTime()).toBeLessThan(second!.getTime());
    await keptRemindersOf(notice);
  });

  it('reminds no one once the deadline has passed', async () => {
    offsetMs = 3 * day + 60_000;
    expect(await remind()).toEqual({ posts: 0, reminded: 0 });
  });

  afterAll(async () => {
    offsetMs = 0;
    for (const id of disabled) {
      await t.db.update(users).set({ disabledAt: null }).where(eq(users.id, id));
    }
  });
});

describe('reminders of a notice every guardian must confirm', () => {
  it('reach each guardian who has not confirmed for a child, though the other guardian has', async () => {
    offsetMs = 0;
    const confirmed: Confirmed = new Map();
    const notice = await publish('Ledighetsansökan', {
      acknowledgement: 'each-guardian',
      acknowledgeBy: new Date(clock().getTime() + 2 * day).toISOString(),
    });
    const [p1, p2, p3, , p5] = school.pupils as TestUser[];
    const [g1, , g3] = school.guardians as TestUser[];
    await confirmFor(confirmed, notice.id, g1!, [p1!, p2!]);
    await confirmFor(confirmed, notice.id, g3!, [p3!]);
    for (const guardian of school.guardiansOf.get(p5!.id)!) {
      await confirmFor(confirmed, notice.id, guardian, [p5!]);
    }
    offsetMs = day + 60_000;
    const expected = awaitedAddresses(confirmed, 'each-guardian');
    const run = await remind();
    expect(run.reminded).toBe(expected.length);
    const mails = await keptRemindersOf(notice);
    expect(addressesOf(mails)).toEqual(expected);
    const reached = new Set(addressesOf(mails).map((address) => byEmail(address).id));
    // P1 and P2 wait for G2 although G1 confirmed for both; G3 still owes P4.
    expect(reached.has(g1!.id)).toBe(false);
    expect(reached.has(school.guardians[1]!.id)).toBe(true);
    expect(reached.has(g3!.id)).toBe(true);
    for (const guardian of school.guardiansOf.get(p5!.id)!)
      expect(reached.has(guardian.id)).toBe(false);
    offsetMs = 0;
  });
});

describe('reminder times the portal was not there for', () => {
  it('sends a time that came while the portal was down once, and only the latest of several', async () => {
    offsetMs = 0;
    const notice = await publish('Föräldramöte', {
      acknowledgeBy: new Date(clock().getTime() + 4 * day).toISOString(),
      reminderHoursBefore: [72, 48, 24],
    });
    // Down from before the first time until an hour before the deadline.
    offsetMs = 4 * day - hour;
    const expected = awaitedAddresses(new Map(), 'each-reader');
    expect((await remind()).reminded).toBe(expected.length);
    expect((await remind()).reminded).toBe(0);
    const mails = await keptRemindersOf(notice);
    expect(addressesOf(mails)).toEqual(expected);
    const slots = await t.db
      .selectDistinct({ slotAt: postAcknowledgementReminders.slotAt })
      .from(postAcknowledgementReminders)
      .where(eq(postAcknowledgementReminders.postId, notice.id));
    expect(slots).toEqual([{ slotAt: new Date(new Date(notice.acknowledgeBy!).getTime() - day) }]);
    offsetMs = 0;
  });

  it('sends no reminder for a time before the notice was published', async () => {
    offsetMs = 0;
    const notice = await publish('Stängt i morgon', {
      acknowledgeBy: new Date(clock().getTime() + 12 * hour).toISOString(),
      reminderHoursBefore: [24],
    });
    offsetMs = 11 * hour;
    await remind();
    expect(await remindersOf(notice)).toEqual([]);
    offsetMs = 0;
  });
});

describe('a reminder to a reader of another language (issue 27)', () => {
  it('carries the notice in the reader’s language above the Swedish reminder, and its link opens it so', async () => {
    offsetMs = 0;
    const somali = school.guardians[2]!;
    const chosen = await (
      await as(somali)
    )('PUT', '/api/core/v1/user/language', { preferredLanguage: 'so' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const notice = await publish('Föräldramöte i 3A', {
      excerpt: 'Välkommen till föräldramöte på tisdag.',
      acknowledgeBy: new Date(clock().getTime() + 3 * day).toISOString(),
      reminderHoursBefore: [24],
    });
    const translated = await asTeacher('PUT', `/api/core/v1/post/${notice.id}/translation/so`, {
      title: 'Shirka waalidiinta 3A',
      excerpt: 'Ku soo dhawoow shirka waalidiinta Talaadada.',
    });
    expect(translated.statusCode, translated.body).toBe(200);

    // The app's own reminder job, with the languages the API mount gave it.
    offsetMs = 2 * day + 60_000;
    await t.app.jobs.send(reminderQueue, {});
    const [mail] = await waitFor(
      async () => {
        const rows = await t.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, somali.email!), eq(mailOutbox.status, 'kept')));
        const mine = rows.filter((row) => row.subject === 'Shirka waalidiinta 3A');
        return mine.length > 0 ? mine : undefined;
      },
      { what: 'the Somali reminder' },
    );
    const [translatedPart, originalPart] = mail!.body.split('Originalet på svenska:');
    expect(translatedPart).toContain('Ku soo dhawoow shirka waalidiinta Talaadada.');
    expect(originalPart).toContain('Påminnelse: Föräldramöte i 3A');
    expect(originalPart).toContain(
      'Du har ännu inte bekräftat att du har läst "Föräldramöte i 3A"',
    );
    // A Swedish reader of the same notice gets the Swedish reminder.
    const swedishReader = await waitFor(async () => {
      const rows = await remindersOf(notice);
      return rows.find((row) => row.toAddress !== somali.email) ?? undefined;
    });
    expect(swedishReader.body).not.toContain('Originalet på svenska');

    const page = await t.app.inject({
      url: `/api/core/v1/acknowledgement-link/${linkIn(mail!.body)}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json() as AcknowledgementLinkView;
    expect(view.post).toMatchObject({
      title: 'Shirka waalidiinta 3A',
      excerpt: 'Ku soo dhawoow shirka waalidiinta Talaadada.',
      language: 'so',
      dir: 'ltr',
      machineTranslated: false,
      outdated: false,
      original: { title: 'Föräldramöte i 3A', excerpt: 'Välkommen till föräldramöte på tisdag.' },
    });
    offsetMs = 0;
  });
});
