import { createSign, createVerify, randomUUID } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider for tests: it signs responses with a key of
 * its own, and every part of a response can be bent to test what the portal
 * refuses.
 */
export interface TestIdpKeys {
  cert: string;
  privateKey: string;
}

export async function createIdpKeys(): Promise<TestIdpKeys> {
  const pems = await generate([{ name: 'commonName', value: 'Testinloggning Exempelby' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  return { cert: pems.cert, privateKey: pems.private };
}

export const idpIssuer = 'https://idp.exempelby.test/saml';

export interface ResponseOptions {
  keys: TestIdpKeys;
  uid: string;
  audience: string;
  recipient: string;
  inResponseTo?: string;
  destination?: string;
  issuer?: string;
  assertionId?: string;
  /** Shift the validity window, in milliseconds from now. */
  notBeforeMs?: number;
  notOnOrAfterMs?: number;
  signAssertion?: boolean;
  signResponse?: boolean;
  /** Sign with these keys instead (a response signed by someone else). */
  signingKeys?: TestIdpKeys;
  /** Change the signed assertion after signing. */
  tamper?: (xml: string) => string;
  sessionIndex?: string;
  /** Sign with RSA-SHA1 and SHA-1 digests, as an outdated IdP might. */
  sha1?: boolean;
  /** The assertion's attributes instead of `uid`: name, friendly name and value. */
  attributes?: { name: string; friendlyName?: string; value: string }[];
}

const ns = {
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
};

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function sign(
  xml: string,
  keys: TestIdpKeys,
  elementName: 'Assertion' | 'Response',
  issuerPath: string,
  sha1 = false,
) {
  const signer = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.cert,
    signatureAlgorithm: sha1
      ? 'http://www.w3.org/2000/09/xmldsig#rsa-sha1'
      : 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: `//*[local-name(.)='${elementName}']`,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: sha1
      ? 'http://www.w3.org/2000/09/xmldsig#sha1'
      : 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, { location: { reference: issuerPath, action: 'after' } });
  return signer.getSignedXml();
}

function attributeXml(options: ResponseOptions) {
  return (options.attributes ?? [{ name: 'uid', value: options.uid }])
    .map(
      (attribute) =>
        `<saml:Attribute Name="${attribute.name}"${
          attribute.friendlyName ? ` FriendlyName="${attribute.friendlyName}"` : ''
        }><saml:AttributeValue>${attribute.value}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
}

export function buildAssertion(options: ResponseOptions) {
  const id = options.assertionId ?? `_a${randomUUID().replace(/-/g, '')}`;
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${options.inResponseTo}"` : '';
  const notBefore = iso(options.notBeforeMs ?? -60_000);
  const notOnOrAfter = iso(options.notOnOrAfterMs ?? 5 * 60_000);
  return `<saml:Assertion xmlns:saml="${ns.saml}" ID="${id}" Version="2.0" IssueInstant="${iso(0)}"><saml:Issuer>${options.issuer ?? idpIssuer}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${options.uid}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${notOnOrAfter}" Recipient="${options.recipient}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${options.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="${options.sessionIndex ?? `_s${randomUUID()}`}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attributeXml(options)}</saml:AttributeStatement></saml:Assertion>`;
}

/** A complete, signed (unless told otherwise) Response, base64-encoded as the POST binding sends it. */
export function buildResponse(
  options: ResponseOptions,
  assertionXml = buildAssertion(options),
): string {
  const keys = options.signingKeys ?? options.keys;
  const assertionIssuer = "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']";
  let assertion =
    options.signAssertion === false
      ? assertionXml
      : sign(assertionXml, keys, 'Assertion', assertionIssuer, options.sha1);
  if (options.tamper) assertion = options.tamper(assertion);
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${options.inResponseTo}"` : '';
  const destination = ` Destination="${options.destination ?? options.recipient}"`;
  let response = `<samlp:Response xmlns:samlp="${ns.samlp}" xmlns:saml="${ns.saml}" ID="_r${randomUUID().replace(/-/g, '')}" Version="2.0" IssueInstant="${iso(0)}"${destination}${inResponseTo}><saml:Issuer>${options.issuer ?? idpIssuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  if (options.signResponse !== false) {
    response = sign(
      response,
      keys,
      'Response',
      "/*[local-name(.)='Response']/*[local-name(.)='Issuer']",
      options.sha1,
    );
  }
  return Buffer.from(response, 'utf8').toString('base64');
}

/** The ID and assertion consumer URL of an AuthnRequest sent with the redirect binding. */
export function readAuthnRequest(authorizeUrl: string): {
  id: string;
  acsUrl: string;
  relayState: string | null;
} {
  const url = new URL(authorizeUrl);
  const xml = inflateRawSync(
    Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64'),
  ).toString('utf8');
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
  if (!id || !acsUrl) throw new Error(`not an AuthnRequest: ${xml}`);
  return { id, acsUrl, relayState: url.searchParams.get('RelayState') };
}

/** PEM body without its header lines, as SAML metadata and config carry certificates. */
export function certBody(pem: string) {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/** The test IdP's SAML metadata, as a municipality's IdP publishes it. */
export function idpMetadataXml(
  keys: TestIdpKeys,
  options: { entityId?: string; signOnUrl?: string; logoutUrl?: string; validUntil?: Date } = {},
) {
  const validUntil = options.validUntil ? ` validUntil="${options.validUntil.toISOString()}"` : '';
  const redirect = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${options.entityId ?? idpIssuer}"${validUntil}>
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody(keys.cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleLogoutService Binding="${redirect}" Location="${options.logoutUrl ?? 'https://idp.exempelby.test/slo'}"/>
    <md:SingleSignOnService Binding="${redirect}" Location="${options.signOnUrl ?? 'https://idp.exempelby.test/sso'}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** A federation's aggregate of entities, as Skolfederation or SWAMID publishes it (unsigned). */
export function federationAggregateXml(
  entities: readonly string[],
  options: { id?: string; validUntil?: Date } = {},
) {
  const validUntil = options.validUntil ?? new Date(Date.now() + 7 * 24 * 3600_000);
  const body = entities.map((entity) => entity.replace(/^<\?xml[^>]*>\s*/, '')).join('\n');
  return `<?xml version="1.0"?>
<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" ID="${options.id ?? `_fed${randomUUID().replace(/-/g, '')}`}" Name="https://fed.exempelby.test/" validUntil="${validUntil.toISOString()}">
${body}
</md:EntitiesDescriptor>`;
}

/**
 * Metadata signed as a federation operator signs it: an enveloped signature,
 * first child of the document element, whose reference is that element.
 */
export function signMetadata(xml: string, keys: TestIdpKeys, options: { sha1?: boolean } = {}) {
  const signer = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.cert,
    signatureAlgorithm: options.sha1
      ? 'http://www.w3.org/2000/09/xmldsig#rsa-sha1'
      : 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: '/*',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: options.sha1
      ? 'http://www.w3.org/2000/09/xmldsig#sha1'
      : 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, { location: { reference: '/*', action: 'prepend' } });
  return signer.getSignedXml();
}

const rsaSha256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';

/** A LogoutRequest from the IdP: it ends the SSO session of this NameID (and SessionIndex). */
export function buildLogoutRequest(options: {
  nameId: string;
  sessionIndex?: string;
  destination: string;
  issuer?: string;
  /** When it was issued, in milliseconds from now. */
  issueInstantMs?: number;
  /** Its NotOnOrAfter, in milliseconds from now; none when left out. */
  notOnOrAfterMs?: number;
}) {
  const id = `_lr${randomUUID().replace(/-/g, '')}`;
  const sessionIndex = options.sessionIndex
    ? `<samlp:SessionIndex>${options.sessionIndex}</samlp:SessionIndex>`
    : '';
  const notOnOrAfter =
    options.notOnOrAfterMs === undefined ? '' : ` NotOnOrAfter="${iso(options.notOnOrAfterMs)}"`;
  return {
    id,
    xml: `<samlp:LogoutRequest xmlns:samlp="${ns.samlp}" xmlns:saml="${ns.saml}" ID="${id}" Version="2.0" IssueInstant="${iso(options.issueInstantMs ?? 0)}"${notOnOrAfter} Destination="${options.destination}"><saml:Issuer>${options.issuer ?? idpIssuer}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${options.nameId}</saml:NameID>${sessionIndex}</samlp:LogoutRequest>`,
  };
}

/** The IdP's answer to the portal's LogoutRequest. */
export function buildLogoutResponse(options: { inResponseTo: string; destination: string }) {
  return `<samlp:LogoutResponse xmlns:samlp="${ns.samlp}" xmlns:saml="${ns.saml}" ID="_lo${randomUUID().replace(/-/g, '')}" Version="2.0" IssueInstant="${iso(0)}" Destination="${options.destination}" InResponseTo="${options.inResponseTo}"><saml:Issuer>${idpIssuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>`;
}

/** A message signed for the POST binding (enveloped signature after the Issuer), base64. */
export function signedForPost(xml: string, keys: TestIdpKeys) {
  const root = /^<samlp:(\w+)/.exec(xml)?.[1] ?? 'LogoutRequest';
  const signer = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.cert,
    signatureAlgorithm: rsaSha256,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: `/*[local-name(.)='${root}']`,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    location: {
      reference: `/*[local-name(.)='${root}']/*[local-name(.)='Issuer']`,
      action: 'after',
    },
  });
  return Buffer.from(signer.getSignedXml(), 'utf8').toString('base64');
}

/**
 * The query of the HTTP-Redirect binding: the message deflated, and signed
 * over `SAMLRequest=…&RelayState=…&SigAlg=…` unless `keys` is null.
 */
export function redirectQuery(
  kind: 'SAMLRequest' | 'SAMLResponse',
  xml: string,
  relayState: string | null,
  keys: TestIdpKeys | null,
  sigAlg = rsaSha256,
) {
  const parts = [`${kind}=${encodeURIComponent(deflateRawSync(xml).toString('base64'))}`];
  if (relayState !== null) parts.push(`RelayState=${encodeURIComponent(relayState)}`);
  if (!keys) return parts.join('&');
  parts.push(`SigAlg=${encodeURIComponent(sigAlg)}`);
  const signer = createSign(sigAlg.endsWith('sha1') ? 'RSA-SHA1' : 'RSA-SHA256');
  signer.update(parts.join('&'));
  parts.push(`Signature=${encodeURIComponent(signer.sign(keys.privateKey, 'base64'))}`);
  return parts.join('&');
}

/** A message the portal sent with the Redirect binding, and whether its signature holds for `cert`. */
export function readRedirectMessage(url: string, cert: string) {
  const parsed = new URL(url);
  const kind = parsed.searchParams.has('SAMLRequest') ? 'SAMLRequest' : 'SAMLResponse';
  const xml = inflateRawSync(Buffer.from(parsed.searchParams.get(kind) ?? '', 'base64')).toString(
    'utf8',
  );
  const raw = parsed.search.slice(1).split('&');
  const signedPart = raw.filter((part) => !part.startsWith('Signature=')).join('&');
  const signature = parsed.searchParams.get('Signature');
  const signatureHolds =
    signature !== null &&
    createVerify('RSA-SHA256').update(signedPart).verify(cert, signature, 'base64');
  return {
    kind,
    xml,
    id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '',
    inResponseTo: /InResponseTo="([^"]+)"/.exec(xml)?.[1] ?? null,
    relayState: parsed.searchParams.get('RelayState'),
    sigAlg: parsed.searchParams.get('SigAlg'),
    signatureHolds,
    at: parsed.origin + parsed.pathname,
  };
}
