import { capabilityTexts } from '../texts/capabilities';
import type { RoleKey } from './roles';

export const capabilityGroups = [
  'post',
  'comment',
  'course',
  'like',
  'role',
  'token',
  'media',
  'links',
  'user',
  'editor',
  'portal',
  'category',
  'search',
] as const;
export type CapabilityGroup = (typeof capabilityGroups)[number];

/** The complete catalogue of rights, keyed by the name the API and database use. */
export const capabilityCatalogue = {
  create_post: 'post',
  edit_all_posts: 'post',
  delete_post: 'post',
  delete_all_posts: 'post',
  publish_post: 'post',
  post_list_all: 'post',
  create_alert: 'post',
  // Retention rules (gallring) and the export to the e-archive (decision 0043).
  manage_retention: 'post',
  publish_all_groups: 'post',
  manage_approval_rules: 'post',
  // Every school's content to review: owners and review dates (decision 0045).
  manage_content_reviews: 'post',
  create_comment: 'comment',
  delete_comment: 'comment',
  delete_all_comments: 'comment',
  create_course: 'course',
  book_course: 'course',
  manage_course_attendees: 'course',
  create_like: 'like',
  delete_like: 'like',
  role_list: 'role',
  role_create: 'role',
  role_delete: 'role',
  role_capability_edit: 'role',
  token_list: 'token',
  token_create: 'token',
  token_delete: 'token',
  mask_user: 'token',
  media_list: 'media',
  media_upload: 'media',
  media_edit: 'media',
  media_delete: 'media',
  get_all_links: 'links',
  create_link: 'links',
  edit_link: 'links',
  delete_link: 'links',
  create_google_tool: 'links',
  edit_own_links: 'links',
  user_list: 'user',
  user_edit: 'user',
  user_role_edit: 'user',
  user_capability_edit: 'user',
  user_group_edit: 'user',
  view_protected_identity: 'user',
  editor_get: 'editor',
  editor_edit: 'editor',
  set_intrest_unit: 'portal',
  send_notification: 'portal',
  use_group_templates: 'portal',
  document_repository: 'portal',
  category_list: 'category',
  category_edit: 'category',
  node_edit: 'category',
  search: 'search',
} as const satisfies Record<string, CapabilityGroup>;

export type CapabilityKey = keyof typeof capabilityCatalogue;
export const capabilityKeys = Object.keys(capabilityCatalogue) as CapabilityKey[];

export function isCapabilityKey(key: string): key is CapabilityKey {
  return Object.hasOwn(capabilityCatalogue, key);
}

export function capabilityLabel(key: CapabilityKey): string {
  return capabilityTexts[key];
}

/** Effective rights of a user: true granted, false explicitly denied, absent missing. */
export type CapabilityMap = Partial<Record<string, boolean>>;

/**
 * The spec's check (§6): a single key passes only when it is explicitly true;
 * a list passes when none of its keys is explicitly false.
 */
export function hasCapability(
  capabilities: CapabilityMap,
  required: CapabilityKey | readonly CapabilityKey[],
): boolean {
  if (typeof required === 'string') return capabilities[required] === true;
  return required.every((key) => capabilities[key] !== false);
}

/**
 * Combines the values of several roles and a user's overrides: a user
 * override wins; otherwise any role granting wins over roles denying.
 */
export function effectiveCapabilities(
  roleValues: ReadonlyArray<CapabilityMap>,
  userOverrides: CapabilityMap = {},
): CapabilityMap {
  const result: CapabilityMap = {};
  for (const values of roleValues) {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      result[key] = result[key] === true || value;
    }
  }
  for (const [key, value] of Object.entries(userOverrides)) {
    if (value !== undefined) result[key] = value;
  }
  return result;
}

const everything = Object.fromEntries(capabilityKeys.map((key) => [key, true])) as Record<
  CapabilityKey,
  boolean
>;

/** Rights each role starts with; administrators change them later in the rights matrix. */
export const roleDefaults: Record<RoleKey, Partial<Record<CapabilityKey, boolean>>> = {
  role_teacher: {
    create_post: true,
    // Teachers publish news to their own classes (decision 0011); crisis alerts stay with administrators.
    publish_post: true,
    delete_post: true,
    create_comment: true,
    delete_comment: true,
    create_like: true,
    delete_like: true,
    book_course: true,
    edit_own_links: true,
    set_intrest_unit: true,
    use_group_templates: true,
    document_repository: true,
    editor_get: true,
    search: true,
    // Posts they write need images: they may pick from and add to the library.
    media_list: true,
    media_upload: true,
    create_alert: false,
    post_list_all: false,
    // A teacher aims at their own groups and schools (decision 0028).
    publish_all_groups: false,
  },
  role_student: {
    create_post: false,
    create_comment: true,
    delete_comment: true,
    create_like: true,
    delete_like: true,
    edit_own_links: true,
    search: true,
  },
  role_caretaker: {
    create_post: false,
    create_comment: true,
    delete_comment: true,
    create_like: true,
    delete_like: true,
    book_course: true,
    search: true,
  },
  role_employee: {
    create_post: true,
    publish_post: true,
    delete_post: true,
    create_comment: true,
    delete_comment: true,
    create_like: true,
    delete_like: true,
    book_course: true,
    edit_own_links: true,
    set_intrest_unit: true,
    use_group_templates: true,
    document_repository: true,
    editor_get: true,
    search: true,
    media_list: true,
    media_upload: true,
    // Employees work at a school or an office too; the communicators who
    // write for the whole municipality get publish_all_groups one by one
    // in the rights matrix (decision 0028).
  },
  role_school_responsible: {
    create_post: true,
    publish_post: true,
    create_course: true,
    manage_course_attendees: true,
    get_all_links: true,
    create_link: true,
    edit_link: true,
    delete_link: true,
    media_list: true,
    media_upload: true,
    send_notification: true,
    user_list: true,
    // For the people of their own school only (decision 0039).
    view_protected_identity: true,
  },
  role_admin: everything,
  role_superadmin: everything,
  role_municipality_admin: everything,
};
