import { randomUUID } from 'node:crypto';
import { ids } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildClass, buildSchool, buildUser, type TestNode } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createTool,
  names,
  roleCategory,
  toolBody,
  type Client,
} from '../../../test/tools-helpers';
import { media } from '../../db/schema';
import { maxCatalogTools } from './links-catalog';
import * as linksRepo from './links.repo';

/**
 * The tools' targets and icons come from a catalog kept per links counter
 * (links-catalog.ts): every change a reader could see moves the counter at
 * its commit, so the next answer shows it.
 */
let t: TestContext;
let admin: Client;
let reader: Client;
let school: TestNode;
let otherSchool: TestNode;
let icons: Record<'clock' | 'calendar' | 'book', number>;
const tool: Record<string, number> = {};

interface Listed {
  id: number;
  name: string;
  nodeIds: number[];
  categoryIds: number[];
  mediaId: number | null;
  icon: string | null;
  media: { id: number; filename: string; title: string; alt: string } | null;
  inMyList: boolean;
  userSort: number | null;
}

/** The reader's tools as GetLinks (the grid) answers them. */
async function grid(): Promise<Listed[]> {
  const response = await reader('POST', '/api/core/v1/GetLinks', {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The reader's tools inside the current-user answer. */
async function ownTools(): Promise<Listed[]> {
  const response = await reader('GET', '/api/core/v1/user');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().links;
}

/** The reader's own list from its own route. */
async function ownList(): Promise<Listed[]> {
  const response = await reader('GET', '/api/core/v1/user/links');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The tool as each of the reader's lists shows it (undefined where it is not). */
async function everywhere(name: string) {
  const lists = await Promise.all([grid(), ownTools(), ownList()]);
  return lists.map((list) => list.find((item) => item.name === name));
}

async function insertIcon(title: string, alt: string): Promise<number> {
  const [row] = await t.db
    .insert(media)
    .values({
      title,
      alt,
      categoryId: ids.mediaCategoryIcon,
      fileType: 'png',
      filename: `ikon-${randomUUID()}.png`,
      originalName: 'ikon.png',
      size: 100,
      width: 64,
      height: 64,
    })
    .returning({ id: media.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  school = await buildSchool(t);
  otherSchool = await buildSchool(t);
  const ownClass = await buildClass(t, { school });
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  reader = await clientFor(t, await buildUser(t, { role: 'role_teacher', class: ownClass }));
  // Tools there from the first catalog on, so a catalog kept too long would show their old state.
  icons = {
    clock: await insertIcon('Klocka', 'Ikon: en klocka'),
    calendar: await insertIcon('Kalender', 'Ikon: en kalender'),
    book: await insertIcon('Bok', 'Ikon: en bok'),
  };
  for (const [name, mediaId] of [
    ['Schema', icons.clock],
    ['Frånvaro', icons.clock],
    ['Läxor', icons.clock],
    ['Bibliotek', icons.book],
    ['Betyg', icons.clock],
  ] as const) {
    tool[name] = (await createTool(admin, { name, mediaId, nodeIds: [school.id] })).id;
  }
});
afterAll(async () => {
  await t.close();
});

describe("the tools' targets and icons after a change", () => {
  it('shows new targets at the next request after a PUT', async () => {
    for (const seen of await everywhere('Frånvaro')) {
      expect(seen).toMatchObject({ nodeIds: [school.id], categoryIds: [roleCategory.teacher] });
    }
    const replaced = await admin(
      'PUT',
      `/api/core/v1/link/${tool['Frånvaro']}`,
      toolBody({
        name: 'Frånvaro',
        mediaId: icons.clock,
        nodeIds: [otherSchool.id, school.id],
        categoryIds: [roleCategory.student, roleCategory.teacher],
      }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const sorted = [school.id, otherSchool.id].sort((a, b) => a - b);
    for (const seen of await everywhere('Frånvaro')) {
      expect(seen).toMatchObject({
        nodeIds: sorted,
        categoryIds: [roleCategory.teacher, roleCategory.student],
      });
    }
  });

  it('shows a created tool and leaves out a deleted one at the next request', async () => {
    for (const seen of await everywhere('Matsedel')) expect(seen).toBeUndefined();
    const created = await createTool(admin, {
      name: 'Matsedel',
      nodeIds: [ids.municipalityNodeId],
    });
    for (const seen of await everywhere('Matsedel')) {
      expect(seen).toMatchObject({ id: created.id, nodeIds: [ids.municipalityNodeId] });
    }
    const removed = await admin('DELETE', `/api/core/v1/link/${created.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    for (const seen of await everywhere('Matsedel')) expect(seen).toBeUndefined();
    for (const list of [await grid(), await ownTools(), await ownList()]) {
      expect(names(list)).toContain('Schema');
    }
  });

  it('shows the new icon after the tool changes it', async () => {
    for (const seen of await everywhere('Läxor')) {
      expect(seen).toMatchObject({
        mediaId: icons.clock,
        media: { id: icons.clock, title: 'Klocka' },
      });
    }
    const replaced = await admin(
      'PUT',
      `/api/core/v1/link/${tool['Läxor']}`,
      toolBody({ name: 'Läxor', mediaId: icons.calendar, nodeIds: [school.id] }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    for (const seen of await everywhere('Läxor')) {
      expect(seen).toMatchObject({
        mediaId: icons.calendar,
        media: { id: icons.calendar, title: 'Kalender', alt: 'Ikon: en kalender' },
      });
      expect(seen!.icon).toBe(seen!.media!.filename);
    }
  });

  it("shows an icon's new title and alt text after the media item changes", async () => {
    for (const seen of await everywhere('Bibliotek')) {
      expect(seen!.media).toMatchObject({ title: 'Bok', alt: 'Ikon: en bok' });
    }
    const changed = await admin('PUT', `/api/core/v1/media/${icons.book}`, {
      title: 'Böcker',
      description: 'Ikon: en trave böcker',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const seen of await everywhere('Bibliotek')) {
      expect(seen!.media).toMatchObject({ title: 'Böcker', alt: 'Ikon: en trave böcker' });
    }
  });

  it('leaves out a tool whose targets no longer reach the reader, at the next request', async () => {
    for (const seen of await everywhere('Betyg')) expect(seen).toBeDefined();
    const replaced = await admin(
      'PUT',
      `/api/core/v1/link/${tool['Betyg']}`,
      toolBody({ name: 'Betyg', mediaId: icons.clock, nodeIds: [otherSchool.id] }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    for (const seen of await everywhere('Betyg')) expect(seen).toBeUndefined();
  });
});

describe("the reader's own choices", () => {
  /** The reader's grid as each of its three routes lists it, and every tool aimed at the reader. */
  async function listsNow(): Promise<{ grids: Listed[][]; available: Listed[] }> {
    const available = await reader('POST', '/api/core/v1/GetLinks', { scope: 'available' });
    expect(available.statusCode, available.body).toBe(200);
    return {
      grids: [await grid(), await ownTools(), await ownList()],
      available: available.json(),
    };
  }

  it('show at the next request: an optional tool added, the list reordered, the tool removed', async () => {
    const readerId: number = (await reader('GET', '/api/core/v1/user')).json().id;
    const lexicon = await createTool(admin, {
      name: 'Lexikon',
      optional: true,
      nodeIds: [school.id],
    });
    const lexiconIn = (list: Listed[]) => list.find((item) => item.id === lexicon.id);

    let now = await listsNow();
    for (const list of now.grids) expect(names(list)).not.toContain('Lexikon');
    expect(lexiconIn(now.available)).toMatchObject({ inMyList: false, userSort: null });

    const added = await reader('POST', `/api/core/v1/user/links/${lexicon.id}`);
    expect(added.statusCode, added.body).toBe(200);
    now = await listsNow();
    for (const list of [...now.grids, now.available]) {
      expect(lexiconIn(list)).toMatchObject({ inMyList: true, userSort: null });
    }

    const sorted = await reader('POST', `/api/core/v1/user/${readerId}/link-sort`, {
      linkIds: [lexicon.id, tool['Schema']],
    });
    expect(sorted.statusCode, sorted.body).toBe(200);
    now = await listsNow();
    for (const list of now.grids) {
      expect(list.slice(0, 2).map((item) => [item.name, item.userSort])).toEqual([
        ['Lexikon', 0],
        ['Schema', 1],
      ]);
    }
    expect(lexiconIn(now.available)).toMatchObject({ inMyList: true, userSort: 0 });

    const removed = await reader('DELETE', `/api/core/v1/user/links/${lexicon.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    now = await listsNow();
    for (const list of now.grids) {
      expect(names(list)).not.toContain('Lexikon');
      expect(list[0]).toMatchObject({ name: 'Schema', userSort: 1 });
    }
    expect(lexiconIn(now.available)).toMatchObject({ inMyList: false, userSort: null });
  });
});

describe('the catalog is kept for the links counter', () => {
  /** Moves a tool to other groups in a transaction that does not raise the counter. */
  async function retargetBehindTheCounter(linkId: number, nodeId: number) {
    await t.db.transaction(async (tx) => {
      // The trigger raises the counter once per transaction: this says it already has.
      await tx.execute(sql`select set_config('skolportalen.links_generation_bumped', 'on', true)`);
      await tx.execute(sql`update link_nodes set node_id = ${nodeId} where link_id = ${linkId}`);
    });
  }

  it('answers from what it holds while the counter stands, and reads again once it moves', async () => {
    const created = await createTool(admin, { name: 'Elevhälsa', nodeIds: [school.id] });
    const targetsNow = async () =>
      (await ownList()).find((item) => item.id === created.id)?.nodeIds;
    expect(await targetsNow()).toEqual([school.id]);
    await retargetBehindTheCounter(created.id, ids.municipalityNodeId);
    // Still the catalog of this counter value: the change went past the counter.
    expect(await targetsNow()).toEqual([school.id]);
    await t.db.execute(sql`update cache_generations set value = value + 1 where scope = 'links'`);
    expect(await targetsNow()).toEqual([ids.municipalityNodeId]);
  });
});

describe('with more tools than a catalog holds', () => {
  it("lists the reader's tools in SQL, the same as from the catalog", async () => {
    const before = await Promise.all([grid(), ownTools(), ownList()]);
    // Tools aimed at no one: the lists stay what they were.
    await t.db.execute(
      sql`insert into links (name, short_description, long_description, url)
          select 'Arkiv ' || n, 'Arkiverat', 'Ett arkiverat verktyg', 'https://arkiv.exempelby.se/' || n
          from generate_series(1, ${maxCatalogTools}) n`,
    );
    const listedInSql = vi.spyOn(linksRepo, 'listLinks');
    try {
      expect(await Promise.all([grid(), ownTools(), ownList()])).toEqual(before);
      expect(listedInSql).toHaveBeenCalledTimes(3);
    } finally {
      listedInSql.mockRestore();
    }
  });
});
