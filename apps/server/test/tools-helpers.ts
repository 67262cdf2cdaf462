import { randomUUID } from 'node:crypto';
import { ids, type LinkInput } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { links, media, nodes } from '../src/db/schema';
import { signIn } from './factories/sign-in';
import type { TestUser } from './factories/users';
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

/**
 * The test database's icon (set by `clientFor`): a tool needs one to be saved (spec §5).
 * Test files share this module when they share a worker, so the icon is kept per database.
 */
let testIconId: number | undefined;
const iconOfDatabase = new WeakMap<TestContext['db'], number>();

/** An icon of the media library's icon category, straight into the database (no file needed). */
async function ensureTestIcon(t: TestContext): Promise<number> {
  const [row] = await t.db
    .insert(media)
    .values({
      title: 'Testikon',
      alt: 'Ikon för testerna',
      categoryId: ids.mediaCategoryIcon,
      fileType: 'png',
      filename: `testikon-${randomUUID()}.png`,
      originalName: 'testikon.png',
      size: 100,
      width: 256,
      height: 256,
    })
    .returning({ id: media.id });
  return row!.id;
}

export function toolBody(overrides: Partial<LinkInput> = {}): LinkInput {
  return {
    ...(testIconId === undefined ? {} : { mediaId: testIconId }),
    name: 'Provverktyg',
    shortDescription: 'Ett verktyg för prov',
    longDescription: 'Ett verktyg som bara finns i testerna.',
    url: 'https://prov.exempelby.se',
    nodeIds: [1],
    categoryIds: [roleCategory.teacher],
    ...overrides,
  };
}

/**
 * A signed-in client: `call(method, url, payload?)` answers with the injected
 * response. Signs in a demo account by username, or an account the
 * factories built (test/factories).
 */
export async function clientFor(
  t: TestContext,
  user: string | Pick<TestUser, 'username' | 'password'>,
) {
  testIconId = iconOfDatabase.get(t.db) ?? (await ensureTestIcon(t));
  iconOfDatabase.set(t.db, testIconId);
  const cookie = typeof user === 'string' ? await signInAs(t.app, user) : await signIn(t.app, user);
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
