import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  feedTitles,
  postUrl,
  type Client,
} from '../../../test/posts-helpers';
import { posts } from '../../db/schema';
import { runPostSchedule } from './post-scheduler';

const hour = 60 * 60 * 1000;
let now = new Date('2026-11-23T07:00:00.000Z');
let t: TestContext;
/** The teacher's school: a teacher aims at her own school (decision 0028). */
let school: number;
let teacher: Client;
let student: Client;
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    clock: () => now,
    env: { POST_SCHEDULER_INTERVAL_MS: '40' },
  });
  const author = await buildUser(t, { role: 'role_teacher' });
  teacher = await clientFor(t, author);
  school = author.school!.id;
  student = await clientFor(t, await buildUser(t, { role: 'role_student', school: author.school }));
});
afterAll(() => t.close());

/** Waits, without a single request to the app, until the stored status is the expected one. */
async function statusBecomes(id: number, status: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await t.db.select({ status: posts.status }).from(posts).where(eq(posts.id, id));
    if (row?.status === status || Date.now() > deadline) return row?.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The teacher's school's pupils. */
const pupils = () => ({ nodeIds: [school], categoryIds: [4] });

describe('scheduled publishing', () => {
  it('publishes a future post at its time with no request triggering it', async () => {
    const post = await createPost(teacher, {
      ...pupils(),
      title: 'Schemalagd nyhet',
      publishedDate: new Date(now.getTime() + hour).toISOString(),
    });
    expect(post.status).toBe('future');
    expect(await feedTitles(student)).not.toContain('Schemalagd nyhet');
    expect((await student('GET', `${postUrl}/${post.id}`)).statusCode).toBe(404);

    // Time passes — only the job sees it.
    now = new Date(now.getTime() + 2 * hour);
    expect(await statusBecomes(post.id, 'publish')).toBe('publish');
    expect(await feedTitles(student)).toContain('Schemalagd nyhet');
  });

  it('takes a post down once its unpublishing time has passed', async () => {
    const post = await createPost(teacher, {
      ...pupils(),
      title: 'Tidsbegränsad nyhet',
      unpublishedDate: new Date(now.getTime() + hour).toISOString(),
    });
    expect(await feedTitles(student)).toContain('Tidsbegränsad nyhet');
    now = new Date(now.getTime() + 2 * hour);
    expect(await statusBecomes(post.id, 'draft')).toBe('draft');
    expect(await feedTitles(student)).not.toContain('Tidsbegränsad nyhet');
    // The author still has it, as a draft.
    expect(await feedTitles(teacher, { status: ['draft'] })).toContain('Tidsbegränsad nyhet');
  });

  it('refuses to publish with an unpublishing time already passed', async () => {
    const response = await teacher('POST', postUrl, {
      type: 'news',
      title: 'Redan ute',
      ...pupils(),
      unpublishedDate: new Date(now.getTime() - hour).toISOString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'unpublishedDate', message: 'Avpubliceringsdatumet har redan passerat' },
    ]);
  });

  it('is idempotent, and concurrent runs change each post once', async () => {
    const due = await createPost(teacher, {
      ...pupils(),
      title: 'Samtidig',
      publishedDate: new Date(now.getTime() + hour).toISOString(),
    });
    const later = new Date(now.getTime() + 2 * hour);
    const runs = await Promise.all([
      runPostSchedule(t.db, later),
      runPostSchedule(t.db, later),
      runPostSchedule(t.db, later),
    ]);
    const published = runs.flatMap((run) => run.published).filter((id) => id === due.id);
    // Unless the app's own interval got there first, exactly one run did it.
    expect(published.length).toBeLessThanOrEqual(1);
    expect(await statusBecomes(due.id, 'publish')).toBe('publish');
    expect(await runPostSchedule(t.db, later)).toEqual({
      published: [],
      unpublished: [],
      closedCourses: [],
    });
  });
});
