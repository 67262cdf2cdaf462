import { ids, type LinkInput } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createTool,
  names,
  roleCategory,
  type Client,
} from '../../../test/tools-helpers';
import { auditLog, userLinks } from '../../db/schema';

let t: TestContext;
/** A teacher of a class at her school, a pupil of the same class and the pupil's guardian. */
let people: Record<'teacher' | 'pupil' | 'guardian', TestUser>;
let teacher: Client;
let teacherId: number;
let admin: Client;
let tool: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t);
  const otherSchool = await buildSchool(t);
  const ownClass = await buildClass(t, { school });
  const pupil = await buildUser(t, { role: 'role_student', class: ownClass });
  people = {
    teacher: await buildUser(t, { role: 'role_teacher', class: ownClass }),
    pupil,
    guardian: await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] }),
  };
  teacher = await clientFor(t, people.teacher);
  teacherId = people.teacher.id;

  // Standard tools for the teacher, tools for others, and optional tools, in the administrators' order.
  const municipality = [ids.municipalityNodeId];
  const { teacher: teachers, student, caretaker, employee } = roleCategory;
  const tools: [string, number[], number[], Partial<LinkInput>?][] = [
    ['Schema', [school.id, otherSchool.id], [teachers, student]],
    ['Frånvaro', [school.id, ...municipality], [teachers, caretaker]],
    ['Matsedel', municipality, [teachers, student, caretaker, employee]],
    [
      'Google Classroom',
      [otherSchool.id],
      [teachers, student],
      { type: 'google-tool', url: 'https://classroom.google.com/' },
    ],
    [
      'Google Drive',
      municipality,
      [teachers, student, employee],
      { type: 'google-tool', url: 'https://drive.google.com/' },
    ],
    ['Betyg och omdömen', [school.id, otherSchool.id], [teachers]],
    ['Ledighetsansökan', municipality, [caretaker]],
    ['Personalportalen', municipality, [teachers, employee]],
    ['Elevens val', [otherSchool.id], [student]],
    ['Bibliotekskatalog', municipality, [teachers, student], { optional: true }],
    ['Digitala läromedel', [school.id, otherSchool.id], [teachers, student], { optional: true }],
    ['IT-support', municipality, [teachers, employee], { optional: true }],
    ['Skolskjuts', municipality, [caretaker], { optional: true }],
  ];
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  tool = {};
  for (const [index, [name, nodeIds, categoryIds, extra]] of tools.entries()) {
    const made = await createTool(admin, {
      name,
      nodeIds,
      categoryIds,
      linkSort: (index + 1) * 10,
      ...extra,
    });
    tool[name] = made.id;
  }
});
afterAll(() => t.close());

type Listed = { name: string; id: number; inMyList: boolean; can: { remove: boolean } };

describe('GET /api/core/v1/user/links', () => {
  it('is the user’s grid: standard tools aimed at them, optional ones only once added', async () => {
    expect((await t.app.inject({ url: '/api/core/v1/user/links' })).statusCode).toBe(401);
    const response = await teacher('GET', '/api/core/v1/user/links');
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
    const tools = (await teacher('GET', '/api/core/v1/user/links?type=tool')).json();
    expect(names(tools)).not.toContain('Google Drive');
  });
});

