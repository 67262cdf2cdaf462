import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, linkIdByName, names, type Client } from '../../../test/tools-helpers';
import { findUserIdByUsername } from '../../db/seed/demo-municipality';
import { auditLog, userLinks } from '../../db/schema';

let t: TestContext;
let anna: Client;
let annaId: number;
let tool: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  anna = await clientFor(t, 'anna.larsson');
  annaId = (await findUserIdByUsername(t.db, 'anna.larsson'))!;
  tool = {};
  for (const name of [
    'Schema',
    'Frånvaro',
    'Matsedel',
    'Bibliotekskatalog',
    'Digitala läromedel',
    'IT-support',
    'Skolskjuts',
    'Elevens val',
  ]) {
    tool[name] = await linkIdByName(t, name);
  }
});
afterAll(() => t.close());

type Listed = { name: string; id: number; inMyList: boolean; can: { remove: boolean } };

describe('GET /api/core/v1/user/links', () => {
  it('is the user’s grid: standard tools aimed at them, optional ones only once added', async () => {
    expect((await t.app.inject({ url: '/api/core/v1/user/links' })).statusCode).toBe(401);
    const response = await anna('GET', '/api/core/v1/user/links');
    expect(response.statusCode).toBe(200);
    const list: Listed[] = response.json();
    expect(names(list)).toEqual([
      'Schema',
      'Frånvaro',
      'Matsedel',
      'Google Drive',
      'Betyg och omdömen',
      'Personalportalen',
    ]);
    expect(response.headers['x-pagination-total']).toBe('6');
    expect(list.every((link) => link.inMyList && !link.can.remove)).toBe(true);
    const tools = (await anna('GET', '/api/core/v1/user/links?type=tool')).json();
    expect(names(tools)).not.toContain('Google Drive');
  });
});

describe('adding and removing optional tools', () => {
  it('adds an optional tool (twice is the same as once) and removes it again', async () => {
    const url = `/api/core/v1/user/links/${tool['Bibliotekskatalog']}`;
    const added = await anna('POST', url);
    expect(added.statusCode).toBe(200);
    const library = added.json().find((link: Listed) => link.name === 'Bibliotekskatalog');
    expect(library).toMatchObject({ inMyList: true, can: { remove: true, add: false } });
    expect((await anna('POST', url)).json()).toHaveLength(added.json().length);

    const grid = await anna('POST', '/api/core/v1/GetLinks', {});
    expect(names(grid.json())).toContain('Bibliotekskatalog');

    const removed = await anna('DELETE', url);
    expect(removed.statusCode).toBe(200);
    expect(names(removed.json())).not.toContain('Bibliotekskatalog');
    const again = await anna('DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Verktyget finns inte i listan.');
  });

  it('a standard tool cannot be removed; a tool not aimed at the user cannot be added', async () => {
    const standard = await anna('DELETE', `/api/core/v1/user/links/${tool['Schema']}`);
    expect(standard.statusCode).toBe(409);
    expect(standard.json().message).toBe(
      'Verktyget ingår för alla i din roll och kan inte tas bort.',
    );
    // Skolskjuts is for guardians, Elevens val for pupils at another school.
    for (const name of ['Skolskjuts', 'Elevens val']) {
      expect((await anna('POST', `/api/core/v1/user/links/${tool[name]}`)).statusCode).toBe(404);
    }
    expect((await anna('POST', '/api/core/v1/user/links/abc')).statusCode).toBe(400);
    expect((await anna('POST', '/api/core/v1/user/links/999999')).statusCode).toBe(404);
  });

  it('a guardian has no edit_own_links and keeps the tools the school chose', async () => {
    const karin = await clientFor(t, 'karin.nilsson');
    const response = await karin('POST', `/api/core/v1/user/links/${tool['Skolskjuts']}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Din roll kan inte välja egna verktyg.');
    expect((await karin('GET', '/api/core/v1/user/links')).statusCode).toBe(200);
  });
});

describe('POST /api/core/v1/user/{id}/link-sort', () => {
  const sortUrl = () => `/api/core/v1/user/${annaId}/link-sort`;

  it('puts the grid in the user’s order, everywhere it is shown', async () => {
    await anna('POST', `/api/core/v1/user/links/${tool['IT-support']}`);
    const response = await anna('POST', sortUrl(), {
      linkIds: [tool['IT-support'], tool['Matsedel'], tool['Schema']],
    });
    expect(response.statusCode).toBe(200);
    const expected = [
      'IT-support',
      'Matsedel',
      'Schema',
      // The rest follow in the administrators' order.
      'Frånvaro',
      'Google Drive',
      'Betyg och omdömen',
      'Personalportalen',
    ];
    expect(names(response.json())).toEqual(expected);
    expect(names((await anna('GET', '/api/core/v1/user/links')).json())).toEqual(expected);
    expect(names((await anna('POST', '/api/core/v1/GetLinks', {})).json())).toEqual(expected);
  });

  it('refuses ids the user does not own and changes nothing', async () => {
    const before = await t.db.select().from(userLinks).where(eq(userLinks.userId, annaId));
    for (const linkIds of [
      [tool['Schema'], tool['Skolskjuts']],
      [tool['Bibliotekskatalog']],
      [999_999],
    ]) {
      const response = await anna('POST', sortUrl(), { linkIds });
      expect(response.statusCode, JSON.stringify(linkIds)).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'linkIds', message: 'Listan innehåller verktyg som inte finns i din lista.' },
      ]);
    }
    const duplicate = await anna('POST', sortUrl(), { linkIds: [tool['Schema'], tool['Schema']] });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors[0].message).toBe('Samma verktyg finns flera gånger i listan.');
    expect(await t.db.select().from(userLinks).where(eq(userLinks.userId, annaId))).toEqual(before);
  });

  it('keeps a removed optional tool’s neighbours in place', async () => {
    const response = await anna('DELETE', `/api/core/v1/user/links/${tool['IT-support']}`);
    expect(names(response.json()).slice(0, 2)).toEqual(['Matsedel', 'Schema']);
  });
});

describe('another user’s list', () => {
  it('is closed to other users and open to administrators, who are logged', async () => {
    const elsaId = (await findUserIdByUsername(t.db, 'elsa.nilsson'))!;
    const elsaUrl = `/api/core/v1/user/${elsaId}`;
    expect((await anna('GET', `${elsaUrl}/links`)).statusCode).toBe(403);
    expect((await anna('POST', `${elsaUrl}/link/${tool['Bibliotekskatalog']}`)).statusCode).toBe(
      403,
    );
    expect(
      (await anna('POST', `${elsaUrl}/link-sort`, { linkIds: [tool['Schema']] })).statusCode,
    ).toBe(403);

    const admin = await clientFor(t, 'eva.andersson');
    expect((await admin('GET', '/api/core/v1/user/999999/links')).statusCode).toBe(404);
    const added = await admin('POST', `${elsaUrl}/link/${tool['Digitala läromedel']}`);
    expect(added.statusCode).toBe(200);
    expect(names(added.json())).toContain('Digitala läromedel');
    const elsa = await clientFor(t, 'elsa.nilsson');
    expect(names((await elsa('GET', '/api/core/v1/user/links')).json())).toContain(
      'Digitala läromedel',
    );
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.link-added'), eq(auditLog.entityId, String(elsaId))));
    expect(entry?.after).toEqual({ linkId: tool['Digitala läromedel'] });

    const removed = await admin('DELETE', `${elsaUrl}/link/${tool['Digitala läromedel']}`);
    expect(names(removed.json())).not.toContain('Digitala läromedel');
  });
});
