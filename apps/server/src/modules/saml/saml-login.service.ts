import type { RequestMeta } from '../../http/request-meta';
import type { Profile, SAML } from '@node-saml/node-saml';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { lt } from 'drizzle-orm';
import type { SamlConfig } from '../../config';
import type { Database } from '../../db/client';
import { userIdIn } from './saml-attributes';
import { accountsWithUid, withoutScope } from '../../identity/sso-account';
import { samlAssertions, ssoSessions } from '../../db/schema';
import { recordAudit } from '../audit/audit.repo';
import { issueToken } from '../../identity/token.repo';

/**
 * Why a SAML response was refused; the login page shows the Swedish text for
 * each. `misconfigured` is the portal's or the IdP's setting, not the person:
 * they are told to call support, and the log says what to change.
 */
export type SsoFailure =
  | 'invalid'
  | 'unknown-user'
  | 'replayed'
  | 'too-large'
  | 'disabled'
  | 'misconfigured'
  | 'cancelled'
  | 'unavailable';

export class SsoError extends Error {
  constructor(
    readonly reason: SsoFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'SsoError';
  }
}

/**
 * What an operator should look at, for the log: the library's messages read
 * alike for a forged response and for two sides set up differently.
 */
export function likelyCause(error: SsoError): string {
  const detail = error.message;
  if (error.reason === 'misconfigured') return detail;
  if (/SignatureMethod|DigestMethod/.test(detail))
    return 'the IdP signs with SHA-1: set it to SHA-256';
  if (/signature/i.test(detail)) {
    return 'no valid signature covers the assertion: the IdP must sign the assertion or the response (SHA-256) with a certificate in SAML_IDP_CERT or its metadata; with SAML_REQUIRED_SIGNATURES=both it must sign both';
  }
  if (/audience/i.test(detail)) {
    return 'the assertion is for another audience: the IdP must use SAML_SP_ENTITY_ID as the entity id';
  }
  if (/Recipient|Destination/.test(detail)) {
    return "the assertion is for another address: the IdP must post to the portal's assertion consumer URL (PUBLIC_URL)";
  }
  if (/InResponseTo/i.test(detail)) {
    return 'the response answers no sign-in the portal started (an app tile or bookmark at the IdP? see SAML_IDP_INITIATED)';
  }
  if (/Issuer/.test(detail)) return 'the response comes from another IdP than SAML_IDP_ISSUER';
  if (/NotBefore|NotOnOrAfter|expired/i.test(detail)) {
    return 'outside the validity window: check both clocks (SAML_CLOCK_SKEW_MS)';
  }
  return detail;
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
function checkAddressing(
  responseXml: string,
  assertionXml: string,
  config: SamlConfig,
  idpIssuer: string | undefined,
) {
  const response = parse(responseXml).documentElement;
  const assertion = parse(assertionXml).documentElement;
  const destination = response?.getAttribute('Destination');
  if (destination && destination !== config.callbackUrl)
    throw new SsoError('invalid', 'wrong Destination');
  if (idpIssuer) {
    const responseIssuer = issuerOf(response);
    if (responseIssuer !== null && responseIssuer !== idpIssuer)
      throw new SsoError('invalid', 'wrong Issuer');
    if (issuerOf(assertion) !== idpIssuer) throw new SsoError('invalid', 'wrong assertion Issuer');
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

/**
 * The portal user id the assertion names, after the mapping rules: the
 * configured attribute, the scope taken off. A missing attribute is a setting
 * on one side or the other, not an unknown person.
 */
function portalUserId(profile: Profile, assertionXml: string, config: SamlConfig): string {
  const lookup = userIdIn(profile, assertionXml, config.userAttribute);
  if (!lookup.found) {
    throw new SsoError(
      'misconfigured',
      `the assertion has no attribute ${config.userAttribute} (SAML_USER_ATTRIBUTE); it has: ${
        lookup.present.join(', ') || 'no attributes'
      }`,
    );
  }
  const scoped = withoutScope(lookup.value, config.userIdScope);
  if (!scoped.ok) {
    throw new SsoError(
      'unknown-user',
      `user id scoped ${scoped.scope}, not ${config.userIdScope} (SAML_USER_ID_SCOPE)`,
    );
  }
  return scoped.id;
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
  checkAddressing(responseXml, assertionXml, config, client.options.idpIssuer);
  const uid = portalUserId(profile, assertionXml, config);
  const assertion = assertionIdAndExpiry(assertionXml);

  return db.transaction(async (tx) => {
    await tx.delete(samlAssertions).where(lt(samlAssertions.expiresAt, new Date()));
    const fresh = await tx
      .insert(samlAssertions)
      .values(assertion)
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0) throw new SsoError('replayed', `assertion ${assertion.id} used before`);

    const matches = await accountsWithUid(tx, uid, config.userIdIgnoreCase);
    if (matches.length > 1) {
      throw new SsoError(
        'misconfigured',
        `several accounts have uid ${uid} in another letter case; set SAML_USER_ID_IGNORE_CASE=false or rename them`,
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
