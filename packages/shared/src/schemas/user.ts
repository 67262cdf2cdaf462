import { categoryResponse } from './category';
import { idList, listQuery } from './common';
import { nodeResponse } from './node';
import { roleResponse } from './role';
import { z } from './zod-sv';

const roleSummary = roleResponse.omit({ capabilities: true });

export const childAccount = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  categories: z.array(categoryResponse),
});

export const currentUserResponse = z.object({
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
  masked: z.boolean(),
  maskedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
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
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userListItem = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(roleSummary),
  isAdmin: z.boolean(),
  /** What the caller may do with this user. */
  can: z.object({ mask: z.boolean() }),
});
export type UserListItem = z.infer<typeof userListItem>;
