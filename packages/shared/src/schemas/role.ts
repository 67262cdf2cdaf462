import { capabilityGroups } from '../auth/capabilities';
import { z } from './zod-sv';

export const capabilityResponse = z.object({
  key: z.string(),
  group: z.enum(capabilityGroups),
  label: z.string(),
});
export type CapabilityResponse = z.infer<typeof capabilityResponse>;

export const capabilityValue = z.object({
  key: z.string(),
  value: z.boolean(),
  source: z.enum(['role', 'user']),
});
export type CapabilityValue = z.infer<typeof capabilityValue>;

export const roleResponse = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  categoryId: z.number().nullable(),
  /** Present only for callers holding role_list: each right granted (true) or denied (false). */
  capabilities: z.record(z.string(), z.boolean()).optional(),
});
export type RoleResponse = z.infer<typeof roleResponse>;
