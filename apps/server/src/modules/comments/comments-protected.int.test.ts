import {
  protectedIdentityName,
  type CommentResponse,
  type PostResponse,
} from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPost, fullName, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildOnlookers,
  buildProtectedCast,
  clientsOf,
  expectNamed,
  expectNoTraceOf,
  type Onlookers,
  type ProtectedCast,
} from '../../../test/protected-people';
import { roleCategory } from '../../../test/tools-helpers';

/**
 * Comment and like authors with a protected identity (decision 0039): a
 * comment of theirs shows "Skyddad identitet" to readers who may not see
 * them; likes are counts and name nobody.
 */
let t: TestContext;
let cast: ProtectedCast;
let onlookers: Onlookers;
let post: PostResponse;
let call: Awaited<ReturnType<typeof clientsOf<string>>>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  onlookers = await buildOnlookers(t, cast);
  post = await buildPost(t, {
    author: onlookers.teacher,
    nodeIds: [cast.school.id],
    categoryIds: [roleCategory.teacher, roleCategory.student, roleCategory.employee],
  });
  call = await clientsOf(t, {
    protectedPupil: cast.protectedPupil,
    markedTeacher: cast.markedTeacher,
    teacher: onlookers.teacher,
    classmate: cast.classmate,
    rektor: onlookers.rektor,
    admin: onlookers.admin,
  });
  for (const [who, text] of [
    ['protectedPupil', 'Jag kommer på utflykten.'],
    ['markedTeacher', 'Glöm inte matsäcken.'],
    ['classmate', 'Jag också!'],
  ] as const) {
    const response = await call[who]!('POST', '/api/core/v1/comment', { postId: post.id, text });
    expect(response.statusCode, response.body).toBe(201);
    for (const target of [{ postId: post.id }, { commentId: response.json().id }]) {
      expect((await call[who]!('POST', '/api/core/v1/like', target)).statusCode).toBe(200);
    }
  }
});
afterAll(() => t?.close());

const commentsAs = async (who: string) => {
  const response = await call[who]!('GET', `/api/core/v1/comment?postId=${post.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const authorOf = (list: CommentResponse[], person: TestUser) =>
  list.find((comment) => comment.author.id === person.id)?.author.name;

describe('comments by people with a protected identity', () => {
  it('are signed "Skyddad identitet" to a classmate and a colleague', async () => {
    for (const who of ['classmate', 'teacher']) {
      const response = await commentsAs(who);
      expectNoTraceOf(response, [cast.protectedPupil, cast.markedTeacher]);
      const list = response.json() as CommentResponse[];
      expect(authorOf(list, cast.protectedPupil), who).toBe(protectedIdentityName);
      expect(authorOf(list, cast.markedTeacher), who).toBe(protectedIdentityName);
      expect(authorOf(list, cast.classmate), who).toBe(fullName(cast.classmate));
    }
  });

  it('are signed by name to the writer, the school’s rektor and an administrator', async () => {
    const own = (await commentsAs('protectedPupil')).json() as CommentResponse[];
    expect(authorOf(own, cast.protectedPupil)).toBe(fullName(cast.protectedPupil));
    expect(authorOf(own, cast.markedTeacher)).toBe(protectedIdentityName);
    for (const who of ['rektor', 'admin']) {
      const response = await commentsAs(who);
      expectNamed(response, cast.protectedPupil, who);
      expectNamed(response, cast.markedTeacher, who);
    }
  });
});

describe('likes by people with a protected identity', () => {
  it('are counted and name nobody', async () => {
    const ofPost = await call.classmate!('GET', `/api/core/v1/like?postId=${post.id}`);
    expect(ofPost.json()).toMatchObject({ count: 3, liked: true });
    expectNoTraceOf(ofPost, [cast.protectedPupil, cast.markedTeacher]);
    const list = (await commentsAs('teacher')).json() as CommentResponse[];
    expect(list.map((comment) => comment.likes.count)).toEqual([1, 1, 1]);
    const single = await call.teacher!('GET', `/api/core/v1/post/${post.id}`);
    expect(single.json()).toMatchObject({ likes: { count: 3 }, commentCount: 3 });
    expectNoTraceOf(single, [cast.protectedPupil, cast.markedTeacher]);
  });
});
