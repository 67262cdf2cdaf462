import type { PostInput } from '@skolportalen/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { clientFor, createPost, postBody, postUrl, type Client } from '../../../test/posts-helpers';
import { auditLog, posts, postVersions, retentionRules } from '../../db/schema';
import { retentionQueue, runRetention } from './retention-run';

/**
 * Retention (decision 0043): a rule with a decision deletes exactly the
 * covered posts whose latest version is unpublished and older than the rule
 * allows — their rows and all their versions — and logs each; it keeps young
 * ones, published ones, other types and keep-forever types.
 */
const day = 86_400_000;
let now = new Date('2025-01-10T09:00:00.000Z');
let t: TestContext;
let admin: Client;
let teacher: Client;
let rektor: Client;

beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: () => now });
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  const author = await buildUser(t, { role: 'role_teacher' });
  teacher = await clientFor(t, author);
  rektor = await clientFor(
    t,
    await buildUser(t, { role: 'role_school_responsible', school: author.school }),
  );
});
afterAll(() => t.close());

const rulesUrl = '/api/core/v1/retention-rules';
const later = (days: number) => {
  now = new Date(now.getTime() + days * day);
};
const post = (title: string, overrides: Partial<PostInput> = {}) =>
  createPost(admin, { title, ...overrides });
const trash = async (id: number) =>
  expect((await admin('DELETE', `${postUrl}/${id}`)).statusCode).toBe(200);
const versionsOf = (ids: number[]) =>
  t.db.select().from(postVersions).where(inArray(postVersions.postId, ids));

