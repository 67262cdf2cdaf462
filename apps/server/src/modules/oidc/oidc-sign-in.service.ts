import { and, eq, inArray, lt } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import * as client from 'openid-client';
import type { Database, Executor } from '../../db/client';
import { oidcLogoutTokens, oidcSessions, oidcSignInRequests, tokens } from '../../db/schema';
import type { RequestMeta } from '../../http/request-meta';
import { accountsWithUid, withoutScope } from '../../identity/sso-account';
import { issueToken, revokeTokens } from '../../identity/token.repo';
import { recordAudit } from '../audit/audit.repo';
import { SsoError } from '../saml/saml-login.service';
import type { OidcProvider } from '../../identity/oidc-provider';

/** How long the provider has to send the person back. */
const signInWindowMs = 10 * 60_000;

/**
 * Starts a sign-in at the provider: Authorization Code with PKCE (S256), a
 * state naming this attempt and a nonce the ID token must carry. The verifier
 * and nonce stay in the database, so any instance can finish the sign-in.
 */
export async function startOidcSignIn(
  db: Database,
  provider: OidcProvider,
  returnTo: string,
): Promise<string> {
  const configuration = await provider.configuration();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  await db.transaction(async (tx) => {
    await tx.delete(oidcSignInRequests).where(lt(oidcSignInRequests.expiresAt, new Date()));
    await tx.insert(oidcSignInRequests).values({
      state,
      provider: provider.settings.key,
      codeVerifier,
      nonce,
      returnTo,
      expiresAt: new Date(Date.now() + signInWindowMs),
    });
  });
  return client
    .buildAuthorizationUrl(configuration, {
      redirect_uri: provider.settings.redirectUri,
      scope: provider.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

/** The portal user id a claim names, after the same mapping rules as SAML's. */
function portalUserId(claims: client.IDToken, provider: OidcProvider): string {
  const { userClaim, userIdScope } = provider.settings;
  const value = claims[userClaim];
  if (typeof value !== 'string' || value === '') {
    throw new SsoError(
      'misconfigured',
      `the ID token has no claim ${userClaim} (OIDC_${provider.settings.key.toUpperCase().replace(/-/g, '_')}_USER_CLAIM); it has: ${Object.keys(claims).join(', ')}`,
    );
  }
  const scoped = withoutScope(value, userIdScope);
  if (!scoped.ok) {
    throw new SsoError('unknown-user', `user id scoped ${scoped.scope}, not ${userIdScope}`);
  }
  return scoped.id;
}

export interface OidcSignIn {
  token: Awaited<ReturnType<typeof issueToken>>['token'];
  secret: string;
  returnTo: string;
}

/**
 * Finishes a sign-in: the state must name an attempt of this provider that has
 * not expired (it is used up here, whatever follows), the code is exchanged with
 * the verifier, and the ID token must carry the attempt's nonce. Throws
 * SsoError with the reason the login page shows.
 */
export async function finishOidcSignIn(
  db: Database,
  provider: OidcProvider,
  callbackUrl: URL,
  meta: RequestMeta,
): Promise<OidcSignIn> {
  const state = callbackUrl.searchParams.get('state');
  if (!state) throw new SsoError('invalid', 'callback without state');
  const [attempt] = await db
    .delete(oidcSignInRequests)
    .where(
      and(
        eq(oidcSignInRequests.state, state),
        eq(oidcSignInRequests.provider, provider.settings.key),
      ),
    )
    .returning();
  if (!attempt) throw new SsoError('invalid', 'state names no sign-in started here');
  if (attempt.expiresAt < new Date()) throw new SsoError('invalid', 'the sign-in took too long');

  let answer: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
  try {
    answer = await client.authorizationCodeGrant(await provider.configuration(), callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new SsoError('invalid', error instanceof Error ? error.message : 'code exchange failed');
  }
  const claims = answer.claims();
  if (!claims || !answer.id_token) throw new SsoError('invalid', 'no ID token');
  const uid = portalUserId(claims, provider);

  return db.transaction(async (tx) => {
    const matches = await accountsWithUid(tx, uid, provider.settings.userIdIgnoreCase);
    if (matches.length > 1) {
      throw new SsoError(
        'misconfigured',
        `several accounts have uid ${uid} in another letter case; set USER_ID_IGNORE_CASE=false for the provider or rename them`,
      );
    }
    const [user] = matches;
    if (!user) throw new SsoError('unknown-user', `no account with uid ${uid}`);
    if (user.disabledAt) throw new SsoError('disabled', `account ${user.id} is disabled`);
    const issued = await issueToken(tx, {
      userId: user.id,
      type: 'sso',
      userAgent: meta.userAgent,
      address: meta.address,
    });
    await tx.insert(oidcSessions).values({
      tokenId: issued.token.id,
      provider: provider.settings.key,
      subject: claims.sub,
      sessionId: typeof claims.sid === 'string' ? claims.sid : null,
      idToken: answer.id_token!,
    });
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'session.login-oidc',
      entityType: 'token',
      entityId: issued.token.id,
      ...meta,
    });
    return { ...issued, returnTo: attempt.returnTo };
  });
}

/**
 * Where to send the browser to end the provider's session too (RP-initiated
 * logout): its end_session_endpoint with the ID token as hint, back to the
 * login page; null when the session did not come from a provider that has one.
 */
export async function oidcLogoutUrl(
  db: Executor,
  providers: ReadonlyMap<string, OidcProvider>,
  tokenIds: readonly string[],
): Promise<string | null> {
  if (tokenIds.length === 0 || providers.size === 0) return null;
  const [session] = await db
    .select()
    .from(oidcSessions)
    .where(inArray(oidcSessions.tokenId, [...tokenIds]));
  const provider = session && providers.get(session.provider);
  if (!session || !provider) return null;
  try {
    const configuration = await provider.configuration();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client
      .buildEndSessionUrl(configuration, {
        id_token_hint: session.idToken,
        // No state: the login page it returns to has nothing to resume, and a state the
        // portal never checks would only stand in the address bar.
        post_logout_redirect_uri: provider.settings.postLogoutRedirectUri,
      })
      .toString();
  } catch {
    // The portal session is already over; a provider that cannot be reached keeps its own.
    return null;
  }
}

const backChannelEvent = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0): the provider
 * posts a signed logout token naming a session (`sid`) or a person (`sub`),
 * and every portal token signed in through it ends, whichever browser holds
 * it. The token is checked as §2.6 says and used once.
 */
export async function oidcBackChannelLogout(
  db: Database,
  provider: OidcProvider,
  logoutToken: string,
  meta: RequestMeta,
): Promise<number> {
  const configuration = await provider.configuration();
  let payload;
  try {
    ({ payload } = await jwtVerify(logoutToken, await provider.keys(), {
      issuer: configuration.serverMetadata().issuer,
      audience: provider.settings.clientId,
      maxTokenAge: '10 minutes',
      clockTolerance: 60,
    }));
  } catch (error) {
    throw new SsoError('invalid', error instanceof Error ? error.message : 'bad logout token');
  }
  const events = payload.events as Record<string, unknown> | undefined;
  if (!events || typeof events !== 'object' || !(backChannelEvent in events))
    throw new SsoError('invalid', 'logout token without the back-channel logout event');
  if ('nonce' in payload) throw new SsoError('invalid', 'logout token with a nonce');
  const sid = typeof payload.sid === 'string' ? payload.sid : null;
  const sub = typeof payload.sub === 'string' ? payload.sub : null;
  if (!sid && !sub) throw new SsoError('invalid', 'logout token names neither sid nor sub');
  if (!payload.jti) throw new SsoError('invalid', 'logout token without jti');

  return db.transaction(async (tx) => {
    await tx.delete(oidcLogoutTokens).where(lt(oidcLogoutTokens.expiresAt, new Date()));
    const fresh = await tx
      .insert(oidcLogoutTokens)
      .values({
        id: `${provider.settings.key}:${payload.jti}`,
        expiresAt: new Date(Date.now() + 20 * 60_000),
      })
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0)
      throw new SsoError('replayed', `logout token ${payload.jti} used before`);
    const sessions = await tx
      .select({ tokenId: oidcSessions.tokenId, userId: tokens.userId })
      .from(oidcSessions)
      .innerJoin(tokens, eq(tokens.id, oidcSessions.tokenId))
      .where(
        and(
          eq(oidcSessions.provider, provider.settings.key),
          sid ? eq(oidcSessions.sessionId, sid) : undefined,
          sub ? eq(oidcSessions.subject, sub) : undefined,
          eq(tokens.status, 'active'),
        ),
      );
    if (sessions.length === 0) return 0;
    await revokeTokens(
      tx,
      sessions.map((session) => session.tokenId),
    );
    for (const session of sessions) {
      await recordAudit(tx, {
        actorUserId: session.userId,
        action: 'session.logout-idp',
        entityType: 'token',
        entityId: session.tokenId,
        ...meta,
      });
    }
    return sessions.length;
  });
}
