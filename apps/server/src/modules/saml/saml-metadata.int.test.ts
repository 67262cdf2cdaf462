import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  certBody,
  createIdpKeys,
  idpMetadataXml,
  readAuthnRequest,
  type TestIdpKeys,
} from '../../../test/saml-idp';

const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
let keys: TestIdpKeys;
let folder: string;

beforeAll(async () => {
  keys = await createIdpKeys();
  folder = mkdtempSync(path.join(tmpdir(), 'saml-metadata-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function metadataFile(name: string, xml: string) {
  const file = path.join(folder, name);
  writeFileSync(file, xml);
  return file;
}

describe('SAML metadata, both ways', () => {
  let t: TestContext;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'saml-data-'));
    // Metadata and the sign-in request need no accounts: the base template.
    t = await createTestApp({
      demo: false,
      env: {
        // A trailing slash, as an operator may well write it.
        PUBLIC_URL: 'https://portal.exempelby.test/',
        DATA_DIR: dataDir,
        SAML_IDP_METADATA_FILE: metadataFile('idp.xml', idpMetadataXml(keys)),
        SAML_SP_ENTITY_ID: 'https://skolportalen.exempelby.se/sp',
        SAML_ORGANIZATION_NAME: 'Exempelby kommun',
        SAML_ORGANIZATION_URL: 'https://www.exempelby.se',
        SAML_CONTACT_NAME: 'IT-support',
        SAML_CONTACT_EMAIL: 'it@exempelby.se',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes what a federation registers', async () => {
    const response = await t.app.inject({ url: '/api/portal-service/v1/saml/metadata' });
    expect(response.headers['content-type']).toContain('application/samlmetadata+xml');
    const doc = new DOMParser().parseFromString(response.body, 'text/xml');
    const entity = doc.documentElement!;
    expect(entity.getAttribute('entityID')).toBe('https://skolportalen.exempelby.se/sp');
    const validUntil = Date.parse(entity.getAttribute('validUntil') ?? '');
    expect(validUntil).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const base = 'https://portal.exempelby.test/api/portal-service/v1/saml';
    const endpoints = (name: string) =>
      Array.from(doc.getElementsByTagNameNS(md, name)).map((element) => [
        element.getAttribute('Binding')?.replace('urn:oasis:names:tc:SAML:2.0:bindings:', ''),
        element.getAttribute('Location'),
      ]);
    expect(endpoints('AssertionConsumerService')).toEqual([['HTTP-POST', `${base}/acs`]]);
    expect(endpoints('SingleLogoutService')).toEqual([
      ['HTTP-Redirect', `${base}/slo`],
      ['HTTP-POST', `${base}/slo`],
    ]);
    const uses = Array.from(doc.getElementsByTagNameNS(md, 'KeyDescriptor')).map((key) =>
      key.getAttribute('use'),
    );
    expect(uses).toEqual(['signing', 'encryption']);
    expect(doc.getElementsByTagNameNS(md, 'NameIDFormat')[0]?.textContent).toBe(
      'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    );
    expect(doc.getElementsByTagNameNS(md, 'OrganizationName')[0]?.textContent).toBe(
      'Exempelby kommun',
    );
    expect(doc.getElementsByTagNameNS(md, 'EmailAddress')[0]?.textContent).toBe(
      'mailto:it@exempelby.se',
    );
  });

  it('keeps the key pair it generated in the data folder and publishes its certificate', async () => {
    const cert = readFileSync(path.join(dataDir, 'saml', 'sp-cert.pem'), 'utf8');
    expect(readFileSync(path.join(dataDir, 'saml', 'sp-key.pem'), 'utf8')).toContain('PRIVATE KEY');
    const metadata = await t.app.inject({ url: '/api/portal-service/v1/saml/metadata' });
    expect(metadata.body).toContain(certBody(cert));
  });

  it('sends the browser to the sign-in address of the imported metadata, with a signed request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal-service/v1/saml/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'redirect=%2F',
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(location.origin + location.pathname).toBe('https://idp.exempelby.test/sso');
    expect(location.searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    expect(location.searchParams.get('Signature')).toBeTruthy();
    // No `//api` from the trailing slash of PUBLIC_URL.
    expect(readAuthnRequest(location.href).acsUrl).toBe(
      'https://portal.exempelby.test/api/portal-service/v1/saml/acs',
    );
  });
});
