import { id, listQuery, queryDateTime } from './common';
import { z } from './zod-sv';

export const auditSortColumns = ['at', 'id'] as const;

/** `GET /audit`: who changed what, newest first; every filter runs in SQL. */
export const auditListQuery = listQuery.extend({
  actorUserId: id.optional(),
  entityType: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_-]+$/)
    .optional(),
  entityId: z.string().trim().max(100).optional(),
  /** An action or an action prefix: `user` matches `user.role.add`. */
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_.-]+$/)
    .optional(),
  from: queryDateTime.optional(),
  to: queryDateTime.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

const personRef = z.object({ id: z.number(), name: z.string() });

export const auditEntryResponse = z.object({
  id: z.number(),
  at: z.string(),
  actor: personRef.nullable(),
  /** The administrator behind a masked session. */
  maskedBy: personRef.nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntryResponse = z.infer<typeof auditEntryResponse>;
