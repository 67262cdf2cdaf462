import {
  format,
  isProtectedMarking,
  sv,
  type MainRoleKey,
  type RoleKey,
  type SecurityMarking,
  type Ss12000Group,
  type Ss12000ImportFile,
  type Ss12000Person,
} from '@skolportalen/shared';

/** What the portal should hold according to the school-data source. */
export interface PlannedSchool {
  externalId: string;
  name: string;
  value: string | null;
}

export interface PlannedGroup {
  externalId: string;
  name: string;
  type: 'Klass' | 'Undervisning';
  schoolExternalId: string;
}

export interface PlannedAccount {
  /** The person's id in the source; a guardian account of staff or a student gets a suffix. */
  externalId: string;
  uid: string;
  firstName: string;
  lastName: string;
  email: string | null;
  mainRole: MainRoleKey;
  extraRoles: RoleKey[];
  /** External ids of the schools and groups the account is a member of. */
  memberships: string[];
  /** The person's id in the source, as the report names a protected person. */
  personId: string;
  /** The population register's mark; null when the source says nothing (the portal's stands). */
  securityMarking: SecurityMarking | null;
}

export interface ImportPlan {
  schools: PlannedSchool[];
  groups: PlannedGroup[];
  accounts: PlannedAccount[];
  /** [guardian account, child account] by external id. */
  childLinks: [string, string][];
  /** Two accounts of one person (staff or student who is also a guardian). */
  samePerson: [string, string][];
  warnings: string[];
  read: { organisations: number; groups: number; persons: number; duties: number };
}

const w = sv.admin.import.warnings;
/** A guardian account of someone who also works or studies in the schools. */
export const guardianSuffix = '#vardnadshavare';
const teachingDuties = new Set(['Lärare', 'Förskollärare']);
const importedGroupTypes = new Set(['Klass', 'Undervisning']);

/** A date range with open ends, compared as ISO dates (YYYY-MM-DD sorts as text). */
const current = (today: string, range: { startDate?: string; endDate?: string }) =>
  (!range.startDate || range.startDate <= today) && (!range.endDate || range.endDate >= today);

export const anyProtects = (marks: readonly (SecurityMarking | null | undefined)[]) =>
  marks.some((mark) => mark && isProtectedMarking(mark));

/**
 * How the report names a person: by name, or — when any of the marks the
 * source or the portal hold protects them — by their id in the source only
 * (decision 0039: a protected name is in no report or log).
 */
export function reportedPerson(
  person: { personId: string; firstName: string; lastName: string },
  ...marks: (SecurityMarking | null | undefined)[]
) {
  return anyProtects(marks)
    ? format(w.protectedPerson, { id: person.personId })
    : `${person.firstName} ${person.lastName}`;
}

const personName = (person: Ss12000Person) =>
  reportedPerson(
    { personId: person.id, firstName: person.givenName, lastName: person.familyName },
    person.securityMarking,
  );

/** The portal user id: the eduPersonPrincipalName, else a globally unique id — never a civic number. */
export function uidOf(person: Ss12000Person): string {
  const principal = person.eduPersonPrincipalNames?.[0];
  const unique = person.externalIdentifiers?.find((identifier) => identifier.globallyUnique);
  return (principal ?? unique?.value ?? person.id).toLowerCase();
}

const emailPreference: Record<MainRoleKey, string[]> = {
  role_teacher: ['Skola personal', 'Arbete övrigt'],
  role_employee: ['Skola personal', 'Arbete övrigt'],
  role_student: ['Skola elev'],
  role_caretaker: ['Privat'],
};

function emailOf(person: Ss12000Person, role: MainRoleKey): string | null {
  const valid = (person.emails ?? []).filter(
    (email) => email.value.length <= 100 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.value),
  );
  const preferred = emailPreference[role]
    .map((type) => valid.find((email) => email.type === type))
    .find(Boolean);
  return (preferred ?? valid[0])?.value.toLowerCase() ?? null;
}

function uniqueById<T extends { id: string }>(
  items: readonly T[],
  kind: string,
  warn: (text: string) => void,
) {
  const result = new Map<string, T>();
  for (const item of items) {
    if (result.has(item.id)) warn(format(w.duplicate, { kind, id: item.id }));
    else result.set(item.id, item);
  }
  return result;
}

/**
 * Turns a validated SS 12000 file into the portal's terms. Pure: the same
 * file and day always give the same plan, which is what makes the import
 * idempotent.
 */
