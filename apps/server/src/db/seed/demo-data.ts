import type { CapabilityKey, MainRoleKey, RoleKey, SecurityMarking } from '@skolportalen/shared';

/**
 * The demo municipality "Exempelby kommun". Every demo account shares one
 * password so a newcomer can try each role; README.md lists them all.
 */
export const demoPassword = 'Demo-2026!';

interface DemoSchool {
  key: string;
  name: string;
  /** Grade span shown as the node value. */
  value: string;
  classes: string[];
  /** Teaching groups: [name, the class they belong to]. */
  teachingGroups: [string, string][];
}

export const demoSchools: DemoSchool[] = [
  {
    key: 'ekbacken',
    name: 'Ekbackens skola',
    value: 'F-6',
    classes: ['3A', '3B', '5A'],
    teachingGroups: [
      ['Matematik 3A', '3A'],
      ['Svenska 3A', '3A'],
      ['Idrott och hälsa 5A', '5A'],
    ],
  },
  {
    key: 'lindang',
    name: 'Lindängsskolan',
    value: '7-9',
    classes: ['7A', '8B', '9C'],
    teachingGroups: [
      ['Matematik 7A', '7A'],
      ['Engelska 8B', '8B'],
      ['Biologi 9C', '9C'],
    ],
  },
  {
    key: 'norrby',
    name: 'Norrby gymnasium',
    value: 'Gymnasium',
    classes: ['NA22a', 'TE23b'],
    teachingGroups: [
      ['Fysik 1 NA22a', 'NA22a'],
      ['Programmering 1 TE23b', 'TE23b'],
    ],
  },
];

export interface DemoAccount {
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  mainRole: MainRoleKey;
  extraRoles?: RoleKey[];
  /** Group references: a school key, `school/class` or `school/teaching group`. */
  groups: string[];
  /** The account's own rights on top of its roles (the rights matrix's per-person values). */
  capabilities?: Partial<Record<CapabilityKey, boolean>>;
  /** Usernames of this guardian's children. */
  children?: string[];
  /** Username of another account of the same person. */
  samePersonAs?: string;
  /** The population register's mark (decision 0039); none means `Ingen`. */
  securityMarking?: SecurityMarking;
  /** The language the person reads content in (issue 27); none means Swedish. */
  preferredLanguage?: string;
  /** Shown in the README's table. */
  description: string;
}

