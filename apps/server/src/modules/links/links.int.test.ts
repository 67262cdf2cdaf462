import { ids } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { auditLog, links } from '../../db/schema';

const day = 24 * 60 * 60 * 1000;

let t: TestContext;
let admin: Client;
let teacher: Client;
let principal: Client;
/** The principal's school and a class of it; another school that is not theirs. */
let ownSchool: TestNode;
let ownClass: TestNode;
let otherSchool: TestNode;
/** Tools the administrator made before the tests, by name. */
const tool: Record<string, number> = {};

/** Moves a tool's creation back by `days`, as if it had been made then. */
async function age(toolId: number, days: number) {
  await t.db
    .update(links)
    .set({ createdAt: new Date(Date.now() - days * day) })
    .where(eq(links.id, toolId));
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  ownSchool = await buildSchool(t);
  ownClass = await buildClass(t, { school: ownSchool });
  otherSchool = await buildSchool(t);
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  teacher = await clientFor(t, await buildUser(t, { school: ownSchool }));
  principal = await clientFor(
    t,
    await buildUser(t, { role: 'role_school_responsible', school: ownSchool }),
  );

  const student = roleCategory.student;
  for (const [name, values] of Object.entries({
    // Aimed at both schools: beyond the principal's reach.
    Schema: { nodeIds: [ownSchool.id, otherSchool.id] },
    // Aimed at the municipality: beyond the principal's reach.
    Matsedel: { nodeIds: [ids.municipalityNodeId] },
    // Aimed at the principal's school only.
    'Elevens val': { nodeIds: [ownSchool.id], categoryIds: [student] },
    'Google Classroom': {
      type: 'google-tool' as const,
      url: 'https://classroom.google.com/',
      nodeIds: [ownSchool.id],
    },
    'Google Drive': {
      type: 'google-tool' as const,
      url: 'https://drive.google.com/',
      nodeIds: [ids.municipalityNodeId],
    },
  }))
    tool[name] = (await createTool(admin, { name, ...values })).id;
  await age(tool.Schema!, 400);
});
afterAll(() => t.close());

const linkUrl = '/api/core/v1/link';

