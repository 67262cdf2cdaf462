import {
  ids,
  linkSortColumns,
  paging,
  parseSort,
  type LinkInput,
  type LinkType,
} from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createTool,
  linkIdByName,
  nodeIdByName,
  roleCategory,
  toolBody,
  type Client,
} from '../../../test/tools-helpers';
import { loadAudience } from '../audience/audience.repo';
import { defaultLinkSort, listLinks, type ListedLink } from './links.repo';

/**
 * A reader's tool lists (GetLinks, the reader's own tools in the
 * current-user answer, the own-list routes) are made from the tools' catalog
 * (links-catalog-lists.ts), and every other list in SQL (`listLinks`): for
 * every kind of demo reader, both give the same tools in the same order with
 * the same fields and total, whatever the filters, sort and page.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const readers = [
  'anna.larsson',
  'anna.larsson.vh',
  'johan.berg',
  'elsa.nilsson',
  'leo.nilsson',
  'karin.nilsson',
  'eva.andersson',
  'sven.svensson',
];

const everyRole = Object.values(roleCategory);

/**
 * Tools that every reader sees and that only the full order tells apart:
 * one place, names equal but for case, and (set below) times equal to the
 * millisecond but not to the microsecond.
 */
const alike: (Partial<LinkInput> & { name: string })[] = [
  { name: 'Ärendehantering' },
  {
    name: 'ärendehantering',
    type: 'google-tool',
    url: 'https://drive.google.com/drive/arenden',
  },
  { name: 'ARENDEHANTERING', optional: true },
  { name: 'arendehantering' },
  { name: 'Zebra', optional: true },
  { name: 'zebra', optional: true, type: 'google-tool', url: 'https://drive.google.com/zebra' },
];

/** Sets a tool's times; the catalog's counter moves at the commit like any change to a tool. */
async function setTimes(name: string, created: string, updated: string) {
  await t.db.execute(
    sql`update links set created_at = ${created}::timestamptz, updated_at = ${updated}::timestamptz
        where id = ${await linkIdByName(t, name)}`,
  );
}

/** Adds optional tools to the client's own list, then puts some of the list in its own order. */
async function chooseAndSort(client: Client, ownerId: number, add: string[], order: string[]) {
  for (const name of add) {
    const added = await client('POST', `/api/core/v1/user/links/${await linkIdByName(t, name)}`);
    expect(added.statusCode, added.body).toBe(200);
  }
  const linkIds = await Promise.all(order.map((name) => linkIdByName(t, name)));
  const sorted = await client('POST', `/api/core/v1/user/${ownerId}/link-sort`, { linkIds });
  expect(sorted.statusCode, sorted.body).toBe(200);
}

beforeAll(async () => {
  const admin = await clientFor(t, 'eva.andersson');
  const lindang = await nodeIdByName(t, 'Lindängsskolan');
  for (const tool of alike) {
    await createTool(admin, {
      linkSort: 15,
      nodeIds: [ids.municipalityNodeId, lindang],
      categoryIds: everyRole,
      ...tool,
    });
  }
  // Own choices: optional tools added, some tools given places and others left without.
  const me = async (client: Client) => (await client('GET', '/api/core/v1/user')).json().id;
  const johan = await clientFor(t, 'johan.berg');
  await chooseAndSort(
    johan,
    await me(johan),
    ['ARENDEHANTERING', 'Zebra', 'Bibliotekskatalog'],
    ['Zebra', 'Schema', 'ARENDEHANTERING', 'arendehantering'],
  );
  const anna = await clientFor(t, 'anna.larsson');
  await chooseAndSort(anna, await me(anna), ['zebra'], ['zebra', 'Frånvaro']);
  // A place given and taken back: the row stays, with no place.
  await chooseAndSort(anna, await me(anna), [], ['Frånvaro']);
  await chooseAndSort(admin, await me(admin), ['Zebra'], ['arendehantering', 'Zebra']);
  // A standard tool the readers gave a place becomes optional: their rows, not chosen, keep it out.
  const madeOptional = await admin(
    'PUT',
    `/api/core/v1/link/${await linkIdByName(t, 'arendehantering')}`,
    toolBody({
      name: 'arendehantering',
      linkSort: 15,
      optional: true,
      nodeIds: [ids.municipalityNodeId, lindang],
      categoryIds: everyRole,
    }),
  );
  expect(madeOptional.statusCode, madeOptional.body).toBe(200);
  // Times equal to the millisecond, not to the microsecond.
  for (const [name, created, updated] of [
    ['Ärendehantering', '000200', '000100'],
    ['ärendehantering', '000200', '000300'],
    ['ARENDEHANTERING', '000100', '000300'],
    ['arendehantering', '000200', '000200'],
  ] as const) {
    await setTimes(name, `2024-03-01 08:00:00.${created}+00`, `2024-03-02 08:00:00.${updated}+00`);
  }
});

