import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  courseDateTime,
  type AcknowledgementLinkView,
  type PostInput,
  type PostResponse,
} from '@skolportalen/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearerClientOf,
  buildClass,
  buildSchool,
  buildUser,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';
import { roleCategory } from '../../../test/tools-helpers';
import { loggableUrl } from '../../app';
import { rowsOf } from '../../db/raw-rows';
import {
  auditLog,
  notifications,
  postAcknowledgementLinks,
  postAcknowledgements,
  postReads,
  users,
} from '../../db/schema';
import { issueLinks } from './acknowledgement-links.repo';
import { linkIn, linksIn } from './acknowledgement-mail-test-helpers';

/**
 * The one-click link of a must-read notice's mail (decision 0040): made as
 * the notification is sent, one per reader the notice asks; its page shows
 * the notice and changes nothing; confirming through it records once, as in
 * the portal, via 'email-link'; it ends a week after the deadline and is
 * revoked by the editors, by the notice no longer asking, and with the
 * reader's account.
 */
type Client = Awaited<ReturnType<typeof bearerClientOf>>;

let t: TestContext;
let inbox: SmtpInbox;
let webDist: string;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const day = 24 * 60 * 60 * 1000;
const publicUrl = 'https://skolportal.exempelby.se';

let teacher: TestUser;
let asTeacher: Client;
let elsa: TestUser;
let olle: TestUser;
let maja: TestUser;
let karin: TestUser;
let per: TestUser;
let lina: TestUser;
let lars: TestUser;
let classId: number;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  webDist = mkdtempSync(path.join(tmpdir(), 'skolportalen-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Skolportalen</title>');
  t = await createTestApp({
    demo: false,
    clock,
    env: { SMTP_URL: inbox.url, PUBLIC_URL: publicUrl, WEB_DIST_DIR: webDist },
  });
  const school = await buildSchool(t, { name: 'Ekbackens skola' });
  const class2B = await buildClass(t, { school, name: '2B' });
  classId = class2B.id;
  teacher = await buildUser(t, { role: 'role_teacher', class: class2B, firstName: 'Anna' });
  asTeacher = await bearerClientOf(t, teacher);
  const pupil = (firstName: string, securityMarking?: 'Skyddad folkbokföring') =>
    buildUser(t, {
      role: 'role_student',
      class: class2B,
      firstName,
      lastName: 'Elev',
      email: null,
      ...(securityMarking ? { securityMarking } : {}),
    });
  elsa = await pupil('Elsa');
  olle = await pupil('Olle');
  maja = await pupil('Maja', 'Skyddad folkbokföring');
  const guardian = (firstName: string, email: string, children: TestUser[]) =>
    buildUser(t, {
      role: 'role_caretaker',
      firstName,
      lastName: 'Förälder',
      email,
      guardianOf: children,
    });
  karin = await guardian('Karin', 'karin@example.org', [elsa, olle]);
  per = await guardian('Per', 'per@example.org', [elsa, olle]);
  // Maja's guardians read one family mailbox.
  lina = await guardian('Lina', 'familjen.berg@example.org', [maja]);
  lars = await guardian('Lars', 'Familjen.Berg@example.org', [maja]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await inbox?.close();
  rmSync(webDist, { recursive: true, force: true });
});

let made = 0;
function noticeBody(values: Partial<PostInput> = {}): PostInput {
  made += 1;
  return {
    type: 'info',
    title: `Utflykt ${made}`,
    excerpt: 'Vi åker till skogen på fredag.',
    content: [
      { id: 'h1', type: 'heading', props: { text: 'Packlista', size: 2 }, children: [] },
      { id: 'p1', type: 'html', props: { html: '<p>Matsäck och stövlar.</p>' }, children: [] },
      { id: 't1', type: 'tool', props: { toolIds: '[]' }, children: [] },
    ],
    nodeIds: [classId],
    categoryIds: [roleCategory.caretaker],
    requiresAcknowledgement: true,
    acknowledgeBy: new Date(clock().getTime() + 3 * day).toISOString(),
    ...values,
  } as PostInput;
}

