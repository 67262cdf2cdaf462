import type { PostInput, PostResponse } from '@skolportalen/shared';
import { expect } from 'vitest';
import type { Client } from './tools-helpers';

export { clientFor, nodeIdByName, roleCategory, type Client } from './tools-helpers';

export const postUrl = '/api/core/v1/post';

/**
 * A valid news item aimed at the whole municipality's teachers unless told
 * otherwise. Only those holding publish_all_groups (administrators) may aim
 * there: a teacher's post names her own groups (decision 0028).
 */
export function postBody(overrides: Partial<PostInput> = {}): PostInput {
  return {
    type: 'news',
    title: 'Provnyhet',
    excerpt: 'En nyhet som bara finns i testerna.',
    nodeIds: [1],
    categoryIds: [3],
    ...overrides,
  };
}

export async function createPost(client: Client, overrides: Partial<PostInput> = {}) {
  const response = await client('POST', postUrl, postBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PostResponse;
}

/** Titles of the published posts a client's GetPosts returns (one page of 9999). */
export async function feedTitles(client: Client, body: Record<string, unknown> = {}) {
  const response = await client('POST', '/api/core/v1/GetPosts', { perPage: 9999, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { title: string }[]).map((post) => post.title);
}
