import { postTypes } from '../content/post-types';
import { sv } from '../texts/sv';
import { bodyId, listQuery, requiredText } from './common';
import { postResponse } from './post';
import { z } from './zod-sv';

const t = sv.approvals;

/** Which posts a rule covers by their audience (issue 29). */
export const approvalAudiences = ['any', 'municipality', 'school-unit'] as const;
export type ApprovalAudience = (typeof approvalAudiences)[number];

const roleKey = z.string().trim().min(1).max(100);

/** POST|PUT /approval-rule: which posts need approval, and who approves. */
export const approvalRuleInput = z.strictObject({
  name: requiredText(200),
  postTypes: z
    .array(z.enum(postTypes))
    .max(postTypes.length)
    .default([])
    .transform((types) => [...new Set(types)]),
  audience: z.enum(approvalAudiences).default('any'),
  authorRoles: z
    .array(roleKey)
    .max(50)
    .default([])
    .transform((keys) => [...new Set(keys)]),
  approverRole: roleKey,
  approverSameSchool: z.boolean().default(true),
});
export type ApprovalRuleInput = z.input<typeof approvalRuleInput>;

export const approvalRuleResponse = z.object({
  id: z.number(),
  name: z.string(),
  postTypes: z.array(z.enum(postTypes)),
  audience: z.enum(approvalAudiences),
  authorRoles: z.array(z.string()),
  approverRole: z.string(),
  approverSameSchool: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApprovalRule = z.infer<typeof approvalRuleResponse>;
export const approvalRuleListResponse = z.array(approvalRuleResponse);

/** The version of the post the approver read: acting on a later one is refused (409). */
export const approveInput = z.strictObject({ version: bodyId });
export const returnInput = z.strictObject({
  version: bodyId,
  comment: z.string().trim().min(1, t.errors.commentRequired).max(2000),
});

const person = z.object({ id: z.number(), name: z.string() });

/** Where a post stands with its approval: the latest request and what became of it. */
export const approvalStateResponse = z.object({
  state: z.enum(['pending', 'approved', 'returned', 'withdrawn']),
  requestedAt: z.string(),
  requestedBy: person.nullable(),
  /** The version the request is about. */
  version: z.number(),
  decidedAt: z.string().nullable(),
  decidedBy: person.nullable(),
  /** The approver's words when sending it back. */
  comment: z.string().nullable(),
  rule: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Those who may approve it (for the author: who was asked). */
  approvers: z.array(person),
});
export type ApprovalState = z.infer<typeof approvalStateResponse>;
export const approvalStateOrNone = approvalStateResponse.nullable();

/** GET /approval: the posts the signed-in approver is asked to approve, oldest request first. */
export const approvalQueueQuery = listQuery.pick({ page: true, perPage: true });
export const approvalQueueItem = z.object({
  post: postResponse,
  approval: approvalStateResponse,
});
export const approvalQueueResponse = z.array(approvalQueueItem);
export type ApprovalQueueItem = z.infer<typeof approvalQueueItem>;

/** POST /approval/check: whether publishing a post so aimed would wait for approval, and for whom. */
export const approvalCheckInput = z.strictObject({
  type: z.enum(postTypes),
  nodeIds: z.array(bodyId).max(500).default([]),
});
export const approvalCheckResponse = z.object({
  required: z.boolean(),
  rule: z.object({ id: z.number(), name: z.string() }).nullable(),
  approvers: z.array(person),
});
export type ApprovalCheck = z.infer<typeof approvalCheckResponse>;
