import { sv } from '../texts/sv';
import { categoryKey, id, listQuery, requiredText } from './common';
import { nodeResponse } from './node';
import { z } from './zod-sv';

export const categoryTypes = ['role', 'groups', 'media', 'content'] as const;

export const categoryResponse = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  type: z.string(),
  nodes: z.array(nodeResponse),
});
export type CategoryResponse = z.infer<typeof categoryResponse>;

export const categorySortColumns = ['id', 'name', 'key', 'type'] as const;

export const categoryListQuery = listQuery.extend({
  type: z
    .string()
    .trim()
    .max(32)
    .regex(/^[a-z_]+$/)
    .optional(),
});
export type CategoryListQuery = z.infer<typeof categoryListQuery>;

/** Spec §5 "Category": key, type and name required; the key only a-z and underscores. */
export const categoryCreateRequest = z.strictObject({
  key: categoryKey,
  name: requiredText(100),
  type: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[a-z_]+$/, sv.validation.categoryKey),
});
export type CategoryCreateRequest = z.infer<typeof categoryCreateRequest>;

export const categoryNodeParams = z.strictObject({ id, nodeId: id });
