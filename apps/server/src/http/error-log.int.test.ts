import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../test/harness';
import {
  buildProtectedCast,
  expectNoTraceIn,
  type ProtectedCast,
} from '../../test/protected-people';
import { buildApp, loggerOptions } from '../app';
import { users } from '../db/schema';

/**
 * The log line of a request that failed in the database (decision 0039): the
 * query, the SQLSTATE and the constraint, never the values the query carried
 * nor those the database quotes back ("Key (username)=(…) already exists",
 * "Failing row contains (…)").
 */
let t: TestContext;
let cast: ProtectedCast;
let logs = '';
/** The second app, with the logger under test; closed before the database. */
let loggedApp: TestContext['app'] | undefined;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  const config = testConfig({ LOG_LEVEL: 'info' });
  const app = await buildApp({
    config,
    database: t.database,
    logger: { ...loggerOptions(config), stream },
  });
  const pupil = cast.protectedPupil;
  const row = {
    uid: pupil.username,
    username: pupil.username,
    firstName: pupil.firstName,
    lastName: pupil.lastName,
    email: pupil.email,
  };
  app.post('/test/fails/duplicate', async () => {
    await t.db.insert(users).values(row);
  });
  app.post('/test/fails/check', async () => {
    await t.db.execute(
      sql`insert into users (uid, username, first_name, last_name, email, security_marking)
        values (${`${pupil.username}.2`}, ${`${pupil.username}.2`}, ${pupil.firstName},
          ${pupil.lastName}, ${pupil.email}, ${'Okänd'})`,
    );
  });
  app.post('/test/fails/input', async () => {
    await t.db.execute(sql`select ${pupil.email}::int`);
  });
  // Code that catches a failure and logs it itself, as a hook or a job does, the error
  // under `err` or as the line's first argument.
  app.post('/test/fails/caught', async (request) => {
    await t.db
      .insert(users)
      .values(row)
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'caught and logged');
        request.log.warn(error, 'caught and logged');
      });
    return { ok: true };
  });
  await app.ready();
  t.app = app;
  loggedApp = app;
});
afterAll(async () => {
  await loggedApp?.close();
  await t?.close();
});

describe('the log of a request that failed in the database', () => {
  it('carries the query and the database’s code, not the values of the person written', async () => {
    for (const [path, code] of [
      ['duplicate', '23505'],
      ['check', '23514'],
      ['input', '22P02'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: `/test/fails/${path}` });
      expect(response.statusCode, path).toBe(500);
      expect(logs, path).toContain(`"code":"${code}"`);
    }
    const failures = logs
      .trimEnd()
      .split('\n')
      .filter((line) => line.includes('"request failed"'));
    expect(failures).toHaveLength(3);
    expect(failures[0]).toContain('insert into \\"users\\"');
    expect(failures[0]).toContain('users_uid_unique');
    expect(failures[1]).toContain('users_security_marking_known');
    expect(failures[2]).toContain('invalid input syntax for type integer: \\"[dolt]\\"');
    expectNoTraceIn(logs, [cast.protectedPupil], 'the log');
    expect(logs).not.toMatch(/already exists|Failing row|Okänd/);
  });
});

describe('a database error logged by the code that caught it', () => {
  it('carries the query and the code, not the values of the person written', async () => {
    logs = '';
    const response = await t.app.inject({ method: 'POST', url: '/test/fails/caught' });
    expect(response.statusCode).toBe(200);
    const lines = logs
      .trimEnd()
      .split('\n')
      .filter((line) => line.includes('"caught and logged"'));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain('"code":"23505"');
      expect(line).toContain('users_uid_unique');
      expect(line).toContain('insert into \\"users\\"');
    }
    expectNoTraceIn(logs, [cast.protectedPupil], 'the log');
    expect(logs).not.toMatch(/already exists/);
  });
});
