import { cookieNames, durations, type CookieNames } from '@skolportalen/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { looksLikeTokenSecret } from './token-secret';

/**
 * The browser's token list (spec §7: a cookie with JSON content). HttpOnly, so
 * page scripts never see a secret; a readable companion cookie tells the
 * client that a session exists.
 */
const cookieContent = z.object({
  tokens: z.array(z.string().refine(looksLikeTokenSecret)).min(1).max(10),
  active: z.number().int().min(0),
});
export type SessionCookie = z.infer<typeof cookieContent>;

export function parseSessionCookie(raw: string): SessionCookie | null {
  try {
    const parsed = cookieContent.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.active >= parsed.data.tokens.length) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

export interface CookieOptions {
  secure: boolean;
  names: CookieNames;
}

/** The one place the names follow COOKIE_SECURE: `__Host-` needs Secure. */
export function cookieOptionsFor(secure: boolean): CookieOptions {
  return { secure, names: cookieNames(secure) };
}

/** Only the current mode's name counts: with Secure on, an unprefixed cookie may come from a sibling host or plain HTTP. */
export function readSessionCookie(
  request: FastifyRequest,
  options: CookieOptions,
): string | undefined {
  return request.cookies[options.names.session];
}

export function writeSessionCookie(
  reply: FastifyReply,
  session: SessionCookie,
  options: CookieOptions,
) {
  // Path / and no Domain: what `__Host-` demands, and all the portal needs.
  const base = {
    path: '/',
    secure: options.secure,
    sameSite: 'lax' as const,
    maxAge: durations.tokenLifetimeMs / 1000,
  };
  reply.setCookie(options.names.session, JSON.stringify(session), { ...base, httpOnly: true });
  reply.setCookie(options.names.signedIn, '1', { ...base, httpOnly: false });
}

/**
 * After a sign-in through an identity provider the browser arrives on an
 * ordinary page, not the login form: this short-lived readable cookie tells
 * the page to offer the role choice, as the login form does (spec §6).
 */
export function writeChooseRoleCookie(reply: FastifyReply, options: CookieOptions) {
  reply.setCookie(options.names.chooseRole, '1', {
    path: '/',
    secure: options.secure,
    sameSite: 'lax',
    maxAge: 5 * 60,
    httpOnly: false,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: CookieOptions) {
  const base = { path: '/', secure: options.secure, sameSite: 'lax' as const };
  reply.clearCookie(options.names.session, { ...base, httpOnly: true });
  reply.clearCookie(options.names.signedIn, { ...base, httpOnly: false });
}
