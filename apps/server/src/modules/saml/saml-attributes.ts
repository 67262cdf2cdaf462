import type { Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';

const samlAssertionNs = 'urn:oasis:names:tc:SAML:2.0:assertion';

/**
 * Names the same attribute goes by: the friendly name (Shibboleth,
 * SimpleSAMLphp), the OID URI of the federations (urn:oid:…) and the claim
 * URI of ADFS and Entra ID. SAML_USER_ATTRIBUTE may give any of them.
 */
const aliases: readonly (readonly string[])[] = [
  ['uid', 'urn:oid:0.9.2342.19200300.100.1.1'],
  ['eduPersonPrincipalName', 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6'],
  [
    'mail',
    'urn:oid:0.9.2342.19200300.100.1.3',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  ],
  ['upn', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn'],
  ['name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'],
  ['employeeNumber', 'urn:oid:2.16.840.1.113730.3.1.3'],
  ['norEduPersonNIN', 'urn:oid:1.3.6.1.4.1.2428.90.1.5'],
  ['schacPersonalUniqueID', 'urn:oid:1.3.6.1.4.1.25178.1.2.15'],
];

function namesFor(configured: string): Set<string> {
  const wanted = configured.toLowerCase();
  const group = aliases.find((names) => names.some((name) => name.toLowerCase() === wanted));
  return new Set([wanted, ...(group ?? []).map((name) => name.toLowerCase())]);
}

interface AssertionAttribute {
  name: string;
  friendlyName: string | null;
  values: string[];
}

function attributesOf(assertionXml: string): AssertionAttribute[] {
  const doc = new DOMParser({ onError: () => undefined }).parseFromString(assertionXml, 'text/xml');
  return Array.from(doc.getElementsByTagNameNS(samlAssertionNs, 'Attribute')).map((element) => ({
    name: element.getAttribute('Name') ?? '',
    friendlyName: element.getAttribute('FriendlyName'),
    values: Array.from(element.getElementsByTagNameNS(samlAssertionNs, 'AttributeValue'))
      .map((value) => value.textContent?.trim() ?? '')
      .filter(Boolean),
  }));
}

export type UserIdLookup =
  | { found: true; value: string }
  /** The attribute is not in the assertion: the IdP does not release it, or the setting names another. */
  | { found: false; present: string[] };

/** The user id the assertion carries in the configured attribute, by name, friendly name or OID/URI. */
export function userIdIn(profile: Profile, assertionXml: string, attribute: string): UserIdLookup {
  if (attribute.toLowerCase() === 'nameid') {
    return profile.nameID ? { found: true, value: profile.nameID } : { found: false, present: [] };
  }
  const names = namesFor(attribute);
  const attributes = attributesOf(assertionXml);
  const match = attributes.find(
    (candidate) =>
      names.has(candidate.name.toLowerCase()) ||
      (candidate.friendlyName !== null && names.has(candidate.friendlyName.toLowerCase())),
  );
  const value = match?.values[0];
  if (value) return { found: true, value };
  return {
    found: false,
    present: attributes.map((candidate) =>
      candidate.friendlyName ? `${candidate.friendlyName} (${candidate.name})` : candidate.name,
    ),
  };
}