describe('POST /api/core/v1/link', () => {
  it('climbs 401 → 400 → 403 → 201', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: linkUrl, payload: toolBody() });
    expect(anonymous.statusCode).toBe(401);

    const invalid = await teacher('POST', linkUrl, toolBody({ name: '' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ field: 'name', message: 'Fältet måste vara ifyllt' }]);

    const forbidden = await teacher('POST', linkUrl, toolBody());
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');

    const created = await admin('POST', linkUrl, toolBody({ name: 'Stegverktyg' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Stegverktyg',
      type: 'tool',
      linkSort: 0,
      optional: false,
      nodeIds: [1],
      categoryIds: [roleCategory.teacher],
      isNew: true,
      icon: expect.stringMatching(/^testikon-.+\.png$/),
      media: { title: 'Testikon', alt: 'Ikon för testerna' },
      can: { edit: true, delete: true },
    });
  });

  it.each([
    ['name', 'S', 'Fältet måste innehålla minst 2 tecken'],
    ['name', 'x'.repeat(26), 'Fältet får innehålla max 25 tecken'],
    ['shortDescription', '', 'Fältet måste vara ifyllt'],
    ['shortDescription', 'Kort', 'Fältet måste innehålla minst 5 tecken'],
    ['shortDescription', 'x'.repeat(36), 'Fältet får innehålla max 35 tecken'],
    ['longDescription', '', 'Fältet måste vara ifyllt'],
    ['longDescription', 'Alldeles kort', 'Fältet måste innehålla minst 15 tecken'],
    ['longDescription', 'x'.repeat(161), 'Fältet får innehålla max 160 tecken'],
    ['url', '', 'Fältet måste vara ifyllt'],
    ['url', 'www.exempelby.se', 'Adressen måste börja med http:// eller https://'],
    ['url', 'javascript:alert(document.cookie)', 'Adressen måste börja med http:// eller https://'],
    [
      'url',
      'data:text/html;base64,PHNjcmlwdD4=',
      'Adressen måste börja med http:// eller https://',
    ],
    ['nodeIds', [], 'Minst en grupp måste väljas'],
    ['categoryIds', [], 'Minst ett val måste göras'],
  ])('%s = %j is refused with "%s" and nothing is written', async (field, value, message) => {
    const before = await t.db.select({ id: links.id }).from(links);
    const response = await admin('POST', linkUrl, toolBody({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
    expect(await t.db.select({ id: links.id }).from(links)).toHaveLength(before.length);
  });

  it('refuses groups that do not exist and categories that are not roles, writing nothing', async () => {
    const response = await admin(
      'POST',
      linkUrl,
      toolBody({
        name: 'Felriktat',
        nodeIds: [1, 999_999],
        categoryIds: [roleCategory.teacher, 7],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'nodeIds', message: 'Gruppen finns inte.' },
      { field: 'categoryIds', message: 'Välj bland rollerna.' },
    ]);
    expect(await t.db.select().from(links).where(eq(links.name, 'Felriktat'))).toEqual([]);
  });
});

describe('the Google-tool URL rule', () => {
  it('accepts the configured Google services and nothing that only looks like them', async () => {
    for (const url of [
      'https://classroom.google.com/c/NjM4',
      'https://docs.google.com/document/d/1abc/edit',
      'HTTPS://DRIVE.GOOGLE.COM/drive/my-drive',
    ]) {
      const response = await admin(
        'POST',
        linkUrl,
        toolBody({ name: 'Google ok', type: 'google-tool', url }),
      );
      expect(response.statusCode, url).toBe(201);
    }
    for (const url of [
      'https://exempelby.se/google',
      'https://docs.google.com.example.org/document',
      'https://docs.google.com@example.org/',
      'http://docs.google.com/document',
      'https://docs.google.com',
    ]) {
      const response = await admin(
        'POST',
        linkUrl,
        toolBody({ name: 'Google fel', type: 'google-tool', url }),
      );
      expect(response.statusCode, url).toBe(400);
      const [error] = response.json().errors;
      expect(error.field).toBe('url');
      expect(error.message).toMatch(
        /^Adressen måste börja med https:\/\/docs\.google\.com\/, .* eller https:\/\/keep\.google\.com\/$/,
      );
    }
    expect(await t.db.select().from(links).where(eq(links.name, 'Google fel'))).toEqual([]);
  });

  it('an ordinary tool may point anywhere on the web', async () => {
    await createTool(admin, { name: 'Vanligt ok', url: 'https://example.org/skola' });
  });

  it('Google tools need create_google_tool, which a principal lacks', async () => {
    const response = await principal(
      'POST',
      linkUrl,
      toolBody({
        type: 'google-tool',
        url: 'https://docs.google.com/x',
        nodeIds: [ownSchool.id],
      }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Du har inte behörighet att hantera Google-verktyg.');
  });
});

describe('a principal manages only the tools of their own schools', () => {
  it('creates for their school and its classes, never for another school or the municipality', async () => {
    await createTool(principal, {
      name: 'Skolans ordning',
      nodeIds: [ownSchool.id, ownClass.id],
    });

    for (const nodeIds of [
      [otherSchool.id],
      [ownSchool.id, otherSchool.id],
      [ids.municipalityNodeId],
    ]) {
      const response = await principal('POST', linkUrl, toolBody({ name: 'Utanför', nodeIds }));
      expect(response.statusCode, JSON.stringify(nodeIds)).toBe(403);
      expect(response.json().message).toBe('Du kan bara rikta verktyg till dina egna skolor.');
    }
    expect(await t.db.select().from(links).where(eq(links.name, 'Utanför'))).toEqual([]);
  });

  it('sees every tool in link-all, with edit and delete only where they may', async () => {
    const response = await principal('GET', '/api/core/v1/link-all');
    expect(response.statusCode).toBe(200);
    const list: { name: string; can: { edit: boolean; delete: boolean } }[] = response.json();
    expect(Number(response.headers['x-pagination-total'])).toBe(list.length);
    const byName = new Map(list.map((link) => [link.name, link]));
    expect(byName.get('Matsedel')!.can).toMatchObject({ edit: false, delete: false });
    expect(byName.get('Schema')!.can).toMatchObject({ edit: false, delete: false });
    expect(byName.get('Elevens val')!.can).toMatchObject({ edit: true, delete: true });
    // Google tools stay with those who hold create_google_tool, even aimed at the principal's school alone.
    expect(byName.get('Google Classroom')!.can).toMatchObject({ edit: false, delete: false });
  });

  it('may change and remove a tool of their school, not one reaching other schools', async () => {
    const own = await createTool(admin, { name: 'Skolans eget', nodeIds: [ownSchool.id] });
    const changed = await principal(
      'PUT',
      `${linkUrl}/${own.id}`,
      toolBody({ name: 'Skolans nya', nodeIds: [ownSchool.id] }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().name).toBe('Skolans nya');

    const widened = await principal(
      'PUT',
      `${linkUrl}/${own.id}`,
      toolBody({ name: 'Skolans nya', nodeIds: [ownSchool.id, otherSchool.id] }),
    );
    expect(widened.statusCode).toBe(403);

    expect((await principal('DELETE', `${linkUrl}/${tool.Schema}`)).statusCode).toBe(403);
    expect((await principal('DELETE', `${linkUrl}/${own.id}`)).statusCode).toBe(200);
  });
});

describe('GET, PUT and DELETE /api/core/v1/link/{id}', () => {
  it('any signed-in user reads a tool; an unknown id is 404', async () => {
    const schema = tool.Schema!;
    expect((await t.app.inject({ url: `${linkUrl}/${schema}` })).statusCode).toBe(401);
    const read = await teacher('GET', `${linkUrl}/${schema}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ name: 'Schema', can: { edit: false, delete: false } });
    expect((await teacher('GET', `${linkUrl}/abc`)).statusCode).toBe(400);
    expect((await teacher('GET', `${linkUrl}/999999`)).statusCode).toBe(404);
  });

  it('PUT climbs 401 → 400 → 403 → 200, refuses javascript: and logs the change', async () => {
    const tool = await createTool(admin, { name: 'Att ändra' });
    const url = `${linkUrl}/${tool.id}`;
    expect((await t.app.inject({ method: 'PUT', url, payload: toolBody() })).statusCode).toBe(401);
    const bad = await admin('PUT', url, toolBody({ url: 'javascript:alert(1)' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'url', message: 'Adressen måste börja med http:// eller https://' },
    ]);
    expect((await teacher('PUT', url, toolBody())).statusCode).toBe(403);
    const ok = await admin('PUT', url, toolBody({ name: 'Ändrat', linkSort: 7, optional: true }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Ändrat', linkSort: 7, optional: true });
    expect((await admin('PUT', `${linkUrl}/999999`, toolBody())).statusCode).toBe(404);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'link.updated'), eq(auditLog.entityId, String(tool.id))));
    expect(entry).toMatchObject({
      entityType: 'link',
      before: expect.objectContaining({ name: 'Att ändra' }),
      after: expect.objectContaining({ name: 'Ändrat' }),
    });
  });

  it('DELETE removes the tool and its targets for everyone', async () => {
    const tool = await createTool(admin, { name: 'Att ta bort' });
    expect((await teacher('DELETE', `${linkUrl}/${tool.id}`)).statusCode).toBe(403);
    expect((await admin('DELETE', `${linkUrl}/${tool.id}`)).json()).toEqual({ ok: true });
    expect((await admin('GET', `${linkUrl}/${tool.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `${linkUrl}/${tool.id}`)).statusCode).toBe(404);
  });
});

describe('GET /link-all and /my-links', () => {
  it('link-all needs get_all_links', async () => {
    expect((await t.app.inject({ url: '/api/core/v1/link-all' })).statusCode).toBe(401);
    expect((await teacher('GET', '/api/core/v1/link-all?sort=secret')).statusCode).toBe(400);
    expect((await teacher('GET', '/api/core/v1/link-all')).statusCode).toBe(403);
    const all = await admin('GET', '/api/core/v1/link-all?type=google-tool');
    expect(all.statusCode).toBe(200);
    expect(all.json().every((link: { type: string }) => link.type === 'google-tool')).toBe(true);
    expect(names(all.json())).toEqual(expect.arrayContaining(['Google Classroom', 'Google Drive']));
  });

  it('my-links lists the tools the user created', async () => {
    await createTool(principal, { name: 'Rektorns verktyg', nodeIds: [ownSchool.id] });
    const mine = await principal('GET', '/api/core/v1/my-links');
    expect(mine.statusCode).toBe(200);
    expect(names(mine.json())).toContain('Rektorns verktyg');
    expect(names(mine.json())).not.toContain('Schema');
  });
});

describe('"Ny" for 30 days', () => {
  it('marks tools created within 30 days', async () => {
    await age((await createTool(admin, { name: 'Nyss' })).id, 29);
    const list = (await admin('GET', '/api/core/v1/link-all')).json();
    const isNew = new Map(
      list.map((link: { name: string; isNew: boolean }) => [link.name, link.isNew]),
    );
    expect(isNew.get('Matsedel')).toBe(true);
    expect(isNew.get('Nyss')).toBe(true);
    // Made 400 days ago.
    expect(isNew.get('Schema')).toBe(false);

    const old = await createTool(admin, { name: 'Gammalt' });
    await age(old.id, 31);
    expect((await admin('GET', `${linkUrl}/${old.id}`)).json().isNew).toBe(false);
  });
});
