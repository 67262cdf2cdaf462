import { randomBytes } from 'node:crypto';
import type { TestIdpKeys } from '../../apps/server/test/saml-idp';

/** The people the IdP knows; the portal knows the first three (the demo municipality). */
export const idpPeople = {
  /** A teacher: one account in the portal. */
  teacher: { username: 'sven', password: 'sven-losen', uid: 'sven.svensson' },
  /** A teacher who is also a guardian: two accounts, so the role choice. */
  severalAccounts: { username: 'anna', password: 'anna-losen', uid: 'anna.larsson' },
  /** Known to the IdP, not to the portal. */
  unknown: { username: 'okand', password: 'okand-losen', uid: 'okand.person' },
} as const;

const php = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const bareCert = (pem: string) =>
  pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

export interface SimpleSamlPhpSetup {
  folder: string;
  idpUrl: string;
  portalUrl: string;
  idpKeys: TestIdpKeys;
  portalCert: string;
}

/**
 * How the portal is registered at the IdP; the suite rewrites this file to
 * change what the IdP signs and how it names attributes (SimpleSAMLphp reads
 * it on every request).
 */
export function portalRegistration(
  setup: Pick<SimpleSamlPhpSetup, 'portalUrl' | 'portalCert'>,
  options: {
    sign: 'assertion' | 'response' | 'both';
    attributeNames: 'basic' | 'oid';
    /** Encrypt the assertion to the portal's certificate, as ADFS does. */
    encrypt?: boolean;
  } = {
    sign: 'assertion',
    attributeNames: 'basic',
  },
) {
  const saml = `${setup.portalUrl}/api/portal-service/v1/saml`;
  const oid =
    options.attributeNames === 'oid'
      ? `
    'attributes.NameFormat' => 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri',
    'authproc' => [90 => ['class' => 'core:AttributeMap', 'name2oid']],`
      : '';
  return `<?php
$metadata[${php(`${saml}/metadata`)}] = [
    'AssertionConsumerService' => [[
        'Binding' => 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
        'Location' => ${php(`${saml}/acs`)},
    ]],
    'SingleLogoutService' => [[
        'Binding' => 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
        'Location' => ${php(`${saml}/slo`)},
    ]],
    'certData' => ${php(bareCert(setup.portalCert))},
    'validate.authnrequest' => true,
    'validate.logout' => true,
    'sign.logout' => true,
    'saml20.sign.assertion' => ${options.sign !== 'response'},
    'saml20.sign.response' => ${options.sign !== 'assertion'},
    'assertion.encryption' => ${options.encrypt === true},
    'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    'NameIDFormat' => 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    'simplesaml.nameidattribute' => 'uid',${oid}
];
`;
}

/** The files of a SimpleSAMLphp IdP, by path inside `folder`. */
export function simpleSamlPhpConfig(setup: SimpleSamlPhpSetup): Record<string, string> {
  const users = Object.values(idpPeople)
    .map(
      (person) =>
        `    ${php(`${person.username}:${person.password}`)} => ['uid' => [${php(person.uid)}], 'eduPersonPrincipalName' => [${php(`${person.uid}@skola.exempelby.se`)}]],`,
    )
    .join('\n');
  return {
    'config/config.php': `<?php
$config = [
    'baseurlpath' => ${php(`${setup.idpUrl}/`)},
    'certdir' => ${php(`${setup.folder}/cert/`)},
    'loggingdir' => ${php(`${setup.folder}/log/`)},
    'datadir' => ${php(`${setup.folder}/data/`)},
    'tempdir' => ${php(`${setup.folder}/tmp/`)},
    'metadatadir' => ${php(`${setup.folder}/metadata/`)},
    // Debian keeps the attribute maps (name2oid…) under /etc.
    'attributenamemapdir' => '/etc/simplesamlphp/attributemap/',
    'secretsalt' => ${php(randomBytes(16).toString('hex'))},
    'auth.adminpassword' => ${php(randomBytes(16).toString('hex'))},
    'technicalcontact_name' => 'Exempelby IT',
    'technicalcontact_email' => 'it@exempelby.test',
    'timezone' => 'Europe/Stockholm',
    'logging.level' => SimpleSAML\\Logger::WARNING,
    'logging.handler' => 'errorlog',
    'enable.saml20-idp' => true,
    'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true],
    'store.type' => 'phpsession',
    'session.cookie.secure' => false,
    'session.cookie.samesite' => null,
    'language.default' => 'sv',
    'language.available' => ['sv', 'en'],
    'metadata.sources' => [['type' => 'flatfile']],
    'metadata.sign.enable' => false,
    // The IdP-initiated logout returns to the portal's login page.
    'trusted.url.domains' => [${php(new URL(setup.portalUrl).host)}],
];
`,
    'config/authsources.php': `<?php
$config = [
  'admin' => ['core:AdminPassword'],
  'exempelby' => [
    'exampleauth:UserPass',
${users}
  ],
];
`,
    'cert/idp.key': setup.idpKeys.privateKey,
    'cert/idp.crt': setup.idpKeys.cert,
    'metadata/saml20-idp-hosted.php': `<?php
$metadata['__DYNAMIC:1__'] = [
    'host' => '__DEFAULT__',
    'privatekey' => 'idp.key',
    'certificate' => 'idp.crt',
    'auth' => 'exempelby',
    'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    'SingleLogoutServiceBinding' => ['urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect'],
];
`,
    'metadata/saml20-sp-remote.php': portalRegistration(setup),
  };
}
