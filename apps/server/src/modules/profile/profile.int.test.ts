import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClass,
  buildNode,
  buildSchool,
  buildUser,
  type TestNode,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, names } from '../../../test/tools-helpers';
import { auditLog, users } from '../../db/schema';

let t: TestContext;
let schools: { ekbacken: TestNode; lindang: TestNode; norrby: TestNode };
let class3A: TestNode;
let people: Record<'mikael' | 'anna' | 'karin' | 'johan', TestUser>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  schools = {
    ekbacken: await buildSchool(t, { name: 'Ekbackens skola' }),
    lindang: await buildSchool(t, { name: 'Lindängsskolan' }),
    norrby: await buildSchool(t, { name: 'Norrby gymnasium' }),
  };
  class3A = await buildClass(t, { school: schools.ekbacken, name: '3A' });
  people = {
    mikael: await buildUser(t, {
      role: 'role_caretaker',
      firstName: 'Mikael',
      lastName: 'Holm',
      email: null,
    }),
    anna: await buildUser(t, {
      role: 'role_teacher',
      school: schools.ekbacken,
      email: 'anna.larsson@exempelby.se',
    }),
    karin: await buildUser(t, { role: 'role_caretaker', email: 'karin.nilsson@example.org' }),
    johan: await buildUser(t, { role: 'role_teacher', school: schools.lindang }),
  };
});
afterAll(() => t.close());

const updateUrl = '/api/portal-service/v1/user/updateUser';
const mikaelDetails = { firstName: 'Mikael', lastName: 'Holm', email: 'mikael.holm@example.org' };

describe('POST /api/portal-service/v1/user/updateUser', () => {
  it('climbs 401 → 400 → 403 → 200 and saves the guardian’s e-mail', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: updateUrl, payload: mikaelDetails })).statusCode,
    ).toBe(401);
    const mikael = await clientFor(t, people.mikael);
    const mikaelId = people.mikael.id;

    const invalid = await mikael('POST', updateUrl, { ...mikaelDetails, email: 'mikael' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'email', message: 'Fel format på e-postadressen' },
    ]);

    const annaId = people.anna.id;
    const other = await mikael('POST', updateUrl, { ...mikaelDetails, id: annaId });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Du kan bara ändra dina egna uppgifter.');
    const [anna] = await t.db.select().from(users).where(eq(users.id, annaId));
    expect(anna!.email).toBe('anna.larsson@exempelby.se');

    const saved = await mikael('POST', updateUrl, { ...mikaelDetails, id: mikaelId });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...mikaelDetails, name: 'Mikael Holm', id: mikaelId });
    expect((await mikael('GET', '/api/core/v1/user')).json().email).toBe(mikaelDetails.email);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.details-updated'));
    expect(entry).toMatchObject({
      actorUserId: mikaelId,
      entityId: String(mikaelId),
      before: { email: null, firstName: 'Mikael', lastName: 'Holm' },
      after: mikaelDetails,
    });
  });

  it.each([
    [{ email: '' }, 'email', 'Fältet måste vara ifyllt'],
    [{ email: `${'a'.repeat(95)}@ex.se` }, 'email', 'Fältet får innehålla max 100 tecken'],
    [{ firstName: '' }, 'firstName', 'Fältet måste vara ifyllt'],
    [{ firstName: 'x'.repeat(31) }, 'firstName', 'Fältet får innehålla max 30 tecken'],
    [{ lastName: ' ' }, 'lastName', 'Fältet måste vara ifyllt'],
    [{ lastName: 'x'.repeat(31) }, 'lastName', 'Fältet får innehålla max 30 tecken'],
  ])('%j → %s: %s, nothing changed', async (change, field, message) => {
    const karin = await clientFor(t, people.karin);
    const response = await karin('POST', updateUrl, {
      firstName: 'Karin',
      lastName: 'Nilsson',
      email: 'karin@example.org',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field, message }]);
    expect((await karin('GET', '/api/core/v1/user')).json().email).toBe(
      'karin.nilsson@example.org',
    );
  });
});

