import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/db/raw-rows';
import { dbQueryDuration } from '../src/metrics/metrics';
import { buildUser, signIn, type TestUser } from './factories';
import { createTestApp, testCookieNames, type TestContext } from './harness';

/**
 * Resolved sessions are kept in the process (http/session-cache.ts) and are
 * good only while the database's session counter is unchanged: whatever
 * changes a session — through the API, a job or straight in the database —
 * is seen by the very next request.
 */
let t: TestContext;
const origin = 'http://localhost:3000';

/** One account per test, so that one test's changes never reach another's session. */
let people: Record<
  | 'anna'
  | 'johan'
  | 'eva'
  | 'fatima'
  | 'olle'
  | 'sara'
  | 'lars'
  | 'mia'
  | 'per'
  | 'ida'
  | 'nils'
  | 'tove'
  | 'ulf',
  TestUser
>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  people = {
    anna: await buildUser(t),
    johan: await buildUser(t),
    eva: await buildUser(t, { role: 'role_admin' }),
    fatima: await buildUser(t, { firstName: 'Fatima', lastName: 'Ali' }),
    olle: await buildUser(t, { role: 'role_student' }),
    sara: await buildUser(t, { role: 'role_employee' }),
    lars: await buildUser(t, { role: 'role_school_responsible' }),
    mia: await buildUser(t, { role: 'role_teacher' }),
    per: await buildUser(t, { role: 'role_teacher' }),
    ida: await buildUser(t, { role: 'role_teacher' }),
    nils: await buildUser(t, { role: 'role_student' }),
    tove: await buildUser(t, { role: 'role_employee' }),
    ulf: await buildUser(t, { role: 'role_admin' }),
  };
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function generation() {
  const [row] = await rowsOf<{ value: string }>(
    t.db,
    sql`select value from cache_generations where scope = 'session'`,
  );
  return Number(row!.value);
}

const get = (cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, origin } });

