import { readFile } from 'node:fs/promises';
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { SamlConfig } from '../../config';
import { ConfigError, parseCertificate } from '../../config';
import { signedMetadataXml } from './metadata-signature';

const metadataNs = 'urn:oasis:names:tc:SAML:2.0:metadata';
const xmlDsigNs = 'http://www.w3.org/2000/09/xmldsig#';
const redirectBinding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const postBinding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** What the portal takes from the IdP's metadata. */
export interface IdpMetadata {
  entityId: string;
  signOnUrl: string;
  logoutUrl: string | null;
  signingCerts: string[];
}

export class IdpMetadataError extends Error {
  override name = 'IdpMetadataError';
}

function childElements(parent: Element, localName: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(metadataNs, localName));
}

function serviceUrl(descriptor: Element, service: string): string | null {
  const endpoints = childElements(descriptor, service);
  const byBinding = (binding: string) =>
    endpoints.find((endpoint) => endpoint.getAttribute('Binding') === binding);
  return (byBinding(redirectBinding) ?? byBinding(postBinding))?.getAttribute('Location') ?? null;
}

function parseXml(xml: string) {
  try {
    return new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new IdpMetadataError(`not XML: ${message}`);
      },
    }).parseFromString(xml, 'text/xml');
  } catch (error) {
    if (error instanceof IdpMetadataError) throw error;
    throw new IdpMetadataError('not XML');
  }
}

/** The earliest validUntil of the entity and of every EntitiesDescriptor around it. */
function validUntilOf(entity: Element): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (let node: Element | null = entity; node; node = node.parentNode as Element | null) {
    if (node.nodeType !== 1) break;
    const validUntil = Date.parse(node.getAttribute('validUntil') ?? '');
    if (Number.isFinite(validUntil)) earliest = Math.min(earliest, validUntil);
  }
  return earliest;
}

/**
 * Reads an IdP's SAML metadata: a single EntityDescriptor, or a federation's
 * EntitiesDescriptor from which `entityId` picks one. With `trustedSigners`
 * the document element must carry a valid signature by one of them, and only
 * what that signature covers is read.
 */
export function parseIdpMetadata(
  xml: string,
  entityId?: string,
  trustedSigners?: readonly string[] | null,
): IdpMetadata {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new IdpMetadataError('DOCTYPE in metadata');
  let doc = parseXml(xml);
  if (trustedSigners) doc = parseXml(signedMetadataXml(xml, doc, trustedSigners));
  const entities = Array.from(doc.getElementsByTagNameNS(metadataNs, 'EntityDescriptor')).filter(
    (entity) => entity.getElementsByTagNameNS(metadataNs, 'IDPSSODescriptor').length > 0,
  );
  const entity = entityId
    ? entities.find((candidate) => candidate.getAttribute('entityID') === entityId)
    : entities.length === 1
      ? entities[0]
      : undefined;
  if (!entity) {
    throw new IdpMetadataError(
      entityId
        ? `no identity provider ${entityId} in the metadata`
        : `${entities.length} identity providers in the metadata: set SAML_IDP_ISSUER to choose one`,
    );
  }
  // A federation's aggregate expires as a whole, whatever an entity in it says.
  const validUntil = validUntilOf(entity);
  if (validUntil < Date.now()) {
    throw new IdpMetadataError(`the metadata expired at ${new Date(validUntil).toISOString()}`);
  }
  const descriptor = entity.getElementsByTagNameNS(metadataNs, 'IDPSSODescriptor')[0]!;
  const signOnUrl = serviceUrl(descriptor, 'SingleSignOnService');
  if (!signOnUrl)
    throw new IdpMetadataError('no SingleSignOnService with the Redirect or POST binding');
  const signingCerts = childElements(descriptor, 'KeyDescriptor')
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((key) => Array.from(key.getElementsByTagNameNS(xmlDsigNs, 'X509Certificate')))
    .map((cert) => (cert.textContent ?? '').replace(/\s+/g, ''));
  if (signingCerts.length === 0) throw new IdpMetadataError('no signing certificate');
  if (signingCerts.some((cert) => parseCertificate(cert) === null)) {
    throw new IdpMetadataError('a signing certificate is not an X.509 certificate');
  }
  return {
    entityId: entity.getAttribute('entityID') ?? '',
    signOnUrl,
    logoutUrl: serviceUrl(descriptor, 'SingleLogoutService'),
    signingCerts,
  };
}

const fetchTimeoutMs = 15_000;

async function readSource(source: NonNullable<SamlConfig['metadataSource']>): Promise<string> {
  if (source.kind === 'file') return readFile(source.location, 'utf8');
  const response = await fetch(source.location, {
    signal: AbortSignal.timeout(fetchTimeoutMs),
    headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
  });
  if (!response.ok) throw new IdpMetadataError(`HTTP ${response.status}`);
  return response.text();
}

/** The setting a metadata problem is told under. */
export function metadataSetting(source: NonNullable<SamlConfig['metadataSource']>) {
  return source.kind === 'url' ? 'SAML_IDP_METADATA_URL' : 'SAML_IDP_METADATA_FILE';
}

/** Fetches and reads the IdP's metadata; any problem names the setting it came from. */
export async function loadIdpMetadata(
  source: NonNullable<SamlConfig['metadataSource']>,
  entityId?: string,
  trustedSigners?: readonly string[] | null,
): Promise<IdpMetadata> {
  try {
    return parseIdpMetadata(await readSource(source), entityId, trustedSigners);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `Invalid configuration:\n  ${metadataSetting(source)}: ${source.location}: ${reason}`,
    );
  }
}
