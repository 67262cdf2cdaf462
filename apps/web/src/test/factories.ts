import type {
  AcknowledgementRow,
  AcknowledgementSummary,
  ApprovalState,
  CategoryResponse,
  MyAcknowledgement,
  CurrentUserResponse,
  NodeResponse,
  PostResponse,
  RelatedAccount,
} from '@skolportalen/shared';

let nextId = 100;

export function buildRoleCategory(overrides: Partial<CategoryResponse> = {}): CategoryResponse {
  return { id: nextId++, key: 'teacher', name: 'Lärare', type: 'role', nodes: [], ...overrides };
}

export function buildGroup(overrides: Partial<NodeResponse> = {}): NodeResponse {
  return {
    id: nextId++,
    name: 'Norrskolan',
    value: null,
    type: 'Skolenhet',
    parentId: 1,
    categoryId: 1,
    main: false,
    externalId: null,
    ...overrides,
  };
}

type UserOverrides = Partial<CurrentUserResponse> & { roleKeys?: string[] };

/** A signed-in user; `roleKeys` picks the roles, the first being the main role. */
export function buildUser({ roleKeys = ['role_teacher'], ...overrides }: UserOverrides = {}) {
  const user: CurrentUserResponse = {
    id: 7,
    uid: 'anna.larsson',
    name: 'Anna Larsson',
    email: 'anna.larsson@exempelby.se',
    firstName: 'Anna',
    lastName: 'Larsson',
    roles: roleKeys.map((key, index) => ({ id: index + 1, key, name: key, categoryId: 10 })),
    categories: [buildRoleCategory({ id: 10 })],
    children: [],
    groups: [buildGroup()],
    capabilities: {},
    isAdmin: false,
    isSchoolResponsible: false,
    isApprover: false,
    masked: false,
    maskedBy: null,
    tokens: [],
    links: [],
    preferredLanguage: 'sv',
    languageAsked: true,
    askLanguage: false,
    ...overrides,
  };
  return user;
}

export function buildAccount(overrides: Partial<RelatedAccount> = {}): RelatedAccount {
  const id = overrides.id ?? nextId++;
  return {
    id,
    uid: `konto-${id}`,
    name: `Konto ${id}`,
    relation: 'account',
    current: false,
    roles: [{ id: 1, key: 'role_teacher', name: 'Lärare', categoryId: 10 }],
    categories: [buildRoleCategory({ id: 10 })],
    ...overrides,
  };
}

/** A post as GET /post/{id} returns it; list items are the same without `content`. */
export function buildPost(overrides: Partial<PostResponse> = {}): PostResponse {
  const id = overrides.id ?? nextId++;
  const slug = overrides.slug ?? `inlagg-${id}`;
  return {
    id,
    type: 'news',
    title: `Inlägg ${id}`,
    excerpt: 'En kort ingress.',
    slug,
    url: `/nyhet/${slug}`,
    status: 'publish',
    order: 0,
    orderPostBeforeId: null,
    review: null,
    parentId: 0,
    authorId: 7,
    author: { id: 7, name: 'Anna Larsson' },
    pseudoAuthor: null,
    allowComments: true,
    publishedDate: '2026-03-02T07:00:00.000Z',
    unpublishedDate: null,
    authoredDate: null,
    sendNotification: false,
    blurbs: [],
    info: [],
    contact: null,
    mediaId: null,
    media: null,
    mediaIds: [],
    medias: [],
    userIds: [],
    categoryIds: [10],
    nodeIds: [1],
    courseNodeIds: [],
    editorIds: [],
    pagePlacement: 'none',
    courseDate: null,
    course: null,
    created: '2026-03-02T07:00:00.000Z',
    updated: '2026-03-02T07:00:00.000Z',
    isRead: false,
    likes: { count: 0, liked: false, likeId: null },
    commentCount: 0,
    readCount: null,
    targetCount: null,
    requiresAcknowledgement: false,
    acknowledgeBy: null,
    acknowledgement: 'each-reader',
    reminderHoursBefore: [24],
    myAcknowledgement: null,
    reachedChildren: [],
    can: {
      edit: false,
      delete: false,
      publish: false,
      changeRestricted: false,
      readAcknowledgements: false,
    },
    language: 'sv',
    dir: 'ltr',
    machineTranslated: false,
    outdated: false,
    content: [],
    ...overrides,
  };
}

type ChildState = MyAcknowledgement['children'][number];

/** A guardian's child on a must-read post: not yet confirmed unless told. */
export function buildChildState(overrides: Partial<ChildState> & { name: string }): ChildState {
  return { id: nextId++, acknowledged: false, acknowledgedByMe: false, ...overrides };
}

/**
 * A published must-read post that asks the signed-in reader to confirm it
 * (for themselves, or with `children` for a guardian), by `acknowledgeBy`.
 */
export function buildMustReadPost(
  overrides: Partial<PostResponse> & { children?: ChildState[] } = {},
): PostResponse {
  const { children = [], ...post } = overrides;
  return buildPost({
    requiresAcknowledgement: true,
    acknowledgeBy: '2026-12-04T11:00:00.000Z',
    myAcknowledgement: { acknowledged: false, overdue: false, acknowledgedAt: null, children },
    reachedChildren: children.map(({ id, name }) => ({ id, name })),
    ...post,
  });
}

/** One row of a must-read report: a reader who has not confirmed, unless told. */
export function buildAcknowledgementRow(
  overrides: Partial<AcknowledgementRow> = {},
): AcknowledgementRow {
  return {
    kind: 'reader',
    userId: nextId++,
    name: 'Sara Ekström',
    role: 'role_employee',
    childId: null,
    childName: null,
    schoolId: 1,
    schoolName: 'Ekbackens skola',
    classId: null,
    className: null,
    state: 'pending',
    acknowledgedAt: null,
    via: null,
    opened: false,
    ...overrides,
  };
}

/** A must-read report's figures: nothing confirmed yet, unless told. */
export function buildAcknowledgementSummary(
  overrides: Partial<AcknowledgementSummary> = {},
): AcknowledgementSummary {
  return {
    postId: 1,
    acknowledgement: 'each-reader',
    acknowledgeBy: null,
    total: 0,
    acknowledged: 0,
    pending: 0,
    overdue: 0,
    bySchool: [],
    byClass: [],
    byRole: [],
    funnel: { sent: 0, opened: 0, acknowledged: 0 },
    ...overrides,
  };
}

/** A post's request for approval (issue 29): waiting for Lars Berglund unless told. */
export function buildApprovalState(overrides: Partial<ApprovalState> = {}): ApprovalState {
  return {
    state: 'pending',
    requestedAt: '2026-11-30T09:00:00.000Z',
    requestedBy: { id: 5, name: 'Johan Berg' },
    version: 3,
    decidedAt: null,
    decidedBy: null,
    comment: null,
    rule: { id: 1, name: 'Inlägg till en hel skola godkänns av rektor' },
    approvers: [{ id: 9, name: 'Lars Berglund' }],
    ...overrides,
  };
}
