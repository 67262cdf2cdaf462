import { z } from './zod-sv';

/**
 * `GET /user/sign-ins`: the person's own sign-ins that are still usable, in
 * every browser (ASVS 7.5.2). The address is shortened: enough to recognise
 * home or school, not to pin down a device.
 */
export const ownSignIn = z.object({
  id: z.uuid(),
  /** `login` with a password, `sso` through the municipality's sign-in. */
  type: z.enum(['login', 'sso']),
  issued: z.string(),
  lastUsed: z.string(),
  expires: z.string(),
  /** The browser's User-Agent at sign-in; null when it sent none. */
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
  /** The sign-in of the browser asking. */
  current: z.boolean(),
});
export type OwnSignIn = z.infer<typeof ownSignIn>;

export const ownSignInList = z.array(ownSignIn);

/** `DELETE /user/sign-ins/{id}` and `DELETE /user/sign-ins`: how many ended, and what is left. */
export const endOwnSignInsResponse = z.object({
  ended: z.number().int().min(0),
  signIns: ownSignInList,
});
export type EndOwnSignInsResponse = z.infer<typeof endOwnSignInsResponse>;
