import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildOnlookers,
  buildProtectedCast,
  clientsOf,
  expectNoTraceIn,
  type Onlookers,
  type ProtectedCast,
} from '../../../test/protected-people';

/**
 * The routes addressed by a person's id — their rights, their posts, their
 * tool list and its changes — answer "not found" for a protected person the
 * actor may not see, as for an id nobody has (decision 0039), before any
 * change is made; those who may see the person are served as before.
 */
let t: TestContext;
let cast: ProtectedCast;
let onlookers: Onlookers;
let clients: Awaited<ReturnType<typeof clientsOf<keyof Onlookers>>>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  onlookers = await buildOnlookers(t, cast);
  clients = await clientsOf(t, onlookers);
});
afterAll(() => t?.close());

const routesOf = (id: number) =>
  [
    ['GET', `/api/core/v1/user/${id}/capability`],
    ['GET', `/api/core/v1/user/${id}/posts`],
    ['GET', `/api/core/v1/user/${id}/links`],
    ['POST', `/api/core/v1/user/${id}/link/1`],
    ['DELETE', `/api/core/v1/user/${id}/link/1`],
    ['POST', `/api/core/v1/user/${id}/link-sort`, { linkIds: [1] }],
  ] as const;

describe("a protected person's rights, posts and tools", () => {
  it('are "not found" to an administrator without the right, as an unknown id is', async () => {
    const unknown = await clients.adminWithoutTheRight(
      'GET',
      '/api/core/v1/user/999999/capability',
    );
    for (const person of [cast.protectedPupil, cast.markedTeacher]) {
      for (const [method, url, body] of routesOf(person.id)) {
        const answer = await clients.adminWithoutTheRight(method, url, body);
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.json(), `${method} ${url}`).toEqual(unknown.json());
        expectNoTraceIn(answer.body, [person], `${method} ${url}`);
      }
    }
  });

  it('are served to an administrator with the right and to the school’s rektor', async () => {
    for (const actor of ['admin', 'rektor'] as const) {
      const answer = await clients[actor](
        'GET',
        `/api/core/v1/user/${cast.protectedPupil.id}/capability`,
      );
      expect(answer.statusCode, actor).toBe(200);
    }
    const posts = await clients.admin('GET', `/api/core/v1/user/${cast.markedTeacher.id}/posts`);
    expect(posts.statusCode).toBe(200);
    const links = await clients.admin('GET', `/api/core/v1/user/${cast.markedTeacher.id}/links`);
    expect(links.statusCode).toBe(200);
  });
});
