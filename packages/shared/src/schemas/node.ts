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
  /** Exact match, for integrations that know a group by its id in the school-data source. */
  externalId: z.string().trim().min(1).max(200).optional(),
  /**
   * `tree=true`: the same nodes as a tree (spec §3: a node has children) —
   * the nodes whose parent is not in the answer at the top, each with its
   * `children` in the same order.
   */
  tree: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type NodeListQuery = z.infer<typeof nodeListQuery>;

/** A node with the nodes under it, as `GET /node?tree=true` answers. */
export const nodeTreeNode = nodeResponse.extend({
  get children() {
    return z.array(nodeTreeNode);
  },
});
export type NodeTreeNode = z.infer<typeof nodeTreeNode>;

/** `GET /node`: a flat list, or with `tree=true` the same nodes as a tree. */
export const nodeListResponse = z.union([z.array(nodeTreeNode), z.array(nodeResponse)]);

export const nodeName = requiredText(limits.genericStringMax);

const externalId = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => (value ? value : null));

/** `POST /node` (spec §5 "Node": name required). Every node is in the group category (id 1). */
export const nodeCreateRequest = z.strictObject({
  name: nodeName,
  type: z.enum(nodeTypes),
  /** Defaults to the municipality root node. */
  parentId: id.optional(),
  value: z
    .string()
    .trim()
    .max(limits.baseTitleMax * 4)
    .nullish()
    .transform((value) => (value ? value : null)),
  main: z.boolean().default(false),
  externalId,
});
export type NodeCreateRequest = z.input<typeof nodeCreateRequest>;
export type NodeCreateInput = z.output<typeof nodeCreateRequest>;

/** `PUT /node/{id}`: rename, retype or move; only the fields sent change. */
export const nodeUpdateRequest = z.strictObject({
  name: nodeName.optional(),
  type: z.enum(nodeTypes).optional(),
  parentId: id.optional(),
  value: z
    .string()
    .trim()
    .max(limits.baseTitleMax * 4)
    .nullable()
    .optional(),
  main: z.boolean().optional(),
  externalId: z.string().trim().max(200).nullable().optional(),
});
export type NodeUpdateRequest = z.infer<typeof nodeUpdateRequest>;

/**
 * One row of a group's member list (`GET /node/{id}/members`). A member the
 * reader may not see (decision 0039) is a row all the same, so the class list
 * counts right: no id, no role, the name "Skyddad identitet".
 */
export const groupMember = z.object({
  id: z.number().nullable(),
  name: z.string(),
  /** The member's main role (`role_student`, `role_teacher`, …); null for a member not shown. */
  role: z.string().nullable(),
  /**
   * The member has a protected identity: shown by name only to those who may
   * see them (who should take care with it), otherwise a row with no id.
   */
  protected: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMember>;

export const groupMembersResponse = z.object({
  group: nodeResponse.pick({ id: true, name: true, type: true }),
  /** Pupils first, then staff, each by name; protected members last. */
  members: z.array(groupMember),
});
export type GroupMembersResponse = z.infer<typeof groupMembersResponse>;