describe('the session cache', () => {
  it('answers a known session without reading its tokens or its account again', async () => {
    const cookie = await signIn(t.app, people.anna);
    expect((await get(cookie, '/api/core/v1/user')).statusCode).toBe(200);
    // Out of reach for a moment (a rename fires no trigger): only a cached session still works.
    await t.db.execute(sql`alter table tokens rename to tokens_out_of_reach`);
    try {
      expect((await get(cookie, '/api/core/v1/capability')).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`alter table tokens_out_of_reach rename to tokens`);
    }
  });

  it('resolves a new session once for requests that come together, and keeps it for all of them', async () => {
    const cookie = await signIn(t.app, people.mia);
    const urls = [
      '/api/core/v1/user',
      '/api/core/v1/capability',
      '/api/portal-service/v1/notification/date',
    ];
    const together = await Promise.all(
      Array.from({ length: 9 }, (_, i) => get(cookie, urls[i % urls.length]!)),
    );
    expect(together.map((response) => response.statusCode)).toEqual(Array(9).fill(200));
    for (const response of together.filter((_, i) => i % urls.length === 0))
      expect(response.json().id).toBe(people.mia.id);
    // Kept for the next request: it needs no token read.
    await t.db.execute(sql`alter table tokens rename to tokens_out_of_reach`);
    try {
      expect((await get(cookie, '/api/core/v1/user')).json().id).toBe(people.mia.id);
    } finally {
      await t.db.execute(sql`alter table tokens_out_of_reach rename to tokens`);
    }
  });

  it('refuses every request that came together for an account disabled meanwhile', async () => {
    const cookie = await signIn(t.app, people.per);
    await t.db.execute(sql`update users set disabled_at = now() where id = ${people.per.id}`);
    const together = await Promise.all(
      Array.from({ length: 5 }, () => get(cookie, '/api/core/v1/user')),
    );
    for (const response of together) {
      expect(response.statusCode).toBe(401);
      expect(String(response.headers['set-cookie'])).toContain('Max-Age=0');
    }
  });

  it('a token revoked in the database ends the session at the next request', async () => {
    const cookie = await signIn(t.app, people.johan);
    expect((await get(cookie, '/api/core/v1/user')).statusCode).toBe(200);
    expect((await get(cookie, '/api/core/v1/user')).statusCode).toBe(200);
    await t.db.execute(
      sql`update tokens set status = 'revoked' where user_id = ${people.johan.id}`,
    );
    expect((await get(cookie, '/api/core/v1/user')).statusCode).toBe(401);
  });

  it('a right taken away in the database is gone at the next request', async () => {
    const cookie = await signIn(t.app, people.eva);
    expect((await get(cookie, '/api/core/v1/users')).statusCode).toBe(200);
    const id = people.eva.id;
    await t.db.execute(
      sql`insert into user_capabilities (user_id, capability_key, value) values (${id}, 'user_list', false)
          on conflict (user_id, capability_key) do update set value = false`,
    );
    expect((await get(cookie, '/api/core/v1/users')).statusCode).toBe(403);
    await t.db.execute(sql`delete from user_capabilities where user_id = ${id}`);
    expect((await get(cookie, '/api/core/v1/users')).statusCode).toBe(200);
  });

  it("a user's rights list is kept with the session and follows a right changed in the database", async () => {
    const cookie = await signIn(t.app, people.eva);
    const id = people.eva.id;
    const userList = async () =>
      (
        (await get(cookie, `/api/core/v1/user/${id}/capability`)).json() as {
          key: string;
          value: boolean;
          source: string;
        }[]
      ).find((entry) => entry.key === 'user_list');
    expect(await userList()).toEqual({ key: 'user_list', value: true, source: 'role' });
    await t.db.execute(sql`alter table user_capabilities rename to user_capabilities_away`);
    try {
      // Kept: the second answer needs no table.
      expect(await userList()).toEqual({ key: 'user_list', value: true, source: 'role' });
    } finally {
      await t.db.execute(sql`alter table user_capabilities_away rename to user_capabilities`);
    }
    await t.db.execute(
      sql`insert into user_capabilities (user_id, capability_key, value) values (${id}, 'user_list', false)`,
    );
    try {
      expect(await userList()).toEqual({ key: 'user_list', value: false, source: 'user' });
    } finally {
      await t.db.execute(sql`delete from user_capabilities where user_id = ${id}`);
    }
    expect(await userList()).toEqual({ key: 'user_list', value: true, source: 'role' });
  });

  it('a renamed account answers with its new name', async () => {
    const cookie = await signIn(t.app, people.fatima);
    expect((await get(cookie, '/api/core/v1/user')).json().name).toBe('Fatima Ali');
    await t.db.execute(sql`update users set first_name = 'Fatimah' where id = ${people.fatima.id}`);
    expect((await get(cookie, '/api/core/v1/user')).json().name).toBe('Fatimah Ali');
  });

  it('what is derived from a session (the current user, the audience) follows a change of groups', async () => {
    const cookie = await signIn(t.app, people.olle);
    const groupsOf = async () =>
      ((await get(cookie, '/api/core/v1/user')).json() as { groups: { id: number }[] }).groups.map(
        (group) => group.id,
      );
    const before = await groupsOf();
    expect(await groupsOf()).toEqual(before);
    const id = people.olle.id;
    const [added] = await rowsOf<{ id: number }>(
      t.db,
      sql`insert into user_nodes (user_id, node_id)
          select ${id}, n.id from nodes n
          where n.category_id = 1 and n.id not in (select node_id from user_nodes where user_id = ${id})
          order by n.id limit 1
          returning node_id as id`,
    );
    expect(await groupsOf()).toContain(added!.id);
  });

  it("the current user's categories follow a group linked to one of them", async () => {
    const cookie = await signIn(t.app, people.nils);
    type Category = { id: number; nodes: { id: number }[] };
    const categories = async () =>
      ((await get(cookie, '/api/core/v1/user')).json() as { categories: Category[] }).categories;
    const [category] = await categories();
    expect(category).toBeDefined();
    const [linked] = await rowsOf<{ id: number }>(
      t.db,
      sql`insert into category_nodes (category_id, node_id)
          select ${category!.id}, n.id from nodes n
          where n.id not in (select node_id from category_nodes where category_id = ${category!.id})
          order by n.id limit 1
          returning node_id as id`,
    );
    const after = (await categories()).find((item) => item.id === category!.id)!;
    expect(after.nodes.map((node) => node.id)).toContain(linked!.id);
  });

  it("the current user's and the related accounts' categories follow a category renamed", async () => {
    const cookie = await signIn(t.app, people.tove);
    type Category = { id: number; name: string };
    const [category] = (
      (await get(cookie, '/api/core/v1/user')).json() as { categories: Category[] }
    ).categories;
    const related = async () =>
      (
        (await get(cookie, '/api/portal-service/v1/user/related')).json() as {
          categories: Category[];
        }[]
      )[0]!.categories.find((item) => item.id === category!.id)?.name;
    expect(await related()).toBe(category!.name);
    const renamed = `${category!.name} (nytt namn)`;
    try {
      await t.db.execute(sql`update categories set name = ${renamed} where id = ${category!.id}`);
      const after = (
        (await get(cookie, '/api/core/v1/user')).json() as { categories: Category[] }
      ).categories.find((item) => item.id === category!.id);
      expect(after!.name).toBe(renamed);
      expect(await related()).toBe(renamed);
    } finally {
      await t.db.execute(
        sql`update categories set name = ${category!.name} where id = ${category!.id}`,
      );
    }
  });

  it('a session whose token has expired by the clock is not served from the cache', async () => {
    const cookie = await signIn(t.app, people.sara);
    expect((await get(cookie, '/api/core/v1/user')).statusCode).toBe(200);
    const later = Date.now() + 30 * 24 * 60 * 60 * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect((await get(cookie, '/api/core/v1/user')).statusCode).toBe(401);
  });

  it('raises the counter once per changing transaction, and not for a new sign-in', async () => {
    const before = await generation();
    await signIn(t.app, people.lars);
    expect(await generation()).toBe(before);
    const id = people.lars.id;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update users set first_name = 'Lasse' where id = ${id}`);
      await tx.execute(sql`update users set first_name = 'Lars' where id = ${id}`);
      await tx.execute(
        sql`insert into user_capabilities (user_id, capability_key, value) values (${id}, 'user_list', true)`,
      );
    });
    expect(await generation()).toBe(before + 1);
    // A transaction that rolls back changes nothing, the counter included.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from user_capabilities where user_id = ${id}`);
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
    expect(await generation()).toBe(before + 1);
  });

  it('guards every table a session is made of', async () => {
    const rows = await rowsOf<{ table: string }>(
      t.db,
      sql`select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
          join pg_proc p on p.oid = g.tgfoid
          where p.proname = 'bump_session_generation' order by 1`,
    );
    expect(rows.map((row) => row.table)).toEqual([
      'account_links',
      'approval_rules',
      'capabilities',
      'categories',
      'category_nodes',
      'nodes',
      'role_capabilities',
      'roles',
      'tokens',
      'user_capabilities',
      'user_categories',
      'user_nodes',
      'user_roles',
      'users',
    ]);
  });
});

