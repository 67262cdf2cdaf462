import { capabilityGroups } from '../auth/capabilities';
import { limits } from '../constants';
import { sv } from '../texts/sv';
import { id, requiredText } from './common';
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
  /** With the rights: whether the caller may change this role's rights or delete it. */
  can: z.object({ edit: z.boolean(), delete: z.boolean() }).optional(),
});
export type RoleResponse = z.infer<typeof roleResponse>;

/** A role's own right as the rights matrix shows it (spec §6). */
export const capabilityStates = ['missing', 'denied', 'granted'] as const;
export type CapabilityState = (typeof capabilityStates)[number];

export function capabilityStateOf(value: boolean | undefined): CapabilityState {
  if (value === undefined) return 'missing';
  return value ? 'granted' : 'denied';
}

export const roleKey = z
  .string()
  .trim()
  .min(1, sv.validation.required)
  .max(64)
  .regex(/^role_[a-z_]+$/, sv.admin.errors.roleKeyFormat);

export const roleCreateRequest = z.strictObject({
  key: roleKey,
  name: requiredText(limits.baseTitleMax * 2),
  categoryId: id.nullish().transform((value) => value ?? null),
});
export type RoleCreateRequest = z.infer<typeof roleCreateRequest>;

/** `{cap}` in a path: checked against the catalogue by the handler, so the message can name it. */
export const capabilityParam = z.string().trim().min(1).max(64);

export const roleCapabilityParams = z.strictObject({ id, cap: capabilityParam });

/** POST …/capability/{cap}: grant (true) or deny (false). */
export const capabilityValueRequest = z.strictObject({ value: z.boolean() });
export type CapabilityValueRequest = z.infer<typeof capabilityValueRequest>;