describe('retention rules', () => {
  it('refuses everyone but administrators', async () => {
    for (const client of [teacher, rektor]) {
      expect((await client('GET', rulesUrl)).statusCode).toBe(403);
      const body = { postType: 'news', keepMonths: 12, decision: 'KS 2024/1' };
      expect((await client('POST', rulesUrl, body)).statusCode).toBe(403);
      expect((await client('PUT', `${rulesUrl}/1`, body)).statusCode).toBe(403);
      expect((await client('DELETE', `${rulesUrl}/1`)).statusCode).toBe(403);
      expect((await client('GET', '/api/core/v1/post-export')).statusCode).toBe(403);
    }
    expect(await t.db.select().from(retentionRules)).toEqual([]);
  });

  it('answers bad input in Swedish, and a second rule for a type with 409', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ postType: 'news', keepMonths: 0, decision: 'KS 1' }, 'keepMonths', 'Ange ett helt antal'],
      [
        { postType: 'news', keepMonths: 2.5, decision: 'KS 1' },
        'keepMonths',
        'Ange ett helt antal',
      ],
      [{ postType: 'news', keepMonths: 12, decision: '  ' }, 'decision', 'Ange gallringsbeslutet'],
      [{ postType: 'news', keepMonths: 12 }, 'decision', 'Ange gallringsbeslutet'],
      [{ postType: 'tool', keepMonths: 12, decision: 'KS 1' }, 'postType', 'Välj en innehållstyp'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await admin('POST', rulesUrl, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field, message: expect.stringContaining(message) }),
        ]),
      );
    }
    const first = await admin('POST', rulesUrl, {
      postType: 'advertisment',
      keepMonths: 6,
      decision: 'KS 2024/99',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await admin('POST', rulesUrl, {
      postType: 'advertisment',
      keepMonths: null,
      decision: 'KS 2024/100',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Det finns redan en gallringsregel för Annons');
    const renamed = await admin('PUT', `${rulesUrl}/${first.json().id}`, {
      postType: 'advertisment',
      keepMonths: null,
      decision: 'KS 2024/100',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ keepMonths: null, decision: 'KS 2024/100', due: 0 });
    expect((await admin('PUT', `${rulesUrl}/999999`, renamed.json())).statusCode).toBe(400);
    const missing = await admin('PUT', `${rulesUrl}/999999`, {
      postType: 'givetake',
      keepMonths: 3,
      decision: 'KS 1',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Gallringsregeln finns inte');
    expect((await admin('DELETE', `${rulesUrl}/${first.json().id}`)).statusCode).toBe(204);
    expect((await admin('DELETE', `${rulesUrl}/${first.json().id}`)).statusCode).toBe(404);

    const audits = await t.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'retention-rule'));
    expect(audits.map((entry) => entry.action)).toEqual([
      'retention-rule.created',
      'retention-rule.updated',
      'retention-rule.deleted',
    ]);
    expect(audits[1]).toMatchObject({
      before: { keepMonths: 6, decision: 'KS 2024/99' },
      after: { keepMonths: null, decision: 'KS 2024/100' },
    });
  });

  it('deletes exactly the covered, old, unpublished posts with their versions, and logs each', async () => {
    // Day 0: what will be old.
    const trashed = await post('Gammal nyhet i papperskorgen');
    await trash(trashed.id);
    const deleted = await post('Gammal nyhet borttagen ur portalen');
    await trash(deleted.id);
    await trash(deleted.id);
    const draft = await post('Gammalt utkast', { status: 'draft' });
    const published = await post('Publicerad nyhet');
    const restored = await post('Nyhet som togs tillbaka');
    await trash(restored.id);
    const forever = await post('Gammal sida', { type: 'page' });
    await trash(forever.id);
    const uncovered = await post('Gammalt meddelande', { type: 'info' });
    await trash(uncovered.id);
    // Eleven months on: a young one, and one taken out of the trash.
    later(335);
    const young = await post('Ung nyhet i papperskorgen');
    await trash(young.id);
    const back = await admin(
      'PUT',
      `${postUrl}/${restored.id}`,
      postBody({ title: 'Nyhet som togs tillbaka', status: 'draft' }),
    );
    expect(back.statusCode, back.body).toBe(200);

    const news = await admin('POST', rulesUrl, {
      postType: 'news',
      keepMonths: 12,
      decision: 'KS 2024/123',
    });
    expect(news.statusCode, news.body).toBe(201);
    const page = await admin('POST', rulesUrl, {
      postType: 'page',
      keepMonths: null,
      decision: 'KS 2024/124',
    });
    expect(page.statusCode, page.body).toBe(201);

    // Thirteen months after day 0: the three old news items are due, nothing else.
    later(60);
    const listed = (await admin('GET', rulesUrl)).json() as { postType: string; due: number }[];
    expect(listed.map((rule) => [rule.postType, rule.due])).toEqual([
      ['news', 3],
      ['page', 0],
    ]);

    const gone = await runRetention(t.db, now);
    expect(gone.sort()).toEqual([trashed.id, deleted.id, draft.id].sort());
    const kept = [published.id, restored.id, forever.id, uncovered.id, young.id];
    const rows = await t.db
      .select({ id: posts.id })
      .from(posts)
      .where(inArray(posts.id, [...gone, ...kept]));
    expect(rows.map((row) => row.id).sort()).toEqual([...kept].sort());
    expect(await versionsOf(gone)).toEqual([]);
    const keptVersions = await versionsOf(kept);
    expect(new Set(keptVersions.map((row) => row.postId))).toEqual(new Set(kept));

    const audits = await t.db
      .select({ entityId: auditLog.entityId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'post.retention-deleted'));
    expect(audits.map((entry) => Number(entry.entityId)).sort()).toEqual([...gone].sort());
    const forDeleted = audits.find((entry) => Number(entry.entityId) === deleted.id)!;
    expect(forDeleted.before).toMatchObject({
      type: 'news',
      title: 'Gammal nyhet borttagen ur portalen',
      versions: 3,
      inPortal: false,
    });
    expect(forDeleted.after).toEqual({
      ruleId: news.json().id,
      keepMonths: 12,
      decision: 'KS 2024/123',
    });

    // A second run finds nothing more; the versions API no longer knows them.
    expect(await runRetention(t.db, now)).toEqual([]);
    expect((await admin('GET', `${postUrl}/${trashed.id}/versions`)).statusCode).toBe(404);
    expect((await admin('GET', rulesUrl)).json().map((rule: { due: number }) => rule.due)).toEqual([
      0, 0,
    ]);
  });

  it('runs as the portal’s own job, and never touches a post published again', async () => {
    const old = await post('Nyhet för nattens körning');
    await trash(old.id);
    const republished = await post('Nyhet publicerad igen');
    await trash(republished.id);
    later(400);
    const again = await admin(
      'PUT',
      `${postUrl}/${republished.id}`,
      postBody({ title: 'Nyhet publicerad igen', status: 'publish' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    later(400);
    await t.app.jobs.send(retentionQueue, {});
    await waitFor(
      async () => {
        const [row] = await t.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.action, 'post.retention-deleted'),
              eq(auditLog.entityId, String(old.id)),
            ),
          );
        return row;
      },
      { what: 'the old post deleted by the job' },
    );
    const [still] = await t.db.select().from(posts).where(eq(posts.id, republished.id));
    expect(still?.status).toBe('publish');
  });
});
