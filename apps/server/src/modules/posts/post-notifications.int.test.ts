import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { clientFor, createPost, postUrl, type Client } from '../../../test/posts-helpers';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';
import { notifications } from '../../db/schema';
import { buildClassWithGuardians } from '../notifications/notification-test-helpers';

/**
 * A post with sendNotification mails its audience when it is published — at
 * once, or when the scheduler publishes it at its time — and only once.
 */
const hour = 60 * 60 * 1000;
let now = new Date('2026-11-23T07:00:00.000Z');
let t: TestContext;
let inbox: SmtpInbox;
let teacher: Client;
let karin: Client;
let audience: { nodeIds: number[]; categoryIds: number[] };

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    demo: false,
    clock: () => now,
    env: {
      SMTP_URL: inbox.url,
      POST_SCHEDULER_INTERVAL_MS: '1000',
      PUBLIC_URL: 'https://skolportal.exempelby.se',
    },
  });
  const fixture = await buildClassWithGuardians(t);
  audience = { nodeIds: [fixture.classId], categoryIds: [fixture.caretakerCategoryId] };
  teacher = await clientFor(t, fixture.people.anna);
  karin = await clientFor(t, fixture.people.karin);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const received = (subject: string) =>
  waitFor(
    () => {
      const mails = inbox.messages.filter((mail) => mail.subject === subject);
      return mails.length >= 2 ? mails : undefined;
    },
    { what: `the mails about "${subject}"` },
  );
const notificationsOf = async (postId: number) =>
  (
    await t.db
      .select({ value: count() })
      .from(notifications)
      .where(eq(notifications.postId, postId))
  )[0]!.value;

describe('a post with sendNotification', () => {
  it('mails the guardians it is aimed at when it is published, with a link to it', async () => {
    const post = await createPost(teacher, {
      ...audience,
      title: 'Utvecklingssamtal vecka 48',
      excerpt: 'Boka en tid för samtal om ditt barns utveckling.',
      sendNotification: true,
    });
    const mails = await received('Utvecklingssamtal vecka 48');
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([
      'karin.nilsson@example.org',
      'test.guardian@example.org',
    ]);
    expect(mails[0]!.text).toContain('Boka en tid för samtal om ditt barns utveckling.');
    expect(mails[0]!.text).toContain(`https://skolportal.exempelby.se${post.url}`);
    const bell = await karin('GET', '/api/portal-service/v1/notification');
    expect(bell.json()[0]).toMatchObject({
      subject: 'Utvecklingssamtal vecka 48',
      source: 'post',
      postId: post.id,
    });
  });

  it('says nothing when the post does not ask to, or is saved as a draft', async () => {
    const quiet = await createPost(teacher, { ...audience, title: 'Tyst nyhet' });
    const draft = await createPost(teacher, {
      ...audience,
      title: 'Utkast med utskick',
      status: 'draft',
      sendNotification: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await notificationsOf(quiet.id)).toBe(0);
    expect(await notificationsOf(draft.id)).toBe(0);
    expect(inbox.messages.some((mail) => mail.subject === 'Tyst nyhet')).toBe(false);
  });

  it('mails when a scheduled post goes live, and never again when it is published anew', async () => {
    const post = await createPost(teacher, {
      ...audience,
      title: 'Julavslutning i kyrkan',
      publishedDate: new Date(now.getTime() + hour).toISOString(),
      sendNotification: true,
    });
    expect(post.status).toBe('future');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await notificationsOf(post.id)).toBe(0);

    // Time passes; only the scheduled job sees it.
    now = new Date(now.getTime() + 2 * hour);
    const mails = await received('Julavslutning i kyrkan');
    expect(mails).toHaveLength(2);

    const stored = (await teacher('GET', `${postUrl}/${post.id}`)).json();
    const { id: _id, ...body } = stored;
    const asDraft = await teacher('PUT', `${postUrl}/${post.id}`, {
      ...pick(body),
      status: 'draft',
    });
    expect(asDraft.statusCode, asDraft.body).toBe(200);
    const again = await teacher('PUT', `${postUrl}/${post.id}`, {
      ...pick(body),
      status: 'publish',
      publishedDate: null,
    });
    expect(again.statusCode, again.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await notificationsOf(post.id)).toBe(1);
    expect(inbox.messages.filter((mail) => mail.subject === 'Julavslutning i kyrkan')).toHaveLength(
      2,
    );
  });
});

/** The writable fields of a stored post. */
function pick(post: Record<string, unknown>) {
  const fields = [
    'type',
    'title',
    'excerpt',
    'nodeIds',
    'categoryIds',
    'userIds',
    'sendNotification',
    'content',
    'slug',
  ];
  return Object.fromEntries(
    fields.filter((field) => field in post).map((field) => [field, post[field]]),
  );
}