export const demoAccounts: DemoAccount[] = [
  {
    username: 'anna.larsson',
    firstName: 'Anna',
    lastName: 'Larsson',
    email: 'anna.larsson@exempelby.se',
    mainRole: 'role_teacher',
    groups: ['ekbacken', 'ekbacken/3A', 'ekbacken/Matematik 3A', 'ekbacken/Svenska 3A'],
    description: 'Lärare på Ekbackens skola, mentor i 3A; har också ett vårdnadshavarkonto',
  },
  {
    username: 'anna.larsson.vh',
    firstName: 'Anna',
    lastName: 'Larsson',
    email: 'anna.larsson@example.org',
    mainRole: 'role_caretaker',
    groups: [],
    children: ['olle.larsson'],
    samePersonAs: 'anna.larsson',
    description: 'Annas vårdnadshavarkonto (son Olle i 5A)',
  },
  {
    username: 'johan.berg',
    firstName: 'Johan',
    lastName: 'Berg',
    email: 'johan.berg@exempelby.se',
    mainRole: 'role_teacher',
    groups: ['lindang', 'lindang/8B', 'lindang/Engelska 8B', 'lindang/Biologi 9C'],
    description: 'Lärare på Lindängsskolan',
  },
  {
    // Seen as a person only by herself, Lindängsskolan's rektor and the administrators (decision 0039).
    username: 'hanna.strand',
    firstName: 'Hanna',
    lastName: 'Strand',
    email: 'hanna.strand@exempelby.se',
    mainRole: 'role_teacher',
    groups: ['lindang', 'lindang/7A', 'lindang/Matematik 7A'],
    securityMarking: 'Sekretessmarkering',
    description: 'Lärare på Lindängsskolan med sekretessmarkering (skyddad identitet)',
  },
  {
    username: 'fatima.ali',
    firstName: 'Fatima',
    lastName: 'Ali',
    email: 'fatima.ali@exempelby.se',
    mainRole: 'role_teacher',
    groups: ['norrby', 'norrby/NA22a', 'norrby/Fysik 1 NA22a'],
    description: 'Lärare på Norrby gymnasium',
  },
  {
    username: 'elsa.nilsson',
    firstName: 'Elsa',
    lastName: 'Nilsson',
    email: null,
    mainRole: 'role_student',
    groups: ['ekbacken', 'ekbacken/3A', 'ekbacken/Matematik 3A', 'ekbacken/Svenska 3A'],
    description: 'Elev i 3A på Ekbackens skola',
  },
  {
    // No guardian account: class 3A's guardians stay who they were. Seen as a
    // person only by herself and the administrators (Ekbacken has no rektor in the demo).
    username: 'tove.svedberg',
    firstName: 'Tove',
    lastName: 'Svedberg',
    email: null,
    mainRole: 'role_student',
    groups: ['ekbacken', 'ekbacken/3A', 'ekbacken/Matematik 3A', 'ekbacken/Svenska 3A'],
    securityMarking: 'Skyddad folkbokföring',
    description: 'Elev i 3A på Ekbackens skola med skyddad folkbokföring (skyddad identitet)',
  },
  {
    username: 'leo.nilsson',
    firstName: 'Leo',
    lastName: 'Nilsson',
    email: null,
    mainRole: 'role_student',
    groups: ['lindang', 'lindang/8B', 'lindang/Engelska 8B'],
    description: 'Elev i 8B på Lindängsskolan',
  },
  {
    username: 'olle.larsson',
    firstName: 'Olle',
    lastName: 'Larsson',
    email: null,
    mainRole: 'role_student',
    groups: ['ekbacken', 'ekbacken/5A', 'ekbacken/Idrott och hälsa 5A'],
    description: 'Elev i 5A på Ekbackens skola',
  },
  {
    username: 'ali.hassan',
    firstName: 'Ali',
    lastName: 'Hassan',
    email: 'ali.hassan@elev.exempelby.se',
    mainRole: 'role_student',
    groups: ['lindang', 'lindang/9C', 'lindang/Biologi 9C'],
    description: 'Elev i 9C på Lindängsskolan',
  },
  {
    username: 'maja.holm',
    firstName: 'Maja',
    lastName: 'Holm',
    email: 'maja.holm@elev.exempelby.se',
    mainRole: 'role_student',
    groups: ['norrby', 'norrby/NA22a', 'norrby/Fysik 1 NA22a'],
    description: 'Elev i NA22a på Norrby gymnasium',
  },
  {
    username: 'karin.nilsson',
    firstName: 'Karin',
    lastName: 'Nilsson',
    email: 'karin.nilsson@example.org',
    mainRole: 'role_caretaker',
    groups: [],
    children: ['elsa.nilsson', 'leo.nilsson'],
    description: 'Vårdnadshavare till Elsa (3A) och Leo (8B)',
  },
  {
    username: 'mikael.holm',
    firstName: 'Mikael',
    lastName: 'Holm',
    email: null,
    mainRole: 'role_caretaker',
    groups: [],
    children: ['maja.holm'],
    description: 'Vårdnadshavare till Maja (NA22a); saknar e-postadress',
  },
  {
    username: 'amina.yusuf',
    firstName: 'Amina',
    lastName: 'Yusuf',
    email: 'amina.yusuf@example.org',
    mainRole: 'role_caretaker',
    groups: [],
    children: ['ali.hassan'],
    preferredLanguage: 'so',
    description: 'Vårdnadshavare till Ali (9C); läser på somaliska',
  },
  {
    username: 'omar.hassan',
    firstName: 'Omar',
    lastName: 'Hassan',
    email: 'omar.hassan@example.org',
    mainRole: 'role_caretaker',
    groups: [],
    children: ['ali.hassan'],
    preferredLanguage: 'ar',
    description: 'Vårdnadshavare till Ali (9C); läser på arabiska',
  },
  {
    username: 'sara.ekstrom',
    firstName: 'Sara',
    lastName: 'Ekström',
    email: 'sara.ekstrom@exempelby.se',
    mainRole: 'role_employee',
    groups: ['forvaltning'],
    // The administration's communicator writes for the whole municipality (decision 0028).
    capabilities: { publish_all_groups: true },
    description: 'Kommunikatör på utbildningsförvaltningen; publicerar för hela kommunen',
  },
  {
    username: 'lars.berglund',
    firstName: 'Lars',
    lastName: 'Berglund',
    email: 'lars.berglund@exempelby.se',
    mainRole: 'role_employee',
    extraRoles: ['role_school_responsible'],
    groups: ['lindang'],
    // Arranges the municipality's in-service courses, open to staff of every school.
    capabilities: { publish_all_groups: true },
    description:
      'Rektor (skolansvarig) på Lindängsskolan; ordnar kommunens fortbildningskurser för all personal',
  },
  {
    username: 'eva.andersson',
    firstName: 'Eva',
    lastName: 'Andersson',
    email: 'eva.andersson@exempelby.se',
    mainRole: 'role_employee',
    extraRoles: ['role_admin'],
    groups: ['forvaltning'],
    description: 'Administratör för portalen',
  },
  {
    username: 'sven.svensson',
    firstName: 'Sven',
    lastName: 'Svensson',
    email: 'sven.svensson@exempelby.se',
    mainRole: 'role_employee',
    extraRoles: ['role_superadmin'],
    groups: ['forvaltning'],
    description: 'Superadministratör',
  },
  {
    username: 'kim.karlsson',
    firstName: 'Kim',
    lastName: 'Karlsson',
    email: 'kim.karlsson@exempelby.se',
    mainRole: 'role_employee',
    extraRoles: ['role_municipality_admin'],
    groups: ['forvaltning'],
    description: 'Kommunadministratör',
  },
];
