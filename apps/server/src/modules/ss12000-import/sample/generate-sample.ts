import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { adultNames, familyNames, firstNames } from './sample-names';

/**
 * Generates the sample SS 12000 file: three schools of a made-up
 * municipality, their classes and teaching groups, about 320 people —
 * students, guardians (some with several children, one who also teaches),
 * teachers, principals and other staff. A fixed seed makes every run write
 * the same file. Civic numbers are of the "temporary" kind (letters in
 * them), so none can be a real person's.
 *
 *   node --import tsx apps/server/src/modules/ss12000-import/sample/generate-sample.ts
 */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const schools = [
  {
    name: 'Björkdalens skola',
    code: '81234501',
    schoolType: 'GR',
    classes: [
      ['1A', 1],
      ['3A', 3],
      ['5B', 5],
    ],
    subjects: ['Matematik', 'Svenska'],
  },
  {
    name: 'Sjöviksskolan',
    code: '81234502',
    schoolType: 'GR',
    classes: [
      ['7A', 7],
      ['8A', 8],
      ['9B', 9],
    ],
    subjects: ['Matematik', 'Engelska'],
  },
  {
    name: 'Västerbergs gymnasium',
    code: '81234503',
    schoolType: 'GY',
    classes: [
      ['EK23', 3],
      ['NA24', 2],
      ['TE25', 1],
    ],
    subjects: ['Svenska 1', 'Programmering 1'],
  },
] as const;

const ascii = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/g, '');