describe('my schools and the main school', () => {
  it('lists the teacher’s school units and stores the chosen main school', async () => {
    const johan = await clientFor(t, people.johan);
    expect((await t.app.inject({ url: '/api/core/v1/user/schools' })).statusCode).toBe(401);
    const before = (await johan('GET', '/api/core/v1/user/schools')).json();
    expect(names(before.schools)).toEqual(['Lindängsskolan']);
    expect(before.mainSchoolNodeId).toBeNull();

    const lindang = schools.lindang.id;
    const chosen = await johan('PUT', '/api/core/v1/user/main-school', { nodeId: lindang });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().mainSchoolNodeId).toBe(lindang);
    expect((await johan('GET', '/api/core/v1/user/schools')).json().mainSchoolNodeId).toBe(lindang);

    const ekbacken = schools.ekbacken.id;
    const foreign = await johan('PUT', '/api/core/v1/user/main-school', { nodeId: ekbacken });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { field: 'nodeId', message: 'Välj en av dina egna skolor.' },
    ]);
    expect((await johan('GET', '/api/core/v1/user/schools')).json().mainSchoolNodeId).toBe(lindang);
  });

  it('an employee at the administration has no school units', async () => {
    const administration = await buildNode(t, {
      name: 'Utbildningsförvaltningen',
      type: 'Förvaltning',
      parent: 1,
    });
    const sara = await clientFor(
      t,
      await buildUser(t, { role: 'role_employee', groups: [administration] }),
    );
    expect((await sara('GET', '/api/core/v1/user/schools')).json()).toEqual({
      schools: [],
      mainSchoolNodeId: null,
    });
  });
});

describe('interests (intresseenheter)', () => {
  it('need set_intrest_unit, take only school units, and replace the set', async () => {
    const url = '/api/core/v1/user/interests';
    const student = await clientFor(t, await buildUser(t, { role: 'role_student' }));
    expect((await student('GET', url)).statusCode).toBe(403);
    expect((await student('PUT', url, { nodeIds: [] })).statusCode).toBe(403);

    const anna = await clientFor(t, people.anna);
    expect((await anna('GET', url)).json()).toEqual([]);
    const [norrby, lindang, classId] = [schools.norrby.id, schools.lindang.id, class3A.id];
    const saved = await anna('PUT', url, { nodeIds: [norrby, lindang] });
    expect(saved.statusCode).toBe(200);
    expect(names(saved.json())).toEqual(['Lindängsskolan', 'Norrby gymnasium']);

    const notUnit = await anna('PUT', url, { nodeIds: [norrby, classId] });
    expect(notUnit.statusCode).toBe(400);
    expect(notUnit.json().errors).toEqual([
      { field: 'nodeIds', message: 'Välj bland skolenheterna.' },
    ]);
    expect(names((await anna('GET', url)).json())).toEqual(['Lindängsskolan', 'Norrby gymnasium']);

    expect(names((await anna('PUT', url, { nodeIds: [norrby] })).json())).toEqual([
      'Norrby gymnasium',
    ]);
    expect((await anna('PUT', url, { nodeIds: [] })).json()).toEqual([]);
  });

  it('takes ten replacements at once and a school named twice without an error', async () => {
    const url = '/api/core/v1/user/interests';
    const anna = await clientFor(t, people.anna);
    const [norrby, lindang] = [schools.norrby.id, schools.lindang.id];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        anna('PUT', url, { nodeIds: index % 2 ? [norrby, lindang] : [lindang, norrby] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(names((await anna('GET', url)).json())).toEqual(['Lindängsskolan', 'Norrby gymnasium']);
    const twice = await anna('PUT', url, { nodeIds: [lindang, lindang] });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(names(twice.json())).toEqual(['Lindängsskolan']);
  });
});
