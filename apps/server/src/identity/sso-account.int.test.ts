import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/harness';
import { rowsOf } from '../db/raw-rows';
import { accountsWithUid } from './sso-account';

/**
 * Single sign-on finds the account by its uid in any letter case, and by an
 * index: the whole morning signs in through it, and a scan of every account
 * cost some 20 ms of the database's CPU a sign-in at 100,000 people.
 */
let t: TestContext;
let person: TestUser;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  person = await buildUser(t, { username: 'karin.sso' });
});
afterAll(() => t.close());

describe('the account a single sign-on names', () => {
  it('is found in any letter case, or only in its own', async () => {
    expect(await accountsWithUid(t.db, 'Karin.SSO', true)).toEqual([
      { id: person.id, disabledAt: null },
    ]);
    expect(await accountsWithUid(t.db, 'Karin.SSO', false)).toEqual([]);
  });

  it('is looked up by an index, not by reading every account', async () => {
    const plan = await t.db.transaction(async (tx) => {
      // The test database is small enough that a scan would be chosen anyway: forbid it.
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from users where lower(uid) = lower(${'Karin.SSO'}) limit 2`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('users_uid_lower_idx');
  });
});
