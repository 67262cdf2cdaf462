import { ids, type PostInput, type PostResponse } from '@skolportalen/shared';
import type { TestContext } from '../harness';
import { roleCategory } from '../tools-helpers';
import { bearerClientOf } from './sign-in';
import type { TestUser } from './users';

let made = 0;

export interface PostOptions extends Partial<PostInput> {
  /** Who writes it, through the API: the post passes the same rules as any other. */
  author: TestUser;
}

/**
 * A published news item by `author`, aimed at the teachers of the author's
 * school (or of the whole municipality when the author has none). Anything
 * else of the post's input may be given.
 */
export async function buildPost(
  t: Pick<TestContext, 'app' | 'db'>,
  { author, ...values }: PostOptions,
): Promise<PostResponse> {
  made += 1;
  const call = await bearerClientOf(t, author);
  const body: PostInput = {
    type: 'news',
    title: `Testnyhet ${made}`,
    excerpt: 'En nyhet som bara finns i testerna.',
    nodeIds: [author.school?.id ?? ids.municipalityNodeId],
    categoryIds: [roleCategory.teacher],
    ...values,
  };
  const response = await call('POST', '/api/core/v1/post', body);
  if (response.statusCode !== 201) {
    throw new Error(`buildPost by ${author.username}: ${response.statusCode} ${response.body}`);
  }
  return response.json() as PostResponse;
}
