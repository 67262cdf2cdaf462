import { postListItem, type PostResponse } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerClientOf,
  buildClass,
  buildPost,
  buildSchool,
  buildUser,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { roleCategory } from '../../../test/tools-helpers';
import { contentGeneration } from '../../db/content-generation';
import { users } from '../../db/schema';
import { responseSerializer } from '../../http/endpoint-routes';
import { loadAuthUser } from '../../identity/auth-user.repo';
import { loadPostAudience } from '../audience/audience.repo';
import { presentPosts } from './post-present';
import { postsText } from './post-texts';
import { listedPostsByIds } from './posts.repo';

/**
 * A page of posts written from the rows kept per post (posts.repo.ts) and
 * the shared text kept per row (post-texts.ts) says, byte for byte, what
 * presenting and serialising each post for its reader says; each reader
 * keeps their own read, like, rights and must-read state, and a change of
 * content is read anew.
 */
let t: TestContext;
let teacher: TestUser;
let hiddenTeacher: TestUser;
let pupil: TestUser;
let otherPupil: TestUser;
let guardian: TestUser;
const posts: PostResponse[] = [];

const serializeItems = responseSerializer(z.array(postListItem), 'a page of posts');

async function readerOf(user: TestUser) {
  const auth = (await loadAuthUser(t.db, user.id))!;
  const audience = await loadPostAudience(t.db, user.id);
  return { auth, reader: { audience, now: new Date() } };
}

/** The page's rows for `user` at the current content counter, and both texts of them. */
async function bothTexts(user: TestUser) {
  const { auth, reader } = await readerOf(user);
  const content = await contentGeneration(t.db);
  const rows = await listedPostsByIds(
    t.db,
    user.id,
    posts.map((post) => post.id),
    content,
  );
  return {
    rows,
    kept: await postsText(t.db, auth, rows, reader),
    presented: serializeItems(await presentPosts(t.db, auth, rows, reader)),
  };
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t);
  const class3A = await buildClass(t, { school, name: '3A' });
  teacher = await buildUser(t, { role: 'role_teacher', class: class3A, firstName: 'Karin' });
  hiddenTeacher = await buildUser(t, {
    role: 'role_teacher',
    class: class3A,
    firstName: 'Skyddad',
    securityMarking: 'Skyddad folkbokföring',
  });
  pupil = await buildUser(t, { role: 'role_student', class: class3A, firstName: 'Elsa' });
  otherPupil = await buildUser(t, { role: 'role_student', class: class3A, firstName: 'Leo' });
  guardian = await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] });
  const toClass = {
    nodeIds: [class3A.id],
    categoryIds: [roleCategory.student, roleCategory.caretaker],
  };
  posts.push(
    await buildPost(t, {
      author: teacher,
      ...toClass,
      title: 'Utflykt "till" skogen </script> \\ på fredag',
      blurbs: [],
    }),
    await buildPost(t, {
      author: teacher,
      ...toClass,
      type: 'info-important',
      title: 'Läs och bekräfta',
      requiresAcknowledgement: true,
    }),
    await buildPost(t, { author: hiddenTeacher, ...toClass, title: 'Från en skyddad lärare' }),
  );
  const asPupil = await bearerClientOf(t, pupil);
  const liked = await asPupil('POST', '/api/core/v1/like', { postId: posts[0]!.id });
  expect(liked.statusCode, liked.body).toBeLessThan(300);
  const read = await asPupil('POST', `/api/core/v1/post-read/${posts[2]!.id}`);
  expect(read.statusCode, read.body).toBeLessThan(300);
});

afterAll(async () => {
  await t.close();
});

