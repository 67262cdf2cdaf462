import { readFileSync } from 'node:fs';
import { ss12000ImportFile } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import { guardianSuffix, planImport, uidOf } from './import-plan';
import { generateSample, samplePath } from './sample/generate-sample';

const raw = JSON.parse(readFileSync(samplePath, 'utf8'));
const file = ss12000ImportFile.parse(raw);
const today = '2026-11-21';

describe('the sample file', () => {
  it('is what the generator writes, every time', () => {
    expect(generateSample()).toEqual(raw);
    expect(generateSample()).toEqual(generateSample());
  });

  it('is a few schools and a few hundred persons, and valid SS 12000 for the import', () => {
    expect(raw.persons.length).toBeGreaterThan(250);
    expect(ss12000ImportFile.safeParse(raw).success).toBe(true);
  });
});

describe('planImport', () => {
  const plan = planImport(file, today);

  it('takes the school units and their classes and teaching groups, nothing else', () => {
    expect(plan.schools.map((school) => school.name)).toEqual([
      'Björkdalens skola',
      'Sjöviksskolan',
      'Västerbergs gymnasium',
    ]);
    expect(plan.groups).toHaveLength(27);
    expect(new Set(plan.groups.map((group) => group.type))).toEqual(
      new Set(['Klass', 'Undervisning']),
    );
  });

  it('gives teachers, principals, staff, students and guardians their roles and groups', () => {
    const byRole = (role: string) => plan.accounts.filter((account) => account.mainRole === role);
    expect(byRole('role_teacher')).toHaveLength(18);
    expect(byRole('role_employee')).toHaveLength(6);
    expect(byRole('role_student')).toHaveLength(126);
    expect(
      plan.accounts.filter((account) => account.extraRoles.includes('role_school_responsible')),
    ).toHaveLength(3);
    const student = byRole('role_student')[0]!;
    const school = plan.schools[0]!.externalId;
    expect(student.memberships).toContain(school);
    expect(student.memberships).toHaveLength(3);
    for (const guardian of byRole('role_caretaker')) expect(guardian.memberships).toEqual([]);
  });

  it('never uses a civic number as user id; falls back to a globally unique id', () => {
    for (const account of plan.accounts) expect(account.uid).not.toMatch(/\d{8}TF/);
    const withoutPrincipal = file.persons.find(
      (person) => !person.eduPersonPrincipalNames && person.externalIdentifiers,
    )!;
    expect(uidOf(withoutPrincipal)).toBe(
      withoutPrincipal.externalIdentifiers![0]!.value.toLowerCase(),
    );
  });

  it('gives a teacher who is also a guardian a second, guardian account linked to the first', () => {
    expect(plan.samePerson).toHaveLength(1);
    const [staffId, guardianId] = plan.samePerson[0]!;
    expect(guardianId).toBe(`${staffId}${guardianSuffix}`);
    expect(plan.childLinks.some(([guardian]) => guardian === guardianId)).toBe(true);
    const accounts = plan.accounts.filter((account) => account.externalId.startsWith(staffId));
    expect(accounts.map((account) => account.mainRole).sort()).toEqual([
      'role_caretaker',
      'role_teacher',
    ]);
  });

  it('carries the security marking to every account of the person; none said is null', () => {
    const [staffId] = plan.samePerson[0]!;
    const marked = ss12000ImportFile.parse({
      ...raw,
      persons: raw.persons.map((person: { id: string }) =>
        person.id === staffId ? { ...person, securityMarking: 'Sekretessmarkering' } : person,
      ),
    });
    const accounts = planImport(marked, today).accounts;
    const marks = (id: string) =>
      accounts
        .filter((account) => account.externalId.startsWith(id))
        .map((account) => account.securityMarking);
    expect(marks(staffId)).toEqual(['Sekretessmarkering', 'Sekretessmarkering']);
    expect(new Set(plan.accounts.map((account) => account.securityMarking))).toEqual(
      new Set([null]),
    );
    expect(
      ss12000ImportFile.safeParse({
        ...raw,
        persons: [{ ...raw.persons[0], securityMarking: 'Hemlig' }],
      }).success,
    ).toBe(false);
  });

  it('leaves out ended memberships and says who got no account', () => {
    expect(plan.warnings.filter((warning) => warning.includes('fick inget konto'))).toHaveLength(3);
    expect(plan.accounts).toHaveLength(file.persons.length - 3 + 1);
  });

  it('warns about references the source does not hold', () => {
    const broken = ss12000ImportFile.parse({
      ...raw,
      groups: [
        { ...raw.groups[1], groupMemberships: [{ person: { id: 'saknas' } }] },
        { ...raw.groups[2], organisation: { id: 'okand-skola' } },
      ],
    });
    const warnings = planImport(broken, today).warnings;
    expect(warnings).toContain(
      `Gruppen ${raw.groups[1].displayName} har en medlem som saknas i underlaget (saknas).`,
    );
    expect(warnings.some((warning) => warning.includes('okand-skola'))).toBe(true);
  });
});
