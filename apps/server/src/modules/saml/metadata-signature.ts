import { readFile } from 'node:fs/promises';
import type { Document, Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { isLoopbackHost } from '../../backend-tls';
import { ConfigError, parseCertificate, type SamlConfig } from '../../config';

const setting = 'SAML_IDP_METADATA_SIGNING_CERT';
const metadataNs = 'urn:oasis:names:tc:SAML:2.0:metadata';
const xmlDsigNs = 'http://www.w3.org/2000/09/xmldsig#';

/** SHA-2 only: xml-crypto would still take SHA-1, which is broken for signatures. */
const signatureAlgorithms = [
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
];
const digestAlgorithms = [
  'http://www.w3.org/2001/04/xmlenc#sha256',
  'http://www.w3.org/2001/04/xmlenc#sha512',
];
/** What an enveloped metadata signature needs; nothing that runs code or selects other nodes. */
const transformAlgorithms = [
  'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  'http://www.w3.org/2001/10/xml-exc-c14n#',
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
];

export class MetadataSignatureError extends Error {
  override name = 'MetadataSignatureError';
}

function children(parent: Element, namespace: string, localName: string): Element[] {
  return Array.from(parent.childNodes).filter(
    (node): node is Element =>
      node.nodeType === 1 &&
      (node as Element).namespaceURI === namespace &&
      (node as Element).localName === localName,
  );
}

function algorithmsOf(parent: Element, localName: string): string[] {
  return Array.from(parent.getElementsByTagNameNS(xmlDsigNs, localName)).map(
    (element) => element.getAttribute('Algorithm') ?? '',
  );
}

/**
 * The signature on the document element, checked for what a federation uses
 * before any cryptography: SHA-2, one reference, and that reference naming
 * the document element itself. A signature on some inner element (a signed
 * aggregate moved under a new root, or its signature moved up) is refused.
 */
function rootSignature(doc: Document): Element {
  const root = doc.documentElement;
  if (
    !root ||
    root.namespaceURI !== metadataNs ||
    !['EntitiesDescriptor', 'EntityDescriptor'].includes(root.localName ?? '')
  ) {
    throw new MetadataSignatureError('the document is not SAML metadata');
  }
  const signatures = children(root, xmlDsigNs, 'Signature');
  if (signatures.length === 0) {
    throw new MetadataSignatureError(`the metadata is not signed, and ${setting} is set`);
  }
  if (signatures.length > 1) throw new MetadataSignatureError('several signatures on the metadata');
  const signature = signatures[0]!;
  const weak = [
    ...algorithmsOf(signature, 'SignatureMethod').filter(
      (algorithm) => !signatureAlgorithms.includes(algorithm),
    ),
    ...algorithmsOf(signature, 'DigestMethod').filter(
      (algorithm) => !digestAlgorithms.includes(algorithm),
    ),
  ];
  if (weak.length > 0) {
    throw new MetadataSignatureError(
      `the metadata is signed with ${weak.join(', ')}: only RSA-SHA256 or RSA-SHA512 with a SHA-256 or SHA-512 digest is taken (SHA-1 is refused)`,
    );
  }
  const transforms = algorithmsOf(signature, 'Transform');
  const unexpected = transforms.find((algorithm) => !transformAlgorithms.includes(algorithm));
  if (unexpected) {
    throw new MetadataSignatureError(`the metadata signature uses the transform ${unexpected}`);
  }
  const references = Array.from(signature.getElementsByTagNameNS(xmlDsigNs, 'Reference'));
  if (references.length !== 1) {
    throw new MetadataSignatureError('the metadata signature must have exactly one Reference');
  }
  const uri = references[0]!.getAttribute('URI') ?? '';
  const rootId = root.getAttribute('ID');
  if (uri !== '' && !(rootId && uri === `#${rootId}`)) {
    throw new MetadataSignatureError(
      `the metadata signature covers ${uri}, not the document element${rootId ? ` #${rootId}` : ''}`,
    );
  }
  return signature;
}

/**
 * Verifies the enveloped signature on the metadata's document element with
 * the federation's certificates, and answers the XML that signature covers:
 * the caller reads the IdP from that, never from the document it was given,
 * so nothing outside the signature can be read.
 */
export function signedMetadataXml(xml: string, doc: Document, trustedCerts: readonly string[]) {
  const signature = rootSignature(doc);
  for (const cert of trustedCerts) {
    const verifier = new SignedXml({ publicCert: cert });
    // The checks above name the algorithm; these keep xml-crypto from taking any other.
    verifier.SignatureAlgorithms = Object.fromEntries(
      signatureAlgorithms.map((algorithm) => [algorithm, verifier.SignatureAlgorithms[algorithm]!]),
    );
    verifier.HashAlgorithms = Object.fromEntries(
      digestAlgorithms.map((algorithm) => [algorithm, verifier.HashAlgorithms[algorithm]!]),
    );
    verifier.loadSignature(signature);
    let holds: boolean;
    try {
      holds = verifier.checkSignature(xml);
    } catch {
      holds = false;
    }
    const signed = verifier.getSignedReferences();
    if (holds && signed.length === 1) return signed[0]!;
  }
  throw new MetadataSignatureError(
    `the metadata signature does not hold for ${setting} (changed after signing, or signed by another key)`,
  );
}

function certificatesIn(text: string): string[] | null {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [
    text,
  ];
  const certs = blocks.map((block) => parseCertificate(block));
  if (certs.some((cert) => cert === null)) return null;
  return certs.map((cert) => cert!.toString());
}

/**
 * The federation's certificates from SAML_IDP_METADATA_SIGNING_CERT, as PEM:
 * the certificate itself (PEM or base64) or a file holding it (several PEM
 * blocks during a key rollover); null when the setting is not given. Read
 * with each reading of the metadata, so a new file takes effect at the next
 * refresh.
 */
export async function metadataSigningCerts(config: SamlConfig): Promise<string[] | null> {
  const value = config.metadataSigningCert;
  if (!value) return null;
  const inline = value.includes('-----BEGIN') || parseCertificate(value) !== null;
  let text = value;
  if (!inline) {
    try {
      text = await readFile(value, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration:\n  ${setting}: cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? 'error'}); give the certificate (PEM) or the path of a PEM file`,
      );
    }
  }
  const certs = certificatesIn(text);
  if (!certs) {
    throw new ConfigError(
      `Invalid configuration:\n  ${setting}: ${inline ? 'the value' : value} is not an X.509 certificate`,
    );
  }
  return certs;
}

/**
 * A warning for the log when nothing vouches for the metadata: no signature
 * is required and it comes over plain http from another host (possible only
 * with BACKEND_TLS=optional).
 */
export function unverifiedMetadataWarning(config: SamlConfig): string | null {
  const source = config.metadataSource;
  if (!source || source.kind !== 'url' || config.metadataSigningCert) return null;
  const url = new URL(source.location);
  if (url.protocol === 'https:' || isLoopbackHost(url.hostname)) return null;
  return `SAML: the IdP metadata at ${source.location} comes over plain http and is not verified: anyone on the way could swap the IdP's certificate; use https or set ${setting}`;
}