describe("a page of posts written from the kept rows' texts", () => {
  it('is what presenting and serialising says, for each reader, read fresh and kept', async () => {
    for (const user of [pupil, otherPupil, guardian, teacher, hiddenTeacher]) {
      for (const round of ['read', 'kept']) {
        const { kept, presented } = await bothTexts(user);
        expect(kept, `${user.firstName}, ${round}`).toBe(presented);
      }
    }
  });

  it("hands every reader the kept row's shared part and each their own", async () => {
    const [mine, theirs] = await Promise.all([bothTexts(pupil), bothTexts(otherPupil)]);
    expect(mine.rows[0]!.post).toBe(theirs.rows[0]!.post);
    type Item = { likes: { liked: boolean; count: number }; isRead: boolean };
    const myItems = JSON.parse(mine.kept) as Item[];
    const theirItems = JSON.parse(theirs.kept) as Item[];
    expect(myItems[0]!.likes).toMatchObject({ liked: true, count: 1 });
    expect(theirItems[0]!.likes).toMatchObject({ liked: false, count: 1 });
    expect([myItems[2]!.isRead, theirItems[2]!.isRead]).toEqual([true, false]);
  });

  it('names a protected author only to those who may see them', async () => {
    const names = async (user: TestUser) =>
      (JSON.parse((await bothTexts(user)).kept) as { author: { name: string } }[])[2]!.author.name;
    expect(await names(pupil)).toBe('Skyddad identitet');
    expect(await names(hiddenTeacher)).toContain('Skyddad');
    expect(await names(hiddenTeacher)).not.toBe('Skyddad identitet');
  });

  it('reads a post again once content has changed, and counts a new like at once', async () => {
    const before = await bothTexts(otherPupil);
    const asTeacher = await bearerClientOf(t, teacher);
    const { type, excerpt, nodeIds, categoryIds } = posts[0]!;
    const changed = await asTeacher('PUT', `/api/core/v1/post/${posts[0]!.id}`, {
      type,
      excerpt,
      nodeIds,
      categoryIds,
      title: 'Utflykten flyttas till måndag',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await bothTexts(otherPupil);
    expect(after.rows[0]!.post).not.toBe(before.rows[0]!.post);
    expect(after.kept).toBe(after.presented);
    const items = JSON.parse(after.kept) as { title: string }[];
    expect(items[0]!.title).toBe('Utflykten flyttas till måndag');
    // A like changes no content: the kept row stays, and the count is the reader's to read.
    const asOther = await bearerClientOf(t, otherPupil);
    const liked = await asOther('POST', '/api/core/v1/like', { postId: posts[1]!.id });
    expect(liked.statusCode, liked.body).toBeLessThan(300);
    const afterLike = await bothTexts(otherPupil);
    expect(afterLike.rows[1]!.post).toBe(after.rows[1]!.post);
    expect(afterLike.kept).toBe(afterLike.presented);
    const likes = (JSON.parse(afterLike.kept) as { likes: { count: number; liked: boolean } }[])[1]!
      .likes;
    expect(likes).toMatchObject({ count: 1, liked: true });
  });

  it('shows a read at once, and an author who has become protected at the next read', async () => {
    const before = await bothTexts(otherPupil);
    const asOther = await bearerClientOf(t, otherPupil);
    const read = await asOther('POST', `/api/core/v1/post-read/${posts[1]!.id}`);
    expect(read.statusCode, read.body).toBeLessThan(300);
    const afterRead = await bothTexts(otherPupil);
    expect(afterRead.rows[1]!.post).toBe(before.rows[1]!.post);
    expect((JSON.parse(afterRead.kept) as { isRead: boolean }[])[1]!.isRead).toBe(true);

    await t.db
      .update(users)
      .set({ securityMarking: 'Sekretessmarkering' })
      .where(eq(users.id, teacher.id));
    const afterMarking = await bothTexts(otherPupil);
    expect(afterMarking.rows[1]!.post).not.toBe(before.rows[1]!.post);
    expect(afterMarking.kept).toBe(afterMarking.presented);
    const author = (JSON.parse(afterMarking.kept) as { author: { name: string } }[])[1]!.author;
    expect(author.name).toBe('Skyddad identitet');
  });
});
