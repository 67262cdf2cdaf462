import { limits } from '../constants';
import { sv } from '../texts/sv';
import { id, listQuery, requiredText } from './common';
import { nodeResponse } from './node';
import { z } from './zod-sv';

/** Favourite target groups ("Favoritmålgrupper"), POST and PUT /portal-service/v1/favorite. */
export const groupTemplateInput = z.strictObject({
  name: requiredText(limits.postTitleMax),
  nodeIds: z
    .array(id)
    .min(1, sv.validation.publishGroup)
    .max(500)
    .transform((list) => [...new Set(list)]),
});
export type GroupTemplateInput = z.input<typeof groupTemplateInput>;

export const groupTemplateResponse = z.object({
  id: z.number(),
  name: z.string(),
  nodeIds: z.array(z.number()),
  nodes: z.array(nodeResponse),
  created: z.string(),
  updated: z.string(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type GroupTemplateResponse = z.infer<typeof groupTemplateResponse>;

export const groupTemplateSortColumns = ['name', 'updated', 'created', 'id'] as const;
export const groupTemplateListQuery = listQuery;