export function planImport(file: Ss12000ImportFile, today: string): ImportPlan {
  const warnings: string[] = [];
  const warn = (text: string) => warnings.push(text);
  const organisations = uniqueById(file.organisations, 'Organisationen', warn);
  const persons = uniqueById(file.persons, 'Personen', warn);
  const groups = uniqueById(file.groups, 'Gruppen', warn);

  const schools: PlannedSchool[] = [...organisations.values()]
    .filter((organisation) => organisation.organisationType === 'Skolenhet')
    .map((organisation) => ({
      externalId: organisation.id,
      name: organisation.displayName,
      value: organisation.schoolUnitCode ?? null,
    }));
  const schoolIds = new Set(schools.map((school) => school.externalId));

  const plannedGroups: PlannedGroup[] = [];
  const groupsOfPerson = new Map<string, Set<string>>();
  const inClass = new Set<string>();
  const join = (personId: string, nodeExternalId: string) =>
    groupsOfPerson.set(personId, (groupsOfPerson.get(personId) ?? new Set()).add(nodeExternalId));
  for (const group of groups.values()) {
    if (!importedGroupTypes.has(group.groupType)) continue;
    if (!schoolIds.has(group.organisation.id)) {
      warn(
        format(w.unknownSchool, { group: group.displayName, organisation: group.organisation.id }),
      );
      continue;
    }
    plannedGroups.push({
      externalId: group.id,
      name: group.displayName,
      type: group.groupType as PlannedGroup['type'],
      schoolExternalId: group.organisation.id,
    });
    for (const membership of currentMemberships(group, today)) {
      if (!persons.has(membership.person.id)) {
        warn(format(w.unknownPerson, { group: group.displayName, person: membership.person.id }));
        continue;
      }
      join(membership.person.id, group.id);
      if (group.groupType === 'Klass') inClass.add(membership.person.id);
    }
  }
  const groupIds = new Set(plannedGroups.map((group) => group.externalId));

  const dutiesOf = new Map<string, Ss12000ImportFile['duties']>();
  for (const duty of file.duties) {
    if (!current(today, duty)) continue;
    dutiesOf.set(duty.person.id, [...(dutiesOf.get(duty.person.id) ?? []), duty]);
  }

  const accounts: PlannedAccount[] = [];
  const childLinks: [string, string][] = [];
  const samePerson: [string, string][] = [];
  for (const person of persons.values()) {
    const duties = dutiesOf.get(person.id) ?? [];
    const memberships = new Set(groupsOfPerson.get(person.id) ?? []);
    for (const duty of duties) {
      if (schoolIds.has(duty.dutyAt.id)) memberships.add(duty.dutyAt.id);
      for (const assignment of duty.assignmentRole ?? []) {
        if (groupIds.has(assignment.group.id) && current(today, assignment)) {
          memberships.add(assignment.group.id);
        }
      }
    }
    const enrolments = (person.enrolments ?? []).filter((enrolment) => current(today, enrolment));
    for (const enrolment of enrolments) {
      if (schoolIds.has(enrolment.enroledAt.id)) memberships.add(enrolment.enroledAt.id);
    }
    const children = (person._embedded?.responsibleFor ?? [])
      .map((relation) => relation.person.id)
      .filter((childId) => {
        if (persons.has(childId)) return true;
        warn(format(w.unknownChild, { person: personName(person), child: childId }));
        return false;
      });

    let mainRole: MainRoleKey | null = null;
    const extraRoles: RoleKey[] = [];
    if (duties.length) {
      mainRole = duties.some((duty) => teachingDuties.has(duty.dutyRole))
        ? 'role_teacher'
        : 'role_employee';
      if (duties.some((duty) => duty.dutyRole === 'Rektor'))
        extraRoles.push('role_school_responsible');
    } else if (enrolments.length || inClass.has(person.id)) {
      mainRole = 'role_student';
    } else if (children.length) {
      mainRole = 'role_caretaker';
    }
    if (!mainRole) {
      warn(format(w.noRole, { person: personName(person) }));
      continue;
    }

    const uid = uidOf(person);
    // A guardian account of the same person carries the same mark.
    const base = {
      firstName: person.givenName,
      lastName: person.familyName,
      personId: person.id,
      securityMarking: person.securityMarking ?? null,
    };
    accounts.push({
      ...base,
      externalId: person.id,
      uid,
      email: emailOf(person, mainRole),
      mainRole,
      extraRoles,
      memberships: [...memberships].sort(),
    });
    if (!children.length) continue;
    let guardianId = person.id;
    if (mainRole !== 'role_caretaker') {
      guardianId = `${person.id}${guardianSuffix}`;
      accounts.push({
        ...base,
        externalId: guardianId,
        uid: `${uid}${guardianSuffix}`,
        email: emailOf(person, 'role_caretaker'),
        mainRole: 'role_caretaker',
        extraRoles: [],
        memberships: [],
      });
      samePerson.push([person.id, guardianId]);
    }
    for (const child of children) childLinks.push([guardianId, child]);
  }

  // A link to a child who got no account (no role) cannot be made.
  const planned = new Set(accounts.map((account) => account.externalId));
  return {
    schools,
    groups: plannedGroups,
    accounts,
    childLinks: childLinks.filter(([, child]) => planned.has(child)),
    samePerson,
    warnings,
    read: {
      organisations: file.organisations.length,
      groups: file.groups.length,
      persons: file.persons.length,
      duties: file.duties.length,
    },
  };
}

function currentMemberships(group: Ss12000Group, today: string) {
  if (!current(today, group)) return [];
  return (group.groupMemberships ?? []).filter((membership) => current(today, membership));
}
