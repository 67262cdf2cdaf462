import { cookies, durations } from '@skolportalen/shared';
import type { FastifyReply } from 'fastify';
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
}

export function writeSessionCookie(
  reply: FastifyReply,
  session: SessionCookie,
  options: CookieOptions,
) {
  const base = {
    path: '/',
    secure: options.secure,
    sameSite: 'lax' as const,
    maxAge: durations.tokenLifetimeMs / 1000,
  };
  reply.setCookie(cookies.session, JSON.stringify(session), { ...base, httpOnly: true });
  reply.setCookie(cookies.signedIn, '1', { ...base, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, options: CookieOptions) {
  const base = { path: '/', secure: options.secure, sameSite: 'lax' as const };
  reply.clearCookie(cookies.session, { ...base, httpOnly: true });
  reply.clearCookie(cookies.signedIn, { ...base, httpOnly: false });
}
