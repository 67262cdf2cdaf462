import type { RequestMeta } from '../../http/request-meta';
import type { Profile, SAML } from '@node-saml/node-saml';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { eq, lt } from 'drizzle-orm';
import type { SamlConfig } from '../../config';
import type { Database } from '../../db/client';
import { samlAssertions, ssoSessions, users } from '../../db/schema';
import { recordAudit } from '../audit/audit.repo';
import { issueToken } from '../../identity/token.repo';

/** Why a SAML response was refused; the login page shows the Swedish text for each. */
export type SsoFailure = 'invalid' | 'unknown-user' | 'replayed' | 'too-large' | 'disabled';

export class SsoError extends Error {
  constructor(
    readonly reason: SsoFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'SsoError';
  }
}

/** A response bigger than this is not a sign-in; it is refused before any XML is parsed. */
export const maxResponseBytes = 256 * 1024;
const samlAssertionNs = 'urn:oasis:names:tc:SAML:2.0:assertion';

function decodeResponse(samlResponse: string): string {
  if (samlResponse.length > (maxResponseBytes * 4) / 3 + 4) {
    throw new SsoError('too-large', 'SAMLResponse too large');
  }
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  // Entity declarations are how XML bombs and external-entity attacks start; SAML never needs them.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new SsoError('invalid', 'DOCTYPE in SAMLResponse');
  return xml;
}

function parse(xml: string) {
  return new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
}

function issuerOf(element: Element | null | undefined): string | null {
  for (let child = element?.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && (child as Element).localName === 'Issuer')
      return child.textContent?.trim() ?? null;
  }
  return null;
}

/**
 * What node-saml leaves to the service provider: the assertion's
 * SubjectConfirmationData must name our assertion consumer URL as Recipient,
 * a Destination on the (signed) response must be ours too, and both the
 * response and the assertion must come from the configured IdP.
 */
function checkAddressing(responseXml: string, assertionXml: string, config: SamlConfig) {
  const response = parse(responseXml).documentElement;
  const assertion = parse(assertionXml).documentElement;
  const destination = response?.getAttribute('Destination');
  if (destination && destination !== config.callbackUrl)
    throw new SsoError('invalid', 'wrong Destination');
  if (config.idpIssuer) {
    const responseIssuer = issuerOf(response);
    if (responseIssuer !== null && responseIssuer !== config.idpIssuer)
      throw new SsoError('invalid', 'wrong Issuer');
    if (issuerOf(assertion) !== config.idpIssuer)
      throw new SsoError('invalid', 'wrong assertion Issuer');
  }
  const callbackUrl = config.callbackUrl;
  const confirmations = parse(assertionXml).getElementsByTagNameNS(
    samlAssertionNs,
    'SubjectConfirmationData',
  );
  if (confirmations.length === 0) throw new SsoError('invalid', 'no SubjectConfirmationData');
  for (let i = 0; i < confirmations.length; i += 1) {
    if (confirmations.item(i)?.getAttribute('Recipient') !== callbackUrl) {
      throw new SsoError('invalid', 'wrong Recipient');
    }
  }
}

const xmlDsigNs = 'http://www.w3.org/2000/09/xmldsig#';
/** SHA-2 only: the signature library would still take SHA-1, which is broken for signatures. */
const allowedAlgorithms = {
  SignatureMethod: new Set([
    'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  ]),
  DigestMethod: new Set([
    'http://www.w3.org/2001/04/xmlenc#sha256',
    'http://www.w3.org/2001/04/xmlenc#sha512',
  ]),
};

function checkAlgorithms(responseXml: string) {
  let doc: ReturnType<typeof parse>;
  try {
    doc = parse(responseXml);
  } catch {
    throw new SsoError('invalid', 'not XML');
  }
  for (const [element, allowed] of Object.entries(allowedAlgorithms)) {
    const found = doc.getElementsByTagNameNS(xmlDsigNs, element);
    for (let i = 0; i < found.length; i += 1) {
      const algorithm = found.item(i)?.getAttribute('Algorithm') ?? '';
      if (!allowed.has(algorithm)) throw new SsoError('invalid', `${element} ${algorithm}`);
    }
  }
}

function assertionIdAndExpiry(assertionXml: string): { id: string; expiresAt: Date } {
  const doc = parse(assertionXml);
  const id = doc.documentElement?.getAttribute('ID');
  if (!id) throw new SsoError('invalid', 'assertion without ID');
  const limits = [
    ...Array.from(doc.getElementsByTagNameNS(samlAssertionNs, 'Conditions')),
    ...Array.from(doc.getElementsByTagNameNS(samlAssertionNs, 'SubjectConfirmationData')),
  ]
    .map((element) => Date.parse(element.getAttribute('NotOnOrAfter') ?? ''))
    .filter((time) => Number.isFinite(time));
  const latest = limits.length ? Math.max(...limits) : Date.now() + 24 * 3600 * 1000;
  return { id, expiresAt: new Date(latest + 10 * 60 * 1000) };
}

function userIdOf(profile: Profile, attribute: string): string | null {
  if (attribute === 'nameID') return profile.nameID || null;
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const value = (profile as unknown as Record<string, unknown>)[attribute] ?? attributes[attribute];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() ? first.trim() : null;
}

export interface SsoSignIn {
  token: Awaited<ReturnType<typeof issueToken>>['token'];
  secret: string;
}

/** Validates a SAML response from the IdP and signs its user in, or throws SsoError. */
export async function signInWithSaml(
  db: Database,
  client: SAML,
  config: SamlConfig,
  samlResponse: string,
  meta: RequestMeta,
): Promise<SsoSignIn> {
  const responseXml = decodeResponse(samlResponse);
  checkAlgorithms(responseXml);
  let profile: Profile | null;
  try {
    ({ profile } = await client.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw new SsoError('invalid', error instanceof Error ? error.message : 'validation failed');
  }
  if (!profile) throw new SsoError('invalid', 'no profile');
  const assertionXml = profile.getAssertionXml?.();
  if (!assertionXml) throw new SsoError('invalid', 'no assertion');
  checkAddressing(responseXml, assertionXml, config);

  const uid = userIdOf(profile, config.userAttribute);
  if (!uid) throw new SsoError('unknown-user', 'no user id in assertion');
  const assertion = assertionIdAndExpiry(assertionXml);

  return db.transaction(async (tx) => {
    await tx.delete(samlAssertions).where(lt(samlAssertions.expiresAt, new Date()));
    const fresh = await tx
      .insert(samlAssertions)
      .values(assertion)
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0) throw new SsoError('replayed', `assertion ${assertion.id} used before`);

    const [user] = await tx
      .select({ id: users.id, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.uid, uid));
    if (!user) throw new SsoError('unknown-user', `no account with uid ${uid}`);
    if (user.disabledAt) throw new SsoError('disabled', `account ${user.id} is disabled`);
    const issued = await issueToken(tx, {
      userId: user.id,
      type: 'sso',
      userAgent: meta.userAgent,
      address: meta.address,
    });
    await tx.insert(ssoSessions).values({
      tokenId: issued.token.id,
      nameId: profile.nameID,
      nameIdFormat: profile.nameIDFormat ?? null,
      sessionIndex: profile.sessionIndex ?? null,
    });
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'session.login-sso',
      entityType: 'token',
      entityId: issued.token.id,
      ...meta,
    });
    return issued;
  });
}
