import { protectedIdentityName, type PostListItem, type PostResponse } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLinks } from '../../db/schema';
import { buildPost, buildUser, fullName } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildOnlookers,
  buildProtectedCast,
  clientsOf,
  expectNoTraceOf,
  type Onlookers,
  type ProtectedCast,
} from '../../../test/protected-people';
import { roleCategory } from '../../../test/tools-helpers';

/**
 * A post's author with a protected identity (decision 0039): readers who may
 * not see them read "Skyddad identitet" as the author, in the feed (its
 * prepared statement), in filtered lists and on the post itself.
 */
let t: TestContext;
let cast: ProtectedCast;
let onlookers: Onlookers;
let hidden: PostResponse;
let open: PostResponse;
let call: Awaited<ReturnType<typeof clientsOf<string>>>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  onlookers = await buildOnlookers(t, cast);
  const audience = {
    nodeIds: [cast.school.id],
    categoryIds: [roleCategory.teacher, roleCategory.student, roleCategory.employee],
  };
  hidden = await buildPost(t, {
    author: cast.markedTeacher,
    title: 'Från en skyddad',
    ...audience,
  });
  open = await buildPost(t, { author: onlookers.teacher, title: 'Från en kollega', ...audience });
  // The marked teacher's own child goes to the school: a guardian is shown to their children.
  const child = await buildUser(t, {
    role: 'role_student',
    class: cast.klass,
    firstName: 'Tilde',
    lastName: 'Sekretessdotter',
  });
  await t.db
    .insert(accountLinks)
    .values({ userId: cast.markedTeacher.id, relatedUserId: child.id, relation: 'child' });
  call = await clientsOf(t, {
    child,
    pupil: cast.classmate,
    teacher: onlookers.teacher,
    markedTeacher: cast.markedTeacher,
    rektor: onlookers.rektor,
    admin: onlookers.admin,
  });
});
afterAll(() => t?.close());

const authorIn = (list: PostListItem[], post: PostResponse) =>
  list.find((item) => item.id === post.id)?.author;

describe('a post by an author with a protected identity', () => {
  it('reads "Skyddad identitet" as the author to a pupil and a colleague', async () => {
    for (const who of ['pupil', 'teacher']) {
      const single = await call[who]!('GET', `/api/core/v1/post/${hidden.id}`);
      expect(single.statusCode, single.body).toBe(200);
      expectNoTraceOf(single, [cast.markedTeacher]);
      expect(single.json().author).toEqual({
        id: cast.markedTeacher.id,
        name: protectedIdentityName,
      });

      const feed = await call[who]!('POST', '/api/core/v1/GetPosts', { perPage: 50 });
      const searched = await call[who]!('POST', '/api/core/v1/GetPosts', {
        perPage: 50,
        nodeIds: [cast.school.id],
      });
      for (const response of [feed, searched]) {
        expect(response.statusCode, response.body).toBe(200);
        expectNoTraceOf(response, [cast.markedTeacher]);
        const list = response.json() as PostListItem[];
        expect(authorIn(list, hidden)?.name, who).toBe(protectedIdentityName);
        expect(authorIn(list, open)?.name, who).toBe(fullName(onlookers.teacher));
      }
    }
  });

  it('names the author to themselves, their child, the school’s rektor and an administrator', async () => {
    for (const who of ['markedTeacher', 'child', 'rektor', 'admin']) {
      const single = await call[who]!('GET', `/api/core/v1/post/${hidden.id}`);
      expect(single.statusCode, single.body).toBe(200);
      expect(single.json().author.name, who).toBe(fullName(cast.markedTeacher));
      // An administrator outside the school is no reader of its feed.
      if (who === 'admin') continue;
      const list = await call[who]!('POST', '/api/core/v1/GetPosts', {
        perPage: 50,
        nodeIds: [cast.school.id],
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(authorIn(list.json() as PostListItem[], hidden)?.name, who).toBe(
        fullName(cast.markedTeacher),
      );
    }
  });
});