describe('adding and removing optional tools', () => {
  it('adds an optional tool (twice is the same as once) and removes it again', async () => {
    const url = `/api/core/v1/user/links/${tool['Bibliotekskatalog']}`;
    const added = await teacher('POST', url);
    expect(added.statusCode).toBe(200);
    const library = added.json().find((link: Listed) => link.name === 'Bibliotekskatalog');
    expect(library).toMatchObject({ inMyList: true, can: { remove: true, add: false } });
    expect((await teacher('POST', url)).json()).toHaveLength(added.json().length);

    const grid = await teacher('POST', '/api/core/v1/GetLinks', {});
    expect(names(grid.json())).toContain('Bibliotekskatalog');

    const removed = await teacher('DELETE', url);
    expect(removed.statusCode).toBe(200);
    expect(names(removed.json())).not.toContain('Bibliotekskatalog');
    const again = await teacher('DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Verktyget finns inte i listan.');
  });

  it('a standard tool cannot be removed; a tool not aimed at the user cannot be added', async () => {
    const standard = await teacher('DELETE', `/api/core/v1/user/links/${tool['Schema']}`);
    expect(standard.statusCode).toBe(409);
    expect(standard.json().message).toBe(
      'Verktyget ingår för alla i din roll och kan inte tas bort.',
    );
    // Skolskjuts is for guardians, Elevens val for pupils at another school.
    for (const name of ['Skolskjuts', 'Elevens val']) {
      expect((await teacher('POST', `/api/core/v1/user/links/${tool[name]}`)).statusCode).toBe(404);
    }
    expect((await teacher('POST', '/api/core/v1/user/links/abc')).statusCode).toBe(400);
    expect((await teacher('POST', '/api/core/v1/user/links/999999')).statusCode).toBe(404);
  });

  it('a guardian has no edit_own_links and keeps the tools the school chose', async () => {
    const guardian = await clientFor(t, people.guardian);
    const response = await guardian('POST', `/api/core/v1/user/links/${tool['Skolskjuts']}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Din roll kan inte välja egna verktyg.');
    expect((await guardian('GET', '/api/core/v1/user/links')).statusCode).toBe(200);
  });
});

describe('POST /api/core/v1/user/{id}/link-sort', () => {
  const sortUrl = () => `/api/core/v1/user/${teacherId}/link-sort`;

  it('puts the grid in the user’s order, everywhere it is shown', async () => {
    await teacher('POST', `/api/core/v1/user/links/${tool['IT-support']}`);
    const response = await teacher('POST', sortUrl(), {
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
    expect(names((await teacher('GET', '/api/core/v1/user/links')).json())).toEqual(expected);
    expect(names((await teacher('POST', '/api/core/v1/GetLinks', {})).json())).toEqual(expected);
  });

  it('refuses ids the user does not own and changes nothing', async () => {
    const before = await t.db.select().from(userLinks).where(eq(userLinks.userId, teacherId));
    for (const linkIds of [
      [tool['Schema'], tool['Skolskjuts']],
      [tool['Bibliotekskatalog']],
      [999_999],
    ]) {
      const response = await teacher('POST', sortUrl(), { linkIds });
      expect(response.statusCode, JSON.stringify(linkIds)).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'linkIds', message: 'Listan innehåller verktyg som inte finns i din lista.' },
      ]);
    }
    const duplicate = await teacher('POST', sortUrl(), {
      linkIds: [tool['Schema'], tool['Schema']],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors[0].message).toBe('Samma verktyg finns flera gånger i listan.');
    expect(await t.db.select().from(userLinks).where(eq(userLinks.userId, teacherId))).toEqual(
      before,
    );
  });

  it('keeps a removed optional tool’s neighbours in place', async () => {
    const response = await teacher('DELETE', `/api/core/v1/user/links/${tool['IT-support']}`);
    expect(names(response.json()).slice(0, 2)).toEqual(['Matsedel', 'Schema']);
  });
});

describe('another user’s list', () => {
  it('is closed to other users and open to administrators, who are logged', async () => {
    const pupilId = people.pupil.id;
    const pupilUrl = `/api/core/v1/user/${pupilId}`;
    expect((await teacher('GET', `${pupilUrl}/links`)).statusCode).toBe(403);
    expect(
      (await teacher('POST', `${pupilUrl}/link/${tool['Bibliotekskatalog']}`)).statusCode,
    ).toBe(403);
    expect(
      (await teacher('POST', `${pupilUrl}/link-sort`, { linkIds: [tool['Schema']] })).statusCode,
    ).toBe(403);

    expect((await admin('GET', '/api/core/v1/user/999999/links')).statusCode).toBe(404);
    const added = await admin('POST', `${pupilUrl}/link/${tool['Digitala läromedel']}`);
    expect(added.statusCode).toBe(200);
    expect(names(added.json())).toContain('Digitala läromedel');
    const pupil = await clientFor(t, people.pupil);
    expect(names((await pupil('GET', '/api/core/v1/user/links')).json())).toContain(
      'Digitala läromedel',
    );
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.link-added'), eq(auditLog.entityId, String(pupilId))));
    expect(entry?.after).toEqual({ linkId: tool['Digitala läromedel'] });

    const removed = await admin('DELETE', `${pupilUrl}/link/${tool['Digitala läromedel']}`);
    expect(names(removed.json())).not.toContain('Digitala läromedel');
  });
});
