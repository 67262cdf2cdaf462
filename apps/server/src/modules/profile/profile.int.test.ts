import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, names, nodeIdByName } from '../../../test/tools-helpers';
import { findUserIdByUsername } from '../../db/seed/demo-municipality';
import { auditLog, users } from '../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const updateUrl = '/api/portal-service/v1/user/updateUser';
const mikaelDetails = { firstName: 'Mikael', lastName: 'Holm', email: 'mikael.holm@example.org' };

describe('POST /api/portal-service/v1/user/updateUser', () => {
  it('climbs 401 → 400 → 403 → 200 and saves the guardian’s e-mail', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: updateUrl, payload: mikaelDetails })).statusCode,
    ).toBe(401);
    const mikael = await clientFor(t, 'mikael.holm');
    const mikaelId = (await findUserIdByUsername(t.db, 'mikael.holm'))!;

    const invalid = await mikael('POST', updateUrl, { ...mikaelDetails, email: 'mikael' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'email', message: 'Fel format på e-postadressen' },
    ]);

    const annaId = (await findUserIdByUsername(t.db, 'anna.larsson'))!;
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
    const karin = await clientFor(t, 'karin.nilsson');
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
    const johan = await clientFor(t, 'johan.berg');
    expect((await t.app.inject({ url: '/api/core/v1/user/schools' })).statusCode).toBe(401);
    const before = (await johan('GET', '/api/core/v1/user/schools')).json();
    expect(names(before.schools)).toEqual(['Lindängsskolan']);
    expect(before.mainSchoolNodeId).toBeNull();

    const lindang = await nodeIdByName(t, 'Lindängsskolan');
    const chosen = await johan('PUT', '/api/core/v1/user/main-school', { nodeId: lindang });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().mainSchoolNodeId).toBe(lindang);
    expect((await johan('GET', '/api/core/v1/user/schools')).json().mainSchoolNodeId).toBe(lindang);

    const ekbacken = await nodeIdByName(t, 'Ekbackens skola');
    const foreign = await johan('PUT', '/api/core/v1/user/main-school', { nodeId: ekbacken });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { field: 'nodeId', message: 'Välj en av dina egna skolor.' },
    ]);
    expect((await johan('GET', '/api/core/v1/user/schools')).json().mainSchoolNodeId).toBe(lindang);
  });

  it('an employee at the administration has no school units', async () => {
    const sara = await clientFor(t, 'sara.ekstrom');
    expect((await sara('GET', '/api/core/v1/user/schools')).json()).toEqual({
      schools: [],
      mainSchoolNodeId: null,
    });
  });
});

describe('interests (intresseenheter)', () => {
  it('need set_intrest_unit, take only school units, and replace the set', async () => {
    const url = '/api/core/v1/user/interests';
    const student = await clientFor(t, 'leo.nilsson');
    expect((await student('GET', url)).statusCode).toBe(403);
    expect((await student('PUT', url, { nodeIds: [] })).statusCode).toBe(403);

    const anna = await clientFor(t, 'anna.larsson');
    expect((await anna('GET', url)).json()).toEqual([]);
    const [norrby, lindang, class3A] = await Promise.all([
      nodeIdByName(t, 'Norrby gymnasium'),
      nodeIdByName(t, 'Lindängsskolan'),
      nodeIdByName(t, '3A'),
    ]);
    const saved = await anna('PUT', url, { nodeIds: [norrby, lindang] });
    expect(saved.statusCode).toBe(200);
    expect(names(saved.json())).toEqual(['Lindängsskolan', 'Norrby gymnasium']);

    const notUnit = await anna('PUT', url, { nodeIds: [norrby, class3A] });
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
});
