import { protectedIdentityName } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildProtectedCast,
  expectNamed,
  expectNoTraceOf,
  type ProtectedCast,
} from '../../../test/protected-people';

/**
 * The sign-ins screen lists people's sign-ins: those of a protected person
 * are not in it for an administrator who may not see them (decision 0039),
 * an administrator with a marking behind a masked sign-in is "Skyddad
 * identitet", and no API token is issued for a person the actor may not see.
 */
let t: TestContext;
let cast: ProtectedCast;
let adminWithoutTheRight: TestUser;
let admin: TestUser;
/** An administrator with a sekretessmarkering, who acts as the classmate. */
let markedAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  adminWithoutTheRight = await buildUser(t, {
    role: 'role_admin',
    capabilities: { view_protected_identity: false },
  });
  admin = await buildUser(t, { role: 'role_admin' });
  markedAdmin = await buildUser(t, {
    role: 'role_admin',
    username: 'mira.sekretess',
    firstName: 'Mira',
    lastName: 'Maskadotter',
    email: 'mira.sekretess@hemlig.exempelby.se',
    securityMarking: 'Sekretessmarkering',
  });
  // Every one of them has signed in; the marked administrator acts as the classmate.
  for (const person of [cast.protectedPupil, cast.markedTeacher, cast.classmate]) {
    await signIn(t.app, person);
  }
  const masked = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/token',
    headers: { cookie: await signIn(t.app, markedAdmin) },
    payload: { type: 'masked', userId: cast.classmate.id },
  });
  expect(masked.statusCode, masked.body).toBe(200);
});
afterAll(() => t?.close());

const call = async (actor: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/core/v1${url}`,
    headers: { cookie: await signIn(t.app, actor) },
    ...(payload ? { payload } : {}),
  });

interface Listed {
  user: { id: number; name: string };
  maskedBy: { id: number; name: string } | null;
}

describe('GET /token', () => {
  it('leaves out the sign-ins of people the administrator may not see, the total too', async () => {
    const all = await call(adminWithoutTheRight, 'GET', '/token?perPage=9999');
    expect(all.statusCode).toBe(200);
    expectNoTraceOf(all, [cast.protectedPupil, cast.markedTeacher, markedAdmin]);
    const listed = all.json() as Listed[];
    expect(listed.map((token) => token.user.id)).toContain(cast.classmate.id);
    // The mask is the classmate's sign-in; who acted is not named.
    const masked = listed.find((token) => token.maskedBy !== null);
    expect(masked?.maskedBy).toEqual({ id: markedAdmin.id, name: protectedIdentityName });

    const pupils = await call(
      adminWithoutTheRight,
      'GET',
      `/token?userId=${cast.protectedPupil.id}`,
    );
    expect(pupils.json()).toEqual([]);
    expect(pupils.headers['x-pagination-total']).toBe('0');
  });

  it('lists them for an administrator with the right', async () => {
    const all = await call(admin, 'GET', '/token?perPage=9999');
    for (const person of [cast.protectedPupil, cast.markedTeacher, markedAdmin]) {
      expectNamed(all, person);
    }
    const pupils = await call(admin, 'GET', `/token?userId=${cast.protectedPupil.id}`);
    expect(pupils.headers['x-pagination-total']).toBe('1');
  });
});

describe('POST /token for an API token', () => {
  const body = (userId: number) => ({ type: 'api', userId, lifetimeDays: 30 });

  it('does not find a person the administrator may not see', async () => {
    const nobody = await call(adminWithoutTheRight, 'POST', '/token', body(999_999));
    expect(nobody.statusCode).toBe(404);
    for (const person of [cast.protectedPupil, cast.markedTeacher]) {
      const response = await call(adminWithoutTheRight, 'POST', '/token', body(person.id));
      expect(response.statusCode, person.username).toBe(404);
      expect(response.json().message).toBe(nobody.json().message);
      expectNoTraceOf(response, [person]);
    }
  });

  it('issues one to an administrator with the right', async () => {
    const response = await call(admin, 'POST', '/token', body(cast.protectedPupil.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().token).toMatchObject({ userId: cast.protectedPupil.id, type: 'api' });
  });
});