/** Every field a listed tool's row and the reader's own entry give, as the API sends them. */
function sentFields(tool: Record<string, unknown>) {
  return {
    id: tool.id,
    name: tool.name,
    shortDescription: tool.shortDescription,
    longDescription: tool.longDescription,
    url: tool.url,
    type: tool.type,
    linkSort: tool.linkSort,
    optional: tool.optional,
    icon: tool.icon,
    mediaId: tool.mediaId,
    created: tool.created,
    updated: tool.updated,
    userSort: tool.userSort,
    inMyList: tool.inMyList,
  };
}

/** The same fields of a tool listed in SQL, for a reader it reaches. */
function listedFields({ row, userSort, chosen, visible }: ListedLink) {
  expect(visible).toBe(true);
  return {
    id: row.id,
    name: row.name,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    url: row.url,
    type: row.type,
    linkSort: row.linkSort,
    optional: row.optional,
    icon: row.icon,
    mediaId: row.mediaId,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    userSort,
    inMyList: !row.optional || chosen,
  };
}

type Scope = 'mine' | 'available';

/** A GetLinks body but for its scope. */
interface ListRequest {
  nodeId?: number[];
  categoryId?: number[];
  type?: LinkType[];
  sort?: string;
  page?: number;
  perPage?: number;
}

/** The list in SQL, as `listLinks` makes it without the catalog. */
async function inSql(userId: number, scope: Scope, body: ListRequest) {
  const sort = parseSort(body.sort, linkSortColumns, defaultLinkSort);
  if (!sort.ok) throw new Error(sort.message);
  return listLinks(
    t.db,
    await loadAudience(t.db, userId),
    scope,
    { nodeIds: body.nodeId, categoryIds: body.categoryId, types: body.type },
    sort.terms,
    { page: body.page ?? 1, perPage: body.perPage ?? paging.defaultPerPage },
  );
}

/** GetLinks (from the catalog) and `listLinks` (SQL) agree on this request. */
async function expectSameAsSql(cookie: string, userId: number, scope: Scope, body: ListRequest) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/GetLinks',
    headers: { cookie },
    payload: { ...body, scope },
  });
  const asked = `${scope} ${JSON.stringify(body)}`;
  expect(answer.statusCode, answer.body).toBe(200);
  const { items, total } = await inSql(userId, scope, body);
  expect(answer.headers['x-pagination-total'], asked).toBe(String(total));
  expect(answer.json().map(sentFields), asked).toEqual(items.map(listedFields));
  return items;
}

const sorts = [
  undefined,
  'linkSort ASC, name ASC',
  ...linkSortColumns.flatMap((column) => [`${column} ASC`, `${column} DESC`]),
  'type DESC, name ASC',
  'linkSort ASC, created DESC',
  'updated ASC, name DESC',
];

describe("a reader's tools", () => {
  it.each(readers)('are the same from the catalog as from SQL for %s', async (username) => {
    const cookie = await signInAs(t.app, username);
    const me = await t.app.inject({ method: 'GET', url: '/api/core/v1/user', headers: { cookie } });
    const userId: number = me.json().id;
    const lindang = await nodeIdByName(t, 'Lindängsskolan');
    const filters: ListRequest[] = [
      { type: ['tool'] },
      { type: ['google-tool'] },
      { type: ['tool', 'google-tool'] },
      { nodeId: [ids.municipalityNodeId] },
      { nodeId: [lindang], categoryId: [roleCategory.student, roleCategory.caretaker] },
      { categoryId: [roleCategory.teacher] },
    ];
    for (const scope of ['mine', 'available'] as const) {
      for (const sort of sorts) {
        const items = await expectSameAsSql(cookie, userId, scope, { sort, perPage: 100 });
        expect(items.length).toBeGreaterThan(0);
      }
      for (const filter of filters) await expectSameAsSql(cookie, userId, scope, filter);
      // Pages that end short, end full (so the total is counted) and lie past the end.
      for (const page of [
        { perPage: 3, page: 1 },
        { perPage: 3, page: 2, sort: 'name DESC' },
        { perPage: 4, page: 50 },
        { perPage: 1, page: 1 },
      ])
        await expectSameAsSql(cookie, userId, scope, page);
    }
    // The reader's own tools in the current-user answer: the grid, all of it.
    const { items } = await inSql(userId, 'mine', { perPage: paging.maxPerPage });
    expect(me.json().links.map(sentFields)).toEqual(items.map(listedFields));
  });

  it("are the list owner's own when an administrator reads another's list", async () => {
    const admin = await clientFor(t, 'eva.andersson');
    const johan = await clientFor(t, 'johan.berg');
    const johanId: number = (await johan('GET', '/api/core/v1/user')).json().id;
    const answer = await admin('GET', `/api/core/v1/user/${johanId}/links`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = await inSql(johanId, 'mine', { perPage: paging.maxPerPage });
    expect(items.some((item) => item.userSort !== null)).toBe(true);
    expect(answer.json().map(sentFields)).toEqual(items.map(listedFields));
  });
});