async function publish(values: Partial<PostInput> = {}) {
  const body = noticeBody(values);
  const response = await asTeacher('POST', '/api/core/v1/post', body);
  expect(response.statusCode, response.body).toBe(201);
  return { post: response.json() as PostResponse, body };
}

/** Each test reads and confirms from an address of its own: the limits are per address. */
let address = '';
let addresses = 0;
beforeEach(() => {
  addresses += 1;
  address = `192.0.2.${addresses}`;
});

const view = (secret: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/core/v1/acknowledgement-link/${secret}`,
    remoteAddress: address,
  });
const confirm = (secret: string, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/core/v1/acknowledgement-link/${secret}`,
    payload: body,
    remoteAddress: address,
  });

/** What a link's use may write, to show that a refusal or a look writes none of it. */
async function writes(postId: number) {
  const [acknowledgements] = await t.db
    .select({ n: count() })
    .from(postAcknowledgements)
    .where(eq(postAcknowledgements.postId, postId));
  const [reads] = await t.db
    .select({ n: count() })
    .from(postReads)
    .where(eq(postReads.postId, postId));
  const [audit] = await t.db.select({ n: count() }).from(auditLog);
  return { acknowledgements: acknowledgements!.n, reads: reads!.n, audit: audit!.n };
}

/** A link made for the reader as the mail would make it. */
async function linkFor(postId: number, reader: TestUser) {
  const [issued] = await issueLinks(t.db, [{ postId, userId: reader.id }], clock());
  return issued!.secret;
}

