import { securityMarkings } from '../auth/security-marking';
import { limits } from '../constants';
import { sv } from '../texts/sv';
import { tokenResponse } from './auth';
import { categoryResponse } from './category';
import { email, id, idList, listQuery, optionalText, requiredText } from './common';
import { linkResponse } from './link';
import { nodeResponse } from './node';
import { capabilityParam, roleResponse } from './role';
import { languageCode } from './translation';
import { z } from './zod-sv';

const roleSummary = roleResponse.omit({ capabilities: true });

export const childAccount = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  categories: z.array(categoryResponse),
  /** The child's groups (class, school): what a guardian's start page shows for each child. */
  groups: z.array(nodeResponse),
});

/**
 * The current user without their tools. The tools come last in the answer:
 * the server writes the rest, then the list it has made once for the page
 * (apps/server/src/modules/links/links-text.ts).
 */
export const currentUserFields = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(roleSummary),
  categories: z.array(categoryResponse),
  children: z.array(childAccount),
  groups: z.array(nodeResponse),
  capabilities: z.record(z.string(), z.boolean()),
  isAdmin: z.boolean(),
  isSchoolResponsible: z.boolean(),
  /** Holds a role an approval rule names (issue 29): the queue "Att godkänna" is for them. */
  isApprover: z.boolean(),
  masked: z.boolean(),
  maskedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The session's tokens (spec §3 User.tokens): what they are, never a secret. */
  tokens: z.array(tokenResponse),
  /** The language the user reads content in (issue 27); `sv` unless chosen. */
  preferredLanguage: z.string(),
  /** The user has chosen a language or put the question away. */
  languageAsked: z.boolean(),
  /** Ask the user for their language now (a guardian not yet asked, acting as themselves). */
  askLanguage: z.boolean(),
});

export const currentUserResponse = currentUserFields.extend({
  /** The user's own tools in their order (spec §3 User.links), as `GET /user/links` answers. */
  links: z.array(linkResponse),
});
export type CurrentUserResponse = z.infer<typeof currentUserResponse>;

export const relatedAccount = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  relation: z.enum(['self', 'account', 'child']),
  current: z.boolean(),
  roles: z.array(roleSummary),
  categories: z.array(categoryResponse),
});
export type RelatedAccount = z.infer<typeof relatedAccount>;

export const userSortColumns = ['name', 'username', 'id'] as const;

export const userListQuery = listQuery.extend({
  search: z.string().trim().max(100).optional(),
  role: z
    .string()
    .regex(/^role_[a-z_]+$/)
    .optional(),
  nodeId: idList,
  /** Disabled accounts are left out unless asked for, so no picker offers them. */
  status: z.enum(['active', 'disabled', 'all']).default('active'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userListItem = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(roleSummary),
  isAdmin: z.boolean(),
  /** When the account was disabled; null while it is in use. */
  disabledAt: z.string().nullable(),
  /** What the caller may do with this user. */
  can: z.object({ mask: z.boolean() }),
});
export type UserListItem = z.infer<typeof userListItem>;

const personSummary = z.object({ id: z.number(), uid: z.string(), name: z.string() });

/** One user as the administration sees them (`GET /user/{id}`). */
export const userDetailResponse = z.object({
  id: z.number(),
  uid: z.string(),
  username: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  externalId: z.string().nullable(),
  roles: z.array(roleSummary),
  /** Categories linked to the user directly and through their roles. */
  categories: z.array(categoryResponse),
  /** The ids among `categories` linked directly; the rest come with a role. */
  directCategoryIds: z.array(z.number()),
  /** Every group the user is a member of. */
  groups: z.array(nodeResponse),
  children: z.array(personSummary),
  guardians: z.array(personSummary),
  /** Other accounts of the same person. */
  accounts: z.array(personSummary),
  /** The user's own values, which beat every role (decision 0003). */
  capabilityOverrides: z.record(z.string(), z.boolean()),
  /** What the roles alone say, before the user's own values. */
  roleCapabilities: z.record(z.string(), z.boolean()),
  /** The effective rights: granted true, denied false, missing absent. */
  capabilities: z.record(z.string(), z.boolean()),
  isAdmin: z.boolean(),
  isSuperadmin: z.boolean(),
  can: z.object({
    edit: z.boolean(),
    editRoles: z.boolean(),
    editGroups: z.boolean(),
    editCapabilities: z.boolean(),
    mask: z.boolean(),
    /** Disable or enable the account (never one's own). */
    disable: z.boolean(),
    /** Set or clear the security marking: changing the user, and the right to see protected people. */
    securityMarking: z.boolean(),
  }),
  /** When the account was disabled, and why; null while it is in use. */
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  /**
   * The population register's mark (decision 0039). Only those who may see the
   * person get the record at all: to everyone else it is "not found".
   */
  securityMarking: z.enum(securityMarkings),
  /** The language the user reads content in (issue 27). */
  preferredLanguage: z.string(),
});
export type UserDetailResponse = z.infer<typeof userDetailResponse>;

const nameFields = ['email', 'firstName', 'lastName'] as const;

/**
 * Spec §5 "User": e-mail required, valid, max 100; names required, max 30.
 * The security marking (decision 0039) is set or cleared with a reason, which
 * the audit keeps; a body with only the marking leaves name and e-mail as they
 * are (an imported pupil often has no e-mail address to send back).
 */
export const userUpdateRequest = z
  .strictObject({
    email: email.optional(),
    firstName: requiredText(limits.nameMax).optional(),
    lastName: requiredText(limits.nameMax).optional(),
    securityMarking: z.enum(securityMarkings).optional(),
    securityMarkingReason: optionalText(limits.securityMarkingReasonMax),
    /** The language the user reads content in; one of the portal's languages. */
    preferredLanguage: languageCode.optional(),
  })
  .superRefine((body, context) => {
    const namesGiven = nameFields.some((field) => body[field] !== undefined);
    const otherChange = body.securityMarking !== undefined || body.preferredLanguage !== undefined;
    if (namesGiven || !otherChange) {
      for (const field of nameFields) {
        if (body[field] === undefined) {
          context.addIssue({ code: 'custom', path: [field], message: sv.validation.required });
        }
      }
    }
    if (body.securityMarking !== undefined && !body.securityMarkingReason) {
      context.addIssue({
        code: 'custom',
        path: ['securityMarkingReason'],
        message: sv.admin.errors.securityMarkingReasonRequired,
      });
    }
  });
export type UserUpdateRequest = z.infer<typeof userUpdateRequest>;

/** Disabling an account: an optional reason, for the administration's eyes only. */
export const userDisableRequest = z.strictObject({
  reason: optionalText(200),
});
export type UserDisableRequest = z.infer<typeof userDisableRequest>;

export const userNodeParams = z.strictObject({ id, nodeId: id });
export const userRoleParams = z.strictObject({ id, roleId: id });
/**
 * `POST /user/{id}/role/{roleId}`: a user has one main role, so giving
 * another one is refused unless `replace=true` asks to swap it.
 */
export const userRoleGrantQuery = z.strictObject({
  replace: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export const userCategoryParams = z.strictObject({ id, catId: id });
export const userCapabilityParams = z.strictObject({ id, cap: capabilityParam });

export const nodeBulkRequest = z.strictObject({
  nodeIds: z.array(id).min(1).max(1000),
});
export type NodeBulkRequest = z.infer<typeof nodeBulkRequest>;
