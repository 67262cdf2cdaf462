import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '@skolportalen/shared';
import {
  bearerClientOf,
  buildPost,
  buildUser,
  signIn,
  type TestUser,
} from '../../../test/factories';
import { roleCategory } from '../../../test/tools-helpers';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';
import {
  buildProtectedCast,
  expectNamed,
  expectNoTraceOf,
  type ProtectedCast,
} from '../../../test/protected-people';

/**
 * Acting as someone shows the administrator everything of that person: an
 * administrator who may not see a protected person (decision 0039) cannot
 * act as them, nor switch to them from their guardian, nor find them among
 * the guardian's children while acting as her.
 */
let t: TestContext;
let cast: ProtectedCast;
let adminWithoutTheRight: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  adminWithoutTheRight = await buildUser(t, {
    role: 'role_admin',
    capabilities: { view_protected_identity: false },
  });
  admin = await buildUser(t, { role: 'role_admin' });
});
afterAll(() => t?.close());

const mask = (cookie: string, userId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/core/v1/token',
    headers: { cookie },
    payload: { type: 'masked', userId },
  });
const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
const switchTo = (cookie: string, userId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/portal-service/v1/user/related/${userId}/token`,
    headers: { cookie },
  });

async function actingAs(actor: TestUser, person: TestUser) {
  const cookie = await signIn(t.app, actor);
  const response = await mask(cookie, person.id);
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeaderFrom(response.cookies, cookie);
}

describe('acting as a protected person', () => {
  it('is “not found” to an administrator who may not see them, like an account that is not there', async () => {
    const cookie = await signIn(t.app, adminWithoutTheRight);
    const nobody = await mask(cookie, 999_999);
    expect(nobody.statusCode).toBe(404);
    for (const person of [cast.protectedPupil, cast.markedTeacher]) {
      const response = await mask(cookie, person.id);
      expect(response.statusCode, person.username).toBe(404);
      expect(response.json(), person.username).toEqual(nobody.json());
      expectNoTraceOf(response, [person]);
    }
  });

  it('is allowed to an administrator with the right', async () => {
    const cookie = await actingAs(admin, cast.protectedPupil);
    expectNamed(await get(cookie, '/api/core/v1/user'), cast.protectedPupil);
  });
});

describe('acting as the guardian of a protected child', () => {
  it('leaves the child out of her children and accounts, and refuses the switch, for an administrator who may not see them', async () => {
    const cookie = await actingAs(adminWithoutTheRight, cast.guardian);
    const me = await get(cookie, '/api/core/v1/user');
    expect(me.json()).toMatchObject({ id: cast.guardian.id, masked: true, children: [] });
    expectNoTraceOf(me, [cast.protectedPupil], 'the current user');

    const related = await get(cookie, '/api/portal-service/v1/user/related');
    expect(related.json().map((account: { id: number }) => account.id)).toEqual([cast.guardian.id]);
    expectNoTraceOf(related, [cast.protectedPupil], 'the related accounts');

    const switched = await switchTo(cookie, cast.protectedPupil.id);
    expect(switched.statusCode).toBe(404);
    expectNoTraceOf(switched, [cast.protectedPupil], 'the switch');
  });

  it('shows the child and lets an administrator with the right switch to them', async () => {
    const cookie = await actingAs(admin, cast.guardian);
    const me = await get(cookie, '/api/core/v1/user');
    expect(me.json().children).toMatchObject([{ id: cast.protectedPupil.id }]);
    expectNamed(await get(cookie, '/api/portal-service/v1/user/related'), cast.protectedPupil);
    const switched = await switchTo(cookie, cast.protectedPupil.id);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().token).toMatchObject({
      userId: cast.protectedPupil.id,
      masked: true,
    });
  });
});

describe('what a masked session shows', () => {
  it('is what both may see: the guardian’s protected child is “Skyddad identitet” to an administrator without the right acting as the guardian', async () => {
    const author = await buildUser(t, { role: 'role_admin' });
    const post = await buildPost(t, {
      author,
      nodeIds: [ids.municipalityNodeId],
      categoryIds: [roleCategory.student, roleCategory.caretaker],
    });
    const pupil = await bearerClientOf(t, cast.protectedPupil);
    const comment = await pupil('POST', '/api/core/v1/comment', {
      postId: post.id,
      text: 'Vi kommer gärna!',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const comments = `/api/core/v1/comment?postId=${post.id}`;

    // The guardian sees her own child by name.
    const guardian = await get(await signIn(t.app, cast.guardian), comments);
    expectNamed(guardian, cast.protectedPupil);
    // Acting as her, an administrator without the right sees no more than on his own.
    const masked = await get(await actingAs(adminWithoutTheRight, cast.guardian), comments);
    expect(masked.statusCode).toBe(200);
    expect(masked.body).toContain('Skyddad identitet');
    expectNoTraceOf(masked, [cast.protectedPupil]);
    // An administrator with the right, acting as her, sees the child as she does.
    const entitled = await get(await actingAs(admin, cast.guardian), comments);
    expectNamed(entitled, cast.protectedPupil);
  });
});
