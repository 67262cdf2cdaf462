import { bodyId, id, listQuery, stringList } from './common';
import { loginResponse, tokenResponse, tokenStatuses, tokenTypes } from './auth';
import { z } from './zod-sv';

export const tokenSortColumns = ['issued', 'expires'] as const;

/** `GET /token`: the administration's list of sign-ins, newest first by default. */
export const tokenListQuery = listQuery.extend({
  userId: id.optional(),
  type: stringList(z.enum(tokenTypes)),
  status: z.enum(tokenStatuses).optional(),
});
export type TokenListQuery = z.infer<typeof tokenListQuery>;

const personRef = z.object({ id: z.number(), name: z.string() });

export const tokenListItem = tokenResponse.extend({
  user: personRef.extend({ uid: z.string() }),
  maskedBy: personRef.nullable(),
  revokedAt: z.string().nullable(),
  can: z.object({ revoke: z.boolean() }),
});
export type TokenListItem = z.infer<typeof tokenListItem>;

export const apiTokenLifetimeDays = { default: 90, max: 365 } as const;

/**
 * `POST /token`: `masked` starts acting as a user (decision 0004); `api` issues
 * a bearer token for an integration, whose secret is shown once.
 */
export const createTokenRequest = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('masked'), userId: bodyId }),
  z.strictObject({
    type: z.literal('api'),
    userId: bodyId,
    lifetimeDays: z
      .number()
      .int()
      .min(1)
      .max(apiTokenLifetimeDays.max)
      .default(apiTokenLifetimeDays.default),
  }),
]);
export type CreateTokenRequest = z.input<typeof createTokenRequest>;

export const apiTokenResponse = z.object({
  token: tokenResponse,
  /** The bearer secret: shown this once, stored only as a hash. */
  secret: z.string(),
});
export type ApiTokenResponse = z.infer<typeof apiTokenResponse>;

export const createTokenResponse = z.union([loginResponse, apiTokenResponse]);
