import { limits } from '../constants';
import { id, idList, listQuery, requiredText, stringList } from './common';
import { z } from './zod-sv';

/** SS 12000 organisation and group types used in the groups tree. */
export const nodeTypes = [
  'Huvudman',
  'Förvaltning',
  'Skolenhet',
  'Klass',
  'Undervisning',
  'Mentor',
  'Personalgrupp',
  'Övrigt',
] as const;
export type NodeType = (typeof nodeTypes)[number];

export const nodeResponse = z.object({
  id: z.number(),
  name: z.string(),
  value: z.string().nullable(),
  type: z.string(),
  parentId: z.number().nullable(),
  categoryId: z.number(),
  main: z.boolean(),
  externalId: z.string().nullable(),
});
export type NodeResponse = z.infer<typeof nodeResponse>;

export const nodeSortColumns = ['id', 'name', 'type', 'parentId'] as const;

export const nodeListQuery = listQuery.extend({
  categoryId: id.optional(),
  parentId: id.optional(),
  nodeId: idList,
  type: stringList(z.string().max(limits.baseTitleMax * 2)),
  search: z
    .string()
    .trim()
    .max(limits.baseTitleMax * 4)
    .optional(),
});
export type NodeListQuery = z.infer<typeof nodeListQuery>;

export const nodeName = requiredText(limits.genericStringMax);
