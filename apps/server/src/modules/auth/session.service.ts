import type { RequestMeta } from '../../http/request-meta';
import type { LoginRequest, SessionResponse, TokenResponse } from '@skolportalen/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema';
import { errors } from '../../http/errors';
import type { SessionState } from '../../identity/session-state';
import { countSignIn } from '../../metrics/metrics';
import { recordAudit } from '../audit/audit.repo';
import { fullName } from '../../identity/auth-user.repo';
import { verifyAgainstNothing, verifyPassword } from '../../identity/password';
import type { SessionCookie } from '../../identity/session-cookie';
import { issueToken, realActorOf, revokeTokens, type TokenRow } from '../../identity/token.repo';

export function presentToken(token: TokenRow): TokenResponse {
  return {
    id: token.id,
    userId: token.userId,
    type: token.type,
    issued: token.issued.toISOString(),
    expires: token.expires.toISOString(),
    status:
      token.status === 'active' && token.expires.getTime() <= Date.now() ? 'expired' : token.status,
    masked: token.masked,
  };
}

export async function presentSession(
  db: Executor,
  tokens: readonly TokenRow[],
  activeId: string,
  /** An account whose name the caller holds already (the request's own user). */
  known?: { id: number; firstName: string; lastName: string },
): Promise<SessionResponse> {
  const names = new Map<number, string>(known ? [[known.id, fullName(known)]] : []);
  // Most sessions hold only the signed-in account's tokens: then nothing is read.
  const unnamed = [...new Set(tokens.map((token) => token.userId))].filter((id) => !names.has(id));
  if (unnamed.length > 0) {
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, unnamed));
    for (const user of rows) names.set(user.id, fullName(user));
  }
  const active = tokens.find((token) => token.id === activeId);
  return {
    tokens: tokens.map((token) => ({
      id: token.id,
      userId: token.userId,
      name: names.get(token.userId) ?? '',
      masked: token.masked,
      active: token.id === activeId,
    })),
    activeTokenId: activeId,
    masked: active?.masked ?? false,
  };
}

export function cookieFromSession(
  entries: readonly { secret: string; token: TokenRow }[],
  activeId: string,
): SessionCookie {
  return {
    tokens: entries.map((entry) => entry.secret),
    active: Math.max(
      0,
      entries.findIndex((entry) => entry.token.id === activeId),
    ),
  };
}

/** Same answer and the same work for an unknown user and a wrong password. */
export async function signIn(db: Database, credentials: LoginRequest, meta: RequestMeta) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.username, credentials.username.toLowerCase()));
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await verifyAgainstNothing(credentials.password);
  if (!user || !valid) {
    // Failed sign-ins are on record too (never the password): who was tried, from where.
    await recordAudit(db, {
      actorUserId: user?.id ?? null,
      action: 'session.login-failed',
      entityType: 'user',
      entityId: credentials.username.toLowerCase().slice(0, 100),
      ...meta,
    });
    countSignIn('password', 'refused');
    throw errors.invalidCredentials();
  }
  // Said only to someone who knows the password: it reveals nothing to a guesser.
  if (user.disabledAt) {
    await recordAudit(db, {
      actorUserId: user.id,
      action: 'session.login-refused',
      entityType: 'user',
      entityId: user.id,
      ...meta,
    });
    countSignIn('password', 'refused');
    throw errors.accountDisabled();
  }

  const signedIn = await db.transaction(async (tx) => {
    const issued = await issueToken(tx, {
      userId: user.id,
      type: 'login',
      userAgent: meta.userAgent,
      address: meta.address,
    });
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'session.login',
      entityType: 'token',
      entityId: issued.token.id,
      ...meta,
    });
    return issued;
  });
  countSignIn('password', 'success');
  return signedIn;
}

export async function signOut(db: Database, session: SessionState | null, meta: RequestMeta) {
  if (!session) return;
  await db.transaction(async (tx) => {
    await revokeTokens(
      tx,
      session.tokens.map((entry) => entry.token.id),
    );
    await recordAudit(tx, {
      actorUserId: session.active.token.userId,
      realUserId: realActorOf(session.active.token),
      action: 'session.logout',
      entityType: 'token',
      entityId: session.active.token.id,
      ...meta,
    });
  });
}
