import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows';
import { buildUser, type TestUser } from '../../../test/factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';
import { issueToken } from '../../identity/token.repo';
import { shortenAddress } from './own-sign-ins.service';

/** A person sees their sign-ins in every browser and ends them (ASVS 7.5.2). */
let t: TestContext;
const url = '/api/portal-service/v1/user/sign-ins';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

/** A browser: signs in with its own User-Agent and address, then calls with its cookie. */
async function browser(user: TestUser, userAgent: string, remoteAddress: string) {
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/user/login',
    headers: { 'user-agent': userAgent },
    remoteAddress,
    payload: { username: user.username, password: user.password },
  });
  expect(signedIn.statusCode).toBe(200);
  let cookie = cookieHeaderFrom(signedIn.cookies);
  const call = async (method: 'GET' | 'DELETE' | 'POST', path: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url: path,
      headers: { cookie, 'user-agent': userAgent },
      remoteAddress,
      ...(payload ? { payload } : {}),
    });
    cookie = cookieHeaderFrom(response.cookies, cookie);
    return response;
  };
  return {
    call,
    tokenId: signedIn.json().token.id as string,
    get cookie() {
      return cookie;
    },
  };
}

async function auditOf(action: string, entityId: string) {
  return rowsOf<{ actor: number; real: number | null }>(
    t.db,
    sql`select actor_user_id as actor, real_user_id as real from audit_log
        where action = ${action} and entity_id = ${entityId}`,
  );
}

describe('own sign-ins', () => {
  it('lists the person’s sign-ins in every browser, this one marked, and nobody else’s', async () => {
    const teacher = await buildUser(t);
    const laptop = await browser(teacher, firefox, '192.168.14.20');
    const phone = await browser(teacher, iphone, '2001:db8:85a3::8a2e:370:7334');
    await browser(await buildUser(t, { school: teacher.school }), firefox, '192.168.14.21');
    // An API key is no sign-in in a browser: it stays off the list.
    await issueToken(t.db, { userId: teacher.id, type: 'api' });

    const list = await laptop.call('GET', url);
    expect(list.statusCode).toBe(200);
    const rows = list.json() as {
      id: string;
      current: boolean;
      userAgent: string;
      address: string;
    }[];
    expect(rows.map((row) => row.id).sort()).toEqual([laptop.tokenId, phone.tokenId].sort());
    expect(rows[0]).toMatchObject({ id: laptop.tokenId, current: true, userAgent: firefox });
    expect(rows[0]!.address).toBe('192.168.14.…');
    expect(rows[1]).toMatchObject({ current: false, address: '2001:db8:85a3:…' });
  });

  it('ends a sign-in in another browser: that browser is signed out at its next request', async () => {
    const teacher = await buildUser(t);
    const first = await browser(teacher, firefox, '10.1.2.3');
    const second = await browser(teacher, iphone, '10.1.2.4');
    expect((await second.call('GET', '/api/core/v1/user')).statusCode).toBe(200);

    const ended = await first.call('DELETE', `${url}/${second.tokenId}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().ended).toBe(1);
    expect(ended.json().signIns.map((row: { id: string }) => row.id)).not.toContain(second.tokenId);
    expect((await second.call('GET', '/api/core/v1/user')).statusCode).toBe(401);
    expect((await first.call('GET', '/api/core/v1/user')).statusCode).toBe(200);
    const audit = await auditOf('session.end-own', second.tokenId);
    expect(audit).toEqual([{ actor: teacher.id, real: null }]);
  });

  it('cannot end someone else’s sign-in, nor this browser’s own, and says so in Swedish', async () => {
    const pupil = await browser(await buildUser(t, { role: 'role_student' }), firefox, '10.1.2.5');
    const other = await browser(await buildUser(t), firefox, '10.1.2.6');
    const foreign = await pupil.call('DELETE', `${url}/${other.tokenId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Inloggningen finns inte eller är redan avslutad.');
    expect((await other.call('GET', '/api/core/v1/user')).statusCode).toBe(200);

    const own = await pupil.call('DELETE', `${url}/${pupil.tokenId}`);
    expect(own.statusCode).toBe(409);
    expect((await pupil.call('GET', '/api/core/v1/user')).statusCode).toBe(200);

    const malformed = await pupil.call('DELETE', `${url}/inte-ett-id`);
    expect(malformed.statusCode).toBe(400);
  });

  it('ends every other sign-in and keeps this one', async () => {
    const employee = await buildUser(t, { role: 'role_employee' });
    const here = await browser(employee, firefox, '10.2.0.1');
    const elsewhere = [
      await browser(employee, iphone, '10.2.0.2'),
      await browser(employee, firefox, '10.2.0.3'),
    ];
    const ended = await here.call('DELETE', url);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().ended).toBe(2);
    expect(ended.json().signIns).toHaveLength(1);
    for (const browserThere of elsewhere) {
      expect((await browserThere.call('GET', '/api/core/v1/user')).statusCode).toBe(401);
      expect(await auditOf('session.end-own', browserThere.tokenId)).toHaveLength(1);
    }
    expect((await here.call('GET', '/api/core/v1/user')).statusCode).toBe(200);
    // Nothing left to end: still a plain answer.
    expect((await here.call('DELETE', url)).json().ended).toBe(0);
  });

  it('an administrator acting as the person can neither see nor end their sign-ins', async () => {
    const pupilAccount = await buildUser(t, { role: 'role_student' });
    const pupil = await browser(pupilAccount, iphone, '10.3.0.1');
    const admin = await browser(await buildUser(t, { role: 'role_admin' }), firefox, '10.3.0.2');
    const masked = await admin.call('POST', '/api/core/v1/token', {
      type: 'masked',
      userId: pupilAccount.id,
    });
    expect(masked.statusCode).toBe(200);
    for (const attempt of [
      await admin.call('GET', url),
      await admin.call('DELETE', url),
      await admin.call('DELETE', `${url}/${pupil.tokenId}`),
    ]) {
      expect(attempt.statusCode).toBe(403);
    }
    expect((await pupil.call('GET', '/api/core/v1/user')).statusCode).toBe(200);
    // The masked sign-in is not one of the pupil's own.
    const own = (await pupil.call('GET', url)).json() as { id: string }[];
    expect(own.map((row) => row.id)).toEqual([pupil.tokenId]);
  });
});

describe('shortenAddress', () => {
  it('keeps the network part only', () => {
    expect(shortenAddress('192.168.1.77')).toBe('192.168.1.…');
    expect(shortenAddress('::ffff:10.0.0.9')).toBe('10.0.0.…');
    expect(shortenAddress('fe80::1:2:3:4')).toBe('fe80:…');
    expect(shortenAddress(null)).toBeNull();
    expect(shortenAddress('okänd')).toBeNull();
  });
});