/** Statements this process has sent to the database so far (the statement timing's count). */
async function statementsSent() {
  const { values } = await dbQueryDuration.get();
  return values.find((value) => value.metricName?.endsWith('_count'))?.value ?? 0;
}

async function statementsOf(request: () => Promise<unknown>) {
  const before = await statementsSent();
  await request();
  return (await statementsSent()) - before;
}

/** The fewest of three tries: the portal's jobs may send a statement meanwhile, never take one away. */
async function fewest(statements: () => Promise<number>) {
  let least = Infinity;
  for (let run = 0; run < 3; run += 1) least = Math.min(least, await statements());
  return least;
}

const sessionName = testCookieNames.session;
interface CookieContent {
  tokens: string[];
  active: number;
}
function contentOf(cookie: string): CookieContent {
  const pair = cookie.split('; ').find((part) => part.startsWith(`${sessionName}=`))!;
  return JSON.parse(decodeURIComponent(pair.slice(sessionName.length + 1))) as CookieContent;
}
const withContent = (content: CookieContent) =>
  `${sessionName}=${encodeURIComponent(JSON.stringify(content))}; ${testCookieNames.signedIn}=1`;

function expectRefused(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json().code).toBe('SESSION_INVALID');
  expect(String(response.headers['set-cookie'])).toContain('Max-Age=0');
}

