import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerClientOf,
  buildClass,
  buildPost,
  buildSchool,
  buildUser,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { roleCategory } from '../../../test/tools-helpers';
import { postAcknowledgementLinks } from '../../db/schema';
import { hashTokenSecret } from '../../identity/token-secret';
import { linkPruningQueue, pruneExpiredLinks } from './acknowledgement-link-pruning';
import { issueLinks } from './acknowledgement-links.repo';

/**
 * One-click links long ended go (decision 0040): a link ended more than
 * thirty days ago is deleted by the nightly job, one ended more recently
 * stays and still tells its reader it has ended, and a live link — revoked or
 * not — is left alone.
 */
const day = 24 * 60 * 60 * 1000;
const linkUrl = '/api/core/v1/acknowledgement-link';

let t: TestContext;
let postId: number;
let guardian: TestUser;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t, { name: 'Ekbackens skola' });
  const klass = await buildClass(t, { school, name: '2B' });
  const teacher = await buildUser(t, { role: 'role_teacher', class: klass });
  const pupil = await buildUser(t, { role: 'role_student', class: klass });
  guardian = await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] });
  const notice = await buildPost(t, {
    author: teacher,
    title: 'Utflykt till skogen',
    nodeIds: [klass.id],
    categoryIds: [roleCategory.caretaker],
    requiresAcknowledgement: true,
    acknowledgeBy: new Date(Date.now() + 10 * day).toISOString(),
  });
  postId = notice.id;
}, 120_000);
afterAll(() => t.close());

/** A link of the notice for the guardian, made to have ended (or to end) at `endsAt`. */
async function linkEnding(endsAt: Date, revoked = false) {
  const [issued] = await issueLinks(t.db, [{ postId, userId: guardian.id }], new Date());
  const [row] = await t.db
    .update(postAcknowledgementLinks)
    .set({ expiresAt: endsAt, revokedAt: revoked ? new Date() : null })
    .where(eq(postAcknowledgementLinks.tokenHash, hashTokenSecret(issued!.secret)))
    .returning({ id: postAcknowledgementLinks.id });
  return { id: row!.id, secret: issued!.secret };
}

async function remaining(ids: number[]) {
  const rows = await t.db
    .select({ id: postAcknowledgementLinks.id })
    .from(postAcknowledgementLinks)
    .where(inArray(postAcknowledgementLinks.id, ids));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe('pruning ended one-click links', () => {
  it('deletes the links ended over thirty days ago, and only those', async () => {
    const now = new Date();
    const longEnded = await linkEnding(new Date(now.getTime() - 31 * day));
    const longEndedRevoked = await linkEnding(new Date(now.getTime() - 90 * day), true);
    const recentlyEnded = await linkEnding(new Date(now.getTime() - 29 * day));
    const live = await linkEnding(new Date(now.getTime() + 5 * day));
    const liveRevoked = await linkEnding(new Date(now.getTime() + 5 * day), true);
    const ids = [longEnded, longEndedRevoked, recentlyEnded, live, liveRevoked].map((l) => l.id);

    expect(await pruneExpiredLinks(t.db, now)).toBe(2);
    expect(await remaining(ids)).toEqual([recentlyEnded.id, live.id, liveRevoked.id]);
    // Run again, nothing more goes.
    expect(await pruneExpiredLinks(t.db, now)).toBe(0);

    // A link still kept says it has ended; one pruned is a link that does not exist.
    const client = await bearerClientOf(t, guardian);
    const kept = await client('GET', `${linkUrl}/${recentlyEnded.secret}`);
    expect(kept.statusCode).toBe(410);
    expect(kept.json().code).toBe('LINK_EXPIRED');
    expect((await client('GET', `${linkUrl}/${longEnded.secret}`)).statusCode).toBe(404);
    expect((await client('GET', `${linkUrl}/${live.secret}`)).statusCode).toBe(200);
  });

  it('runs as the portal’s own job', async () => {
    const ended = await linkEnding(new Date(Date.now() - 45 * day));
    const live = await linkEnding(new Date(Date.now() + 5 * day));
    await t.app.jobs.send(linkPruningQueue, {});
    await waitFor(async () => (await remaining([ended.id])).length === 0, {
      what: 'the ended link pruned by the job',
    });
    expect(await remaining([live.id])).toEqual([live.id]);
  });
});
