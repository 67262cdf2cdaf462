import type { LinkInput } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { links, nodes } from '../src/db/schema';
import { signInAs, type TestContext } from './harness';

/** Role categories of the base data. */
export const roleCategory = { teacher: 3, student: 4, caretaker: 5, employee: 6 } as const;

export async function nodeIdByName(t: TestContext, name: string): Promise<number> {
  const [row] = await t.db.select({ id: nodes.id }).from(nodes).where(eq(nodes.name, name));
  if (!row) throw new Error(`no group named ${name}`);
  return row.id;
}

export async function linkIdByName(t: TestContext, name: string): Promise<number> {
  const [row] = await t.db.select({ id: links.id }).from(links).where(eq(links.name, name));
  if (!row) throw new Error(`no tool named ${name}`);
  return row.id;
}

export function toolBody(overrides: Partial<LinkInput> = {}): LinkInput {
  return {
    name: 'Provverktyg',
    shortDescription: 'Ett verktyg för prov',
    longDescription: 'Ett verktyg som bara finns i testerna.',
    url: 'https://prov.exempelby.se',
    nodeIds: [1],
    categoryIds: [roleCategory.teacher],
    ...overrides,
  };
}

/** A signed-in client: `call(method, url, payload?)` answers with the injected response. */
export async function clientFor(t: TestContext, username: string) {
  const cookie = await signInAs(t.app, username);
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export type Client = Awaited<ReturnType<typeof clientFor>>;

export async function createTool(client: Client, overrides: Partial<LinkInput> = {}) {
  const response = await client('POST', '/api/core/v1/link', toolBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
}

export const names = (list: { name: string }[]) => list.map((item) => item.name);