describe('the notification mail of a must-read notice', () => {
  let notice: PostResponse;
  const secrets = new Map<number, string>();

  it('carries a one-click link for each reader it asks, a mailbox shared by two guardians one for each', async () => {
    ({ post: notice } = await publish({ sendNotification: true }));
    await waitFor(
      async () => {
        const [row] = await t.db
          .select({ state: notifications.state })
          .from(notifications)
          .where(eq(notifications.postId, notice.id));
        return row?.state === 'sent';
      },
      { what: "the notice's notification to be sent" },
    );
    const mails = inbox.messages.filter((message) => message.subject === notice.title);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([
      'familjen.berg@example.org',
      'karin@example.org',
      'per@example.org',
    ]);
    const mailTo = (address: string) => mails.find((mail) => mail.to[0] === address)!.text;
    const deadline = courseDateTime(notice.acknowledgeBy!);
    for (const [reader, address] of [
      [karin, 'karin@example.org'],
      [per, 'per@example.org'],
    ] as const) {
      const text = mailTo(address);
      expect(text).toContain(`Bekräfta senast ${deadline} att du har läst`);
      expect(text).toMatch(new RegExp(`${publicUrl}/bekrafta/[A-Za-z0-9_-]{43}\\n`));
      // Above the footer, which still ends the mail.
      expect(text.indexOf('/bekrafta/')).toBeLessThan(text.indexOf('\n-- \n'));
      secrets.set(reader.id, linkIn(text)!);
    }
    const family = mailTo('familjen.berg@example.org');
    const [forLina, forLars] = linksIn(family);
    expect(family).toContain(`För Lina: ${publicUrl}/bekrafta/${forLina}`);
    expect(family).toContain(`För Lars: ${publicUrl}/bekrafta/${forLars}`);
    secrets.set(lina.id, forLina!).set(lars.id, forLars!);
    expect(new Set(secrets.values()).size).toBe(4);
  });

  it('keeps only the hash of each secret, and the secret nowhere else', async () => {
    const stored = await t.db
      .select()
      .from(postAcknowledgementLinks)
      .where(eq(postAcknowledgementLinks.postId, notice.id));
    expect(stored).toHaveLength(4);
    for (const [userId, secret] of secrets) {
      const row = stored.find((link) => link.userId === userId)!;
      expect(row.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
      // A week after the deadline.
      expect(row.expiresAt.getTime()).toBe(new Date(notice.acknowledgeBy!).getTime() + 7 * day);
      expect(row.revokedAt).toBeNull();
      for (const [table, column] of [
        ['mail_outbox', 'body'],
        ['notifications', 'body'],
        ['audit_log', 'after::text'],
        ['pgboss.job', 'output::text'],
      ] as const) {
        const [found] = await rowsOf<{ n: number }>(
          t.db,
          sql.raw(`select count(*)::int as n from ${table} where ${column} like '%${secret}%'`),
        );
        expect(found!.n, `${table} holds a secret`).toBe(0);
      }
    }
  });

  it('shows the page without signing in: the notice, the reader, her children; and writes nothing', async () => {
    const before = await writes(notice.id);
    const response = await view(secrets.get(karin.id)!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.json() as AcknowledgementLinkView;
    expect(page).toMatchObject({
      post: {
        id: notice.id,
        type: 'info',
        title: notice.title,
        excerpt: 'Vi åker till skogen på fredag.',
        url: `/nyhet/${notice.slug}`,
        moreInPortal: true,
      },
      reader: { firstName: 'Karin' },
      acknowledgeBy: notice.acknowledgeBy,
      acknowledgement: 'each-reader',
      myAcknowledgement: {
        acknowledged: false,
        overdue: false,
        children: [
          { id: elsa.id, name: 'Elsa Elev', acknowledged: false, acknowledgedByMe: false },
          { id: olle.id, name: 'Olle Elev', acknowledged: false, acknowledgedByMe: false },
        ],
      },
    });
    // The text blocks; the tool list is the signed-in reader's own and stays in the portal.
    expect(page.post.content.map((block) => block.type)).toEqual(['heading', 'html']);
    expect(await writes(notice.id)).toEqual(before);
    // A guardian sees her own protected child by name.
    const linas = (await view(secrets.get(lina.id)!)).json() as AcknowledgementLinkView;
    expect(linas.myAcknowledgement.children).toEqual([
      expect.objectContaining({ id: maja.id, name: 'Maja Elev' }),
    ]);
  });

  it('serves the page in the web app unindexed, uncached and without a referrer', async () => {
    const response = await t.app.inject({ url: `/bekrafta/${secrets.get(karin.id)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
  });

  it('confirms through the link once, via the mail, on record with the reader as actor', async () => {
    const secret = secrets.get(karin.id)!;
    const first = await confirm(secret);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      postId: notice.id,
      recorded: 2,
      myAcknowledgement: { acknowledged: true },
    });
    const rows = await t.db
      .select()
      .from(postAcknowledgements)
      .where(
        and(eq(postAcknowledgements.postId, notice.id), eq(postAcknowledgements.userId, karin.id)),
      );
    expect(rows.map((row) => [row.childId, row.via]).sort()).toEqual(
      [
        [elsa.id, 'email-link'],
        [olle.id, 'email-link'],
      ].sort(),
    );
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'post.acknowledge'), eq(auditLog.actorUserId, karin.id)));
    expect(audited).toMatchObject({
      entityType: 'post',
      entityId: String(notice.id),
      realUserId: null,
      after: { childIds: [elsa.id, olle.id], forThemselves: false, via: 'email-link' },
    });
    // Sent again: nothing more is recorded, and the page says it is done.
    const again = await confirm(secret);
    expect(again.json()).toMatchObject({ recorded: 0 });
    const page = (await view(secret)).json() as AcknowledgementLinkView;
    expect(page.myAcknowledgement.acknowledged).toBe(true);
    // The teacher's report shows the confirmation came through the mail.
    const report = await asTeacher(
      'GET',
      `/api/core/v1/post/${notice.id}/acknowledgements?state=acknowledged`,
    );
    expect(report.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: karin.id, childId: elsa.id, via: 'email-link' }),
      ]),
    );
  });

  it('records one of twenty confirmations sent at once', async () => {
    const secret = secrets.get(per.id)!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => confirm(secret, { childIds: [elsa.id] })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(
      answers.reduce((sum, answer) => sum + answer.json<{ recorded: number }>().recorded, 0),
    ).toBe(1);
    const [mine] = await t.db
      .select({ n: count() })
      .from(postAcknowledgements)
      .where(
        and(eq(postAcknowledgements.postId, notice.id), eq(postAcknowledgements.userId, per.id)),
      );
    expect(mine!.n).toBe(1);
  });

  it('refuses a child not the reader’s own, writing nothing', async () => {
    const before = await writes(notice.id);
    const refused = await confirm(secrets.get(per.id)!, { childIds: [maja.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'NOT_OWN_CHILD' });
    expect(await writes(notice.id)).toEqual(before);
  });

  it('is revoked by the editors, for one reader or every one, on record', async () => {
    const asKarin = await bearerClientOf(t, karin);
    const url = `/api/core/v1/post/${notice.id}/acknowledgement-links/revoke`;
    expect((await asKarin('POST', url, { userIds: [lars.id] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const one = await asTeacher('POST', url, { userIds: [lars.id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ revoked: 1 });
    const before = await writes(notice.id);
    const gone = await view(secrets.get(lars.id)!);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      code: 'LINK_REVOKED',
      message: 'Länken gäller inte längre',
    });
    expect((await confirm(secrets.get(lars.id)!)).statusCode).toBe(410);
    expect(await writes(notice.id)).toEqual(before);
    // Lina's link, to the same mailbox, still opens.
    expect((await view(secrets.get(lina.id)!)).statusCode).toBe(200);
    const all = await asTeacher('POST', url, {});
    expect(all.json()).toEqual({ revoked: 3 });
    expect((await view(secrets.get(lina.id)!)).statusCode).toBe(410);
    const audited = await t.db
      .select({ after: auditLog.after, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.action, 'post.acknowledgement-links.revoke'));
    expect(audited).toEqual([
      { actor: teacher.id, after: { userIds: [lars.id], revoked: 1 } },
      { actor: teacher.id, after: { userIds: 'all', revoked: 3 } },
    ]);
  });
});

describe('a link that no longer opens', () => {
  it('answers a link it never made, or one cut short, with "Länken finns inte"', async () => {
    for (const secret of ['A'.repeat(43), 'kort', 'A'.repeat(42)]) {
      const response = await view(secret);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Länken finns inte' });
      expect((await confirm(secret)).statusCode).toBe(404);
    }
  });

  it('has gone out a week after the deadline; a moved deadline moves it; without one it lasts thirty days', async () => {
    const { post, body } = await publish();
    const secret = await linkFor(post.id, karin);
    const [link] = await t.db
      .select()
      .from(postAcknowledgementLinks)
      .where(eq(postAcknowledgementLinks.postId, post.id));
    expect(link!.expiresAt.getTime()).toBe(new Date(post.acknowledgeBy!).getTime() + 7 * day);
    // The teacher gives a day more: the link lasts a day more.
    const later = new Date(new Date(post.acknowledgeBy!).getTime() + day).toISOString();
    const moved = await asTeacher('PUT', `/api/core/v1/post/${post.id}`, {
      ...body,
      acknowledgeBy: later,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [after] = await t.db
      .select({ expiresAt: postAcknowledgementLinks.expiresAt })
      .from(postAcknowledgementLinks)
      .where(eq(postAcknowledgementLinks.postId, post.id));
    expect(after!.expiresAt.getTime()).toBe(new Date(later).getTime() + 7 * day);
    // Past the deadline the notice is overdue, and the link still confirms.
    offsetMs = 5 * day;
    const overdue = (await view(secret)).json() as AcknowledgementLinkView;
    expect(overdue.myAcknowledgement).toMatchObject({ acknowledged: false, overdue: true });
    offsetMs = 4 * day + 7 * day + 60_000;
    const before = await writes(post.id);
    const gone = await view(secret);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'LINK_EXPIRED', message: 'Länken har gått ut' });
    const refused = await confirm(secret);
    expect(refused.statusCode).toBe(410);
    expect(await writes(post.id)).toEqual(before);
    offsetMs = 0;

    const { post: open } = await publish({ acknowledgeBy: null });
    // The link is made at the server's moment, between these two.
    const asked = clock();
    await linkFor(open.id, karin);
    const answered = clock();
    const [lasting] = await t.db
      .select({ expiresAt: postAcknowledgementLinks.expiresAt })
      .from(postAcknowledgementLinks)
      .where(eq(postAcknowledgementLinks.postId, open.id));
    expect(lasting!.expiresAt.getTime()).toBeGreaterThanOrEqual(asked.getTime() + 30 * day);
    expect(lasting!.expiresAt.getTime()).toBeLessThanOrEqual(answered.getTime() + 30 * day);
  });

  it('is revoked for good when the notice no longer asks: taken down, no longer must-read, in the trash', async () => {
    const taken = await publish();
    const plain = await publish();
    const trashed = await publish();
    const secrets = {
      taken: await linkFor(taken.post.id, karin),
      plain: await linkFor(plain.post.id, karin),
      trashed: await linkFor(trashed.post.id, karin),
    };
    const put = (id: number, body: object) => asTeacher('PUT', `/api/core/v1/post/${id}`, body);
    expect((await put(taken.post.id, { ...taken.body, status: 'draft' })).statusCode).toBe(200);
    expect(
      (
        await put(plain.post.id, {
          ...plain.body,
          requiresAcknowledgement: false,
          acknowledgeBy: null,
        })
      ).statusCode,
    ).toBe(200);
    expect((await asTeacher('DELETE', `/api/core/v1/post/${trashed.post.id}`)).statusCode).toBe(
      200,
    );
    for (const secret of Object.values(secrets)) {
      const response = await view(secret);
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ code: 'LINK_REVOKED' });
    }
    // Published again, the notice asks again; the old link stays revoked.
    expect((await put(taken.post.id, taken.body)).statusCode).toBe(200);
    expect((await view(secrets.taken)).statusCode).toBe(410);
    expect((await confirm(secrets.taken)).statusCode).toBe(410);
  });

  it("is revoked with the reader's account", async () => {
    const { post } = await publish();
    const secret = await linkFor(post.id, per);
    expect((await view(secret)).statusCode).toBe(200);
    await t.db.update(users).set({ disabledAt: clock() }).where(eq(users.id, per.id));
    const before = await writes(post.id);
    expect((await view(secret)).statusCode).toBe(410);
    expect((await confirm(secret)).statusCode).toBe(410);
    expect(await writes(post.id)).toEqual(before);
    const [link] = await t.db
      .select({ revokedAt: postAcknowledgementLinks.revokedAt })
      .from(postAcknowledgementLinks)
      .where(eq(postAcknowledgementLinks.postId, post.id));
    expect(link!.revokedAt).not.toBeNull();
    // Enabled again, the account does not bring its old link back.
    await t.db.update(users).set({ disabledAt: null }).where(eq(users.id, per.id));
    expect((await view(secret)).statusCode).toBe(410);
  });

  it('takes so many tries a minute from one address, like other writes without a session', async () => {
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await confirm('B'.repeat(43))).statusCode);
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(answers[30]).toBe(429);
  });

  it('keeps the secret out of the log, on the page and in the API', () => {
    expect(loggableUrl('/bekrafta/Ab_3-x')).toBe('/bekrafta/[dolt]');
    expect(loggableUrl('/api/core/v1/acknowledgement-link/Ab_3-x')).toBe(
      '/api/core/v1/acknowledgement-link/[dolt]',
    );
    expect(loggableUrl('/api/core/v1/post/12/acknowledgement-links/revoke')).toBe(
      '/api/core/v1/post/12/acknowledgement-links/revoke',
    );
  });
});
