import { limits } from '../constants';
import { sv } from '../texts/sv';
import { z } from './zod-sv';

export const loginRequest = z.strictObject({
  username: z.string().trim().min(1, sv.validation.required).max(limits.usernameMax),
  password: z.string().min(1, sv.validation.required).max(limits.passwordMax),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenTypes = ['login', 'related', 'masked', 'api', 'sso'] as const;
export const tokenStatuses = ['active', 'revoked', 'expired'] as const;

export const tokenResponse = z.object({
  id: z.string(),
  userId: z.number(),
  type: z.enum(tokenTypes),
  issued: z.string(),
  expires: z.string(),
  status: z.enum(tokenStatuses),
  masked: z.boolean(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/**
 * What the browser may know about the session's tokens (spec: "the token list is
 * kept in session storage"): never the secret, only who and whether masked.
 */
export const sessionToken = z.object({
  id: z.string(),
  userId: z.number(),
  name: z.string(),
  masked: z.boolean(),
  active: z.boolean(),
});
export const sessionResponse = z.object({
  tokens: z.array(sessionToken),
  activeTokenId: z.string(),
  masked: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const loginResponse = z.object({
  token: tokenResponse,
  session: sessionResponse,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** The ways in the login page offers (`GET /saml/config`). */
export const signInOptionsResponse = z.object({
  /** Whether single sign-on with SAML is configured. */
  enabled: z.boolean(),
  /** The single sign-on button's text. */
  label: z.string(),
  /** OpenID Connect providers, one button each, in the configured order (OIDC_PROVIDERS). */
  providers: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Whether the login page offers the password form (PASSWORD_SIGN_IN). */
  passwordSignIn: z.boolean(),
});
export type SignInOptions = z.infer<typeof signInOptionsResponse>;