export function generateSample() {
  const next = random(12_000);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const usedPrincipals = new Set<string>();
  const principal = (given: string, family: string, domain: string) => {
    const base = `${ascii(given)}.${ascii(family)}`;
    let candidate = base;
    for (let n = 2; usedPrincipals.has(candidate); n += 1) candidate = `${base}${n}`;
    usedPrincipals.add(candidate);
    return `${candidate}@${domain}`;
  };
  let civic = 0;
  const civicNo = (year: number) => {
    civic += 1;
    const day = String((civic % 28) + 1).padStart(2, '0');
    const month = String((civic % 12) + 1).padStart(2, '0');
    return { value: `${year}${month}${day}TF${String(civic % 100).padStart(2, '0')}` };
  };

  const owner = {
    id: uuid(),
    displayName: 'Exempelby kommun',
    organisationType: 'Huvudman',
    organisationNumber: '212000-0000',
  };
  const organisations: object[] = [owner];
  const groups: {
    id: string;
    displayName: string;
    groupType: string;
    schoolType: string;
    startDate: string;
    organisation: { id: string };
    groupMemberships: { person: { id: string }; startDate: string; endDate?: string }[];
  }[] = [];
  const persons: Record<string, unknown>[] = [];
  const duties: object[] = [];
  const guardians: { id: string; children: string[] }[] = [];

  for (const school of schools) {
    const schoolId = uuid();
    organisations.push({
      id: schoolId,
      displayName: school.name,
      organisationType: 'Skolenhet',
      schoolUnitCode: school.code,
      schoolTypes: [school.schoolType],
      municipalityCode: '9999',
      parentOrganisation: { id: owner.id },
    });
    const staff: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const given = pick(adultNames);
      const family = pick(familyNames);
      const id = uuid();
      const eppn = principal(given, family, 'exempelby.se');
      persons.push({
        id,
        givenName: given,
        familyName: family,
        eduPersonPrincipalNames: [eppn],
        civicNo: civicNo(1960 + Math.floor(next() * 35)),
        emails: [{ value: eppn, type: 'Skola personal' }],
      });
      staff.push(id);
      duties.push({
        id: uuid(),
        person: { id },
        dutyAt: { id: schoolId },
        dutyRole: n === 0 ? 'Rektor' : n === 7 ? 'Annan personal' : 'Lärare',
        signature: `${given.slice(0, 2)}${family.slice(0, 2)}`.toUpperCase(),
        dutyPercent: 100,
        startDate: '2019-08-01',
        assignmentRole: [] as object[],
      });
    }
    school.classes.forEach(([className, year], classIndex) => {
      const classId = uuid();
      const klass = {
        id: classId,
        displayName: className,
        groupType: 'Klass',
        schoolType: school.schoolType,
        startDate: '2024-08-15',
        organisation: { id: schoolId },
        groupMemberships: [] as { person: { id: string }; startDate: string; endDate?: string }[],
      };
      groups.push(klass);
      const mentor = staff[1 + classIndex]!;
      const mentorDuty = duties.find(
        (duty) => (duty as { person: { id: string } }).person.id === mentor,
      ) as {
        assignmentRole: object[];
      };
      mentorDuty.assignmentRole.push({
        group: { id: classId },
        assignmentRoleType: 'Mentor',
        startDate: '2024-08-15',
      });
      const teaching = school.subjects.map((subject, subjectIndex) => {
        const group = {
          id: uuid(),
          displayName: `${subject} ${className}`,
          groupType: 'Undervisning',
          schoolType: school.schoolType,
          startDate: '2024-08-15',
          organisation: { id: schoolId },
          groupMemberships: [
            {
              person: { id: staff[1 + ((classIndex + subjectIndex) % 6)]! },
              startDate: '2024-08-15',
            },
          ],
        };
        groups.push(group);
        return group;
      });
      for (let n = 0; n < 14; n += 1) {
        const given = pick(firstNames);
        const family = pick(familyNames);
        const id = uuid();
        const eppn = principal(given, family, 'elev.exempelby.se');
        const birthYear = 2026 - (school.schoolType === 'GY' ? 15 : 6) - year;
        persons.push({
          id,
          givenName: given,
          familyName: family,
          eduPersonPrincipalNames: [eppn],
          civicNo: civicNo(birthYear),
          emails: [{ value: eppn, type: 'Skola elev' }],
          enrolments: [
            {
              enroledAt: { id: schoolId },
              schoolType: school.schoolType,
              schoolYear: year,
              startDate: '2024-08-15',
            },
          ],
        });
        const membership = { person: { id }, startDate: '2024-08-15' };
        klass.groupMemberships.push(membership);
        teaching[n % teaching.length]!.groupMemberships.push({ ...membership });
        // Younger siblings share their guardians with an earlier child now and then.
        const earlier = guardians.filter((guardian) => guardian.children.length < 3);
        if (earlier.length && next() < 0.15) {
          const family = pick(earlier);
          family.children.push(id);
          const partner = guardians[guardians.indexOf(family) + 1];
          if (partner && next() < 0.5 && partner.children.length < 3) partner.children.push(id);
        } else {
          const count = next() < 0.6 ? 2 : 1;
          for (let g = 0; g < count; g += 1) guardians.push({ id: uuid(), children: [id] });
        }
      }
      // A student who moved on: a membership that has ended stays in the source's history.
      if (classIndex === 0) {
        const id = uuid();
        persons.push({
          id,
          givenName: pick(firstNames),
          familyName: pick(familyNames),
          externalIdentifiers: [
            {
              value: `elev-${id.slice(0, 8)}`,
              context: 'https://exempelby.se/elev',
              globallyUnique: true,
            },
          ],
          civicNo: civicNo(2014),
          enrolments: [
            {
              enroledAt: { id: schoolId },
              schoolType: school.schoolType,
              startDate: '2022-08-15',
              endDate: '2024-06-14',
            },
          ],
        });
        klass.groupMemberships.push({
          person: { id },
          startDate: '2022-08-15',
          endDate: '2024-06-14',
        });
      }
    });
    // Groups the import leaves aside: a mentor group is not part of the portal's tree.
    groups.push({
      id: uuid(),
      displayName: `Mentorsgrupp ${school.name}`,
      groupType: 'Mentor',
      schoolType: school.schoolType,
      startDate: '2024-08-15',
      organisation: { id: schoolId },
      groupMemberships: [],
    });
  }

  guardians.forEach((guardian, index) => {
    const child = persons.find((person) => person.id === guardian.children[0])!;
    const given = pick(adultNames);
    const family = next() < 0.7 ? (child.familyName as string) : pick(familyNames);
    persons.push({
      id: guardian.id,
      givenName: given,
      familyName: family,
      // Guardians sign in with e-legitimation; the source knows them by a municipal id.
      ...(index % 9 === 0
        ? {}
        : {
            externalIdentifiers: [
              {
                value: `vh-${guardian.id.slice(0, 8)}`,
                context: 'https://exempelby.se/vardnadshavare',
                globallyUnique: true,
              },
            ],
          }),
      civicNo: civicNo(1975 + Math.floor(next() * 20)),
      emails: [{ value: `${ascii(given)}.${ascii(family)}${index}@example.org`, type: 'Privat' }],
      _embedded: {
        responsibleFor: guardian.children.map((id) => ({
          person: { id },
          relationType: 'Vårdnadshavare',
        })),
      },
    });
  });

  // One teacher is also a guardian: the portal gives them two accounts of one person.
  const teacher = persons.find(
    (person) =>
      (person.emails as { type: string }[] | undefined)?.[0]?.type === 'Skola personal' &&
      person !== persons[0],
  )!;
  const student = persons.find((person) => person.enrolments)!;
  teacher._embedded = {
    responsibleFor: [{ person: { id: student.id }, relationType: 'Vårdnadshavare' }],
  };

  return { organisations, groups, persons, duties };
}

export const samplePath = path.join(import.meta.dirname, 'ss12000-sample.json');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(samplePath, `${JSON.stringify(generateSample(), null, 2)}\n`);
  console.warn(`Wrote ${samplePath}`);
}