describe('a session’s first request on this instance', () => {
  const capabilities = async (cookie: string) =>
    expect((await get(cookie, '/api/core/v1/capability')).statusCode).toBe(200);

  it('reads the session with its counter in one statement: no more than a request of a kept session', async () => {
    const first = await fewest(async () => {
      const cookie = await signIn(t.app, people.ida);
      return statementsOf(() => capabilities(cookie));
    });
    const kept = await fewest(async () => {
      const cookie = await signIn(t.app, people.ida);
      await capabilities(cookie);
      return statementsOf(() => capabilities(cookie));
    });
    // The kept session is proved current by the session counter alone.
    expect(first).toBe(kept);
  });

  it('stamps its kept answers with the data counters read with the session: no more than a kept session', async () => {
    const tools = async (cookie: string) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/core/v1/GetLinks',
            headers: { cookie },
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
    // The tools' catalog is read once for the process, before either is counted.
    await tools(await signIn(t.app, people.ida));
    const first = await fewest(async () => {
      const cookie = await signIn(t.app, people.ida);
      return statementsOf(() => tools(cookie));
    });
    const kept = await fewest(async () => {
      const cookie = await signIn(t.app, people.ida);
      await capabilities(cookie);
      return statementsOf(() => tools(cookie));
    });
    // The kept session's counter comes with the route's counters in one statement.
    expect(first).toBe(kept);
  });

  it('refuses an account disabled before it, and admits it enabled again', async () => {
    const cookie = await signIn(t.app, people.nils);
    await t.db.execute(sql`update users set disabled_at = now() where id = ${people.nils.id}`);
    try {
      expectRefused(await get(cookie, '/api/core/v1/user'));
    } finally {
      await t.db.execute(sql`update users set disabled_at = null where id = ${people.nils.id}`);
    }
    expect((await get(cookie, '/api/core/v1/user')).json().id).toBe(people.nils.id);
  });

  it('refuses a token revoked before it', async () => {
    const cookie = await signIn(t.app, people.tove);
    const [token] = contentOf(cookie).tokens;
    await t.db.execute(
      sql`update tokens set status = 'revoked', revoked_at = now()
          where user_id = ${people.tove.id} and status = 'active'`,
    );
    expectRefused(await get(cookie, '/api/core/v1/user'));
    expectRefused(await get(withContent({ tokens: [token!], active: 0 }), '/api/core/v1/user'));
  });

  it('refuses a cookie with a token of another session added, even one of the same account', async () => {
    const own = contentOf(await signIn(t.app, people.ulf));
    const other = contentOf(await signIn(t.app, people.ulf));
    for (const content of [
      { tokens: [...own.tokens, ...other.tokens], active: 0 },
      { tokens: [...own.tokens, ...other.tokens], active: 1 },
      { tokens: [...other.tokens, ...own.tokens], active: 1 },
    ])
      expectRefused(await get(withContent(content), '/api/core/v1/user'));
    expect((await get(withContent(own), '/api/core/v1/user')).json().id).toBe(people.ulf.id);
  });
});
