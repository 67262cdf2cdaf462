import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import {
  certBody,
  createIdpKeys,
  idpIssuer,
  idpMetadataXml,
  type TestIdpKeys,
} from '../../../test/saml-idp';
import { loadIdpMetadata } from './idp-metadata';
import { refreshIdpMetadata, startSamlServiceProvider } from './saml-client';

let keys: TestIdpKeys;
let folder: string;

beforeAll(async () => {
  keys = await createIdpKeys();
  folder = mkdtempSync(path.join(tmpdir(), 'idp-metadata-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fromFile = (name: string, xml: string, entityId?: string) => {
  const file = path.join(folder, name);
  writeFileSync(file, xml);
  return loadIdpMetadata({ kind: 'file', location: file }, entityId);
};

describe("the IdP's metadata", () => {
  it('gives the sign-in and logout addresses, the entity id and the signing certificates', async () => {
    await expect(fromFile('idp.xml', idpMetadataXml(keys))).resolves.toEqual({
      entityId: idpIssuer,
      signOnUrl: 'https://idp.exempelby.test/sso',
      logoutUrl: 'https://idp.exempelby.test/slo',
      signingCerts: [certBody(keys.cert)],
    });
  });

  it('is refused with the setting named when missing, broken, expired or with a bad certificate', async () => {
    await expect(
      loadIdpMetadata({ kind: 'file', location: path.join(folder, 'saknas.xml') }),
    ).rejects.toThrow(/SAML_IDP_METADATA_FILE: .*saknas\.xml: ENOENT/);
    await expect(fromFile('broken.xml', '<md:EntityDescriptor')).rejects.toThrow(
      /SAML_IDP_METADATA_FILE: .*broken\.xml/,
    );
    const expired = idpMetadataXml(keys, { validUntil: new Date(Date.now() - 60_000) });
    await expect(fromFile('expired.xml', expired)).rejects.toThrow(
      /SAML_IDP_METADATA_FILE: .*the metadata expired/,
    );
    const badCert = idpMetadataXml(keys).replace(certBody(keys.cert), 'MIIBroken');
    await expect(fromFile('bad-cert.xml', badCert)).rejects.toThrow(
      /SAML_IDP_METADATA_FILE: .*not an X\.509 certificate/,
    );
    await expect(
      loadIdpMetadata({ kind: 'url', location: 'http://127.0.0.1:9/metadata' }),
    ).rejects.toThrow(/SAML_IDP_METADATA_URL: http:\/\/127\.0\.0\.1:9\/metadata/);
  });

  it('is picked out of a federation aggregate by the configured entity id', async () => {
    const strip = (xml: string) => xml.replace(/^<\?xml[^>]*>/, '');
    const aggregate = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${strip(
      idpMetadataXml(keys),
    )}${strip(idpMetadataXml(keys, { entityId: 'https://annan.example/idp', signOnUrl: 'https://annan.example/sso' }))}</md:EntitiesDescriptor>`;
    await expect(fromFile('aggregate.xml', aggregate)).rejects.toThrow(
      /2 identity providers in the metadata: set SAML_IDP_ISSUER/,
    );
    expect(
      (await fromFile('aggregate.xml', aggregate, 'https://annan.example/idp')).signOnUrl,
    ).toBe('https://annan.example/sso');
  });
});

describe('SAML settings', () => {
  it('a server whose IdP metadata cannot be read does not start, and says which setting', async () => {
    const file = path.join(folder, 'unreadable.xml');
    writeFileSync(file, '<md:EntityDescriptor');
    const config = loadConfig({ SAML_IDP_METADATA_FILE: file, DATA_DIR: folder });
    const app = Fastify({ logger: false });
    await expect(startSamlServiceProvider(app, config.saml!, {} as Database)).rejects.toThrow(
      /SAML_IDP_METADATA_FILE: .*unreadable\.xml/,
    );
    await app.close();
  });

  it('refuses a certificate given as a file path at start, naming the setting', async () => {
    const config = loadConfig({
      SAML_ENTRY_POINT: 'https://idp.exempelby.test/sso',
      SAML_IDP_CERT: '/etc/ssl/certs/idp-exempelby.pem',
    });
    const app = Fastify({ logger: false });
    await expect(startSamlServiceProvider(app, config.saml!, {} as Database)).rejects.toThrow(
      /SAML_IDP_CERT: certificate 1 is not an X\.509 certificate/,
    );
    await app.close();
  });

  it('drops the trailing slash of PUBLIC_URL from every address built on it', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://skolportalen.exempelby.se/',
      SAML_ENTRY_POINT: 'https://idp.exempelby.test/sso',
      SAML_IDP_CERT: keys.cert,
    });
    expect(config.publicUrl).toBe('https://skolportalen.exempelby.se');
    expect(config.siteOrigin).toBe('https://skolportalen.exempelby.se');
    expect(config.saml?.callbackUrl).toBe(
      'https://skolportalen.exempelby.se/api/portal-service/v1/saml/acs',
    );
  });
});

describe("the IdP's metadata on its schedule", () => {
  it('brings a rolled-over certificate and a moved address into use, and keeps the last good metadata when a refresh fails', async () => {
    const rolled = await createIdpKeys();
    const file = path.join(folder, 'refreshed.xml');
    writeFileSync(file, idpMetadataXml(keys));
    const config = loadConfig({ SAML_IDP_METADATA_FILE: file, DATA_DIR: folder }).saml!;
    const app = Fastify({ logger: false });
    const client = await startSamlServiceProvider(app, config, {} as Database);
    expect(client.options.idpCert).toEqual([certBody(keys.cert)]);

    writeFileSync(file, idpMetadataXml(rolled, { signOnUrl: 'https://idp.exempelby.test/ny-sso' }));
    expect(await refreshIdpMetadata(client, config, app.log)).toBe(true);
    expect(client.options.idpCert).toEqual([certBody(rolled.cert)]);
    expect(client.options.entryPoint).toBe('https://idp.exempelby.test/ny-sso');

    writeFileSync(file, '<trasig');
    expect(await refreshIdpMetadata(client, config, app.log)).toBe(false);
    expect(client.options.idpCert).toEqual([certBody(rolled.cert)]);
    await app.close();
  });
});
