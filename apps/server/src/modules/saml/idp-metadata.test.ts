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
  federationAggregateXml,
  idpIssuer,
  idpMetadataXml,
  signMetadata,
  type TestIdpKeys,
} from '../../../test/saml-idp';
import { loadIdpMetadata } from './idp-metadata';
import { unverifiedMetadataWarning } from './metadata-signature';
import { refreshIdpMetadata, startSamlServiceProvider } from './saml-client';

let keys: TestIdpKeys;
let folder: string;

beforeAll(async () => {
  keys = await createIdpKeys();
  folder = mkdtempSync(path.join(tmpdir(), 'idp-metadata-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fromFile = (name: string, xml: string, entityId?: string, signers?: string[]) => {
  const file = path.join(folder, name);
  writeFileSync(file, xml);
  return loadIdpMetadata({ kind: 'file', location: file }, entityId, signers);
};
const withoutDeclaration = (xml: string) => xml.replace(/^<\?xml[^>]*>\s*/, '');

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

describe("a federation's signed metadata (SAML_IDP_METADATA_SIGNING_CERT)", () => {
  let federation: TestIdpKeys;
  let stranger: TestIdpKeys;
  let impostor: TestIdpKeys;
  beforeAll(async () => {
    [federation, stranger, impostor] = await Promise.all([
      createIdpKeys(),
      createIdpKeys(),
      createIdpKeys(),
    ]);
  });

  const aggregate = (validUntil?: Date) =>
    federationAggregateXml(
      [
        idpMetadataXml(keys),
        idpMetadataXml(keys, {
          entityId: 'https://annan.example/idp',
          signOnUrl: 'https://annan.example/sso',
        }),
      ],
      { validUntil },
    );
  const verified = (name: string, xml: string) => fromFile(name, xml, idpIssuer, [federation.cert]);
  const signatureElement =
    /<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*?<\/Signature>/;

  it("is read when the aggregate carries the federation's signature on its root", async () => {
    await expect(verified('signed.xml', signMetadata(aggregate(), federation))).resolves.toEqual({
      entityId: idpIssuer,
      signOnUrl: 'https://idp.exempelby.test/sso',
      logoutUrl: 'https://idp.exempelby.test/slo',
      signingCerts: [certBody(keys.cert)],
    });
    const other = await fromFile(
      'signed-other.xml',
      signMetadata(aggregate(), federation),
      'https://annan.example/idp',
      [stranger.cert, federation.cert],
    );
    expect(other.signOnUrl).toBe('https://annan.example/sso');
  });

  it("is refused when the IdP's certificate was swapped after signing", async () => {
    const signed = signMetadata(aggregate(), federation);
    const swapped = signed.replace(certBody(keys.cert), certBody(impostor.cert));
    // Unchecked, the swap is what the portal would trust.
    expect((await fromFile('swapped-unchecked.xml', swapped, idpIssuer)).signingCerts).toEqual([
      certBody(impostor.cert),
    ]);
    await expect(verified('swapped.xml', swapped)).rejects.toThrow(
      /SAML_IDP_METADATA_FILE: .*swapped\.xml: the metadata signature does not hold for SAML_IDP_METADATA_SIGNING_CERT/,
    );
  });

  it('is refused when signed by another key, not signed, or signed with SHA-1', async () => {
    await expect(verified('stranger.xml', signMetadata(aggregate(), stranger))).rejects.toThrow(
      /does not hold for SAML_IDP_METADATA_SIGNING_CERT/,
    );
    await expect(verified('unsigned.xml', aggregate())).rejects.toThrow(
      /the metadata is not signed, and SAML_IDP_METADATA_SIGNING_CERT is set/,
    );
    await expect(
      verified('sha1.xml', signMetadata(aggregate(), federation, { sha1: true })),
    ).rejects.toThrow(/xmldsig#rsa-sha1.*SHA-1 is refused/);
  });

  it('is refused when the signed aggregate is wrapped in a new root with an IdP of its own', async () => {
    const signed = withoutDeclaration(signMetadata(aggregate(), federation));
    const impostorEntity = withoutDeclaration(idpMetadataXml(impostor));
    const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
    // The signed element moved under a new, unsigned root.
    const nested = `<md:EntitiesDescriptor xmlns:md="${md}">${impostorEntity}${signed}</md:EntitiesDescriptor>`;
    await expect(verified('nested.xml', nested)).rejects.toThrow(/the metadata is not signed/);
    // Its signature moved up to the new root, still pointing at the (still intact) inner element.
    const signature = signatureElement.exec(signed)![0];
    const hoisted = `<md:EntitiesDescriptor xmlns:md="${md}" ID="_wrapper">${signature}${impostorEntity}${signed.replace(signature, '')}</md:EntitiesDescriptor>`;
    await expect(verified('hoisted.xml', hoisted)).rejects.toThrow(
      /the metadata signature covers #_fed\w+, not the document element #_wrapper/,
    );
  });

  it("is refused once the aggregate's validUntil has passed, whatever the entity says", async () => {
    const expired = federationAggregateXml(
      [idpMetadataXml(keys, { validUntil: new Date(Date.now() + 3600_000) })],
      { validUntil: new Date(Date.now() - 60_000) },
    );
    await expect(verified('expired-signed.xml', signMetadata(expired, federation))).rejects.toThrow(
      /the metadata expired/,
    );
    await expect(fromFile('expired-unsigned.xml', expired, idpIssuer)).rejects.toThrow(
      /the metadata expired/,
    );
  });

  describe('the setting', () => {
    const start = async (env: Record<string, string>) => {
      const config = loadConfig({ DATA_DIR: folder, ...env }).saml!;
      const app = Fastify({ logger: false });
      try {
        return { config, app, client: await startSamlServiceProvider(app, config, {} as Database) };
      } catch (error) {
        await app.close();
        throw error;
      }
    };

    it('stops the start, naming it, when its file cannot be read or holds no certificate', async () => {
      const metadata = path.join(folder, 'federation.xml');
      writeFileSync(metadata, signMetadata(aggregate(), federation));
      const base = { SAML_IDP_METADATA_FILE: metadata, SAML_IDP_ISSUER: idpIssuer };
      await expect(
        start({ ...base, SAML_IDP_METADATA_SIGNING_CERT: path.join(folder, 'saknas.pem') }),
      ).rejects.toThrow(/SAML_IDP_METADATA_SIGNING_CERT: cannot read .*saknas\.pem \(ENOENT\)/);
      const notCert = path.join(folder, 'not-a-cert.pem');
      writeFileSync(notCert, federation.privateKey);
      await expect(start({ ...base, SAML_IDP_METADATA_SIGNING_CERT: notCert })).rejects.toThrow(
        /SAML_IDP_METADATA_SIGNING_CERT: .*not-a-cert\.pem is not an X\.509 certificate/,
      );
      expect(() =>
        loadConfig({
          SAML_ENTRY_POINT: 'https://idp.exempelby.test/sso',
          SAML_IDP_CERT: keys.cert,
          SAML_IDP_METADATA_SIGNING_CERT: federation.cert,
        }),
      ).toThrow(
        /SAML_IDP_METADATA_SIGNING_CERT: needs SAML_IDP_METADATA_URL or SAML_IDP_METADATA_FILE/,
      );
    });

    it('stops the start on unsigned metadata, and a refresh keeps the last good metadata', async () => {
      const metadata = path.join(folder, 'federation-refreshed.xml');
      const certFile = path.join(folder, 'federation.pem');
      writeFileSync(certFile, federation.cert);
      const env = {
        SAML_IDP_METADATA_FILE: metadata,
        SAML_IDP_ISSUER: idpIssuer,
        SAML_IDP_METADATA_SIGNING_CERT: certFile,
      };
      writeFileSync(metadata, aggregate());
      await expect(start(env)).rejects.toThrow(
        /SAML_IDP_METADATA_FILE: .*federation-refreshed\.xml: the metadata is not signed, and SAML_IDP_METADATA_SIGNING_CERT is set/,
      );

      writeFileSync(metadata, signMetadata(aggregate(), federation));
      const { config, app, client } = await start(env);
      expect(client.options.idpCert).toEqual([certBody(keys.cert)]);
      const rolled = federationAggregateXml([idpMetadataXml(impostor)]);
      writeFileSync(metadata, rolled);
      expect(await refreshIdpMetadata(client, config, app.log)).toBe(false);
      writeFileSync(metadata, signMetadata(rolled, stranger));
      expect(await refreshIdpMetadata(client, config, app.log)).toBe(false);
      expect(client.options.idpCert).toEqual([certBody(keys.cert)]);
      writeFileSync(metadata, signMetadata(rolled, federation));
      expect(await refreshIdpMetadata(client, config, app.log)).toBe(true);
      expect(client.options.idpCert).toEqual([certBody(impostor.cert)]);
      await app.close();
    });

    it('is asked for when the metadata comes over plain http from another host', () => {
      const warning = (env: Record<string, string>) =>
        unverifiedMetadataWarning(loadConfig({ BACKEND_TLS: 'optional', ...env }).saml!);
      expect(warning({ SAML_IDP_METADATA_URL: 'http://fed.exempelby.test/md.xml' })).toMatch(
        /http:\/\/fed\.exempelby\.test\/md\.xml .*not verified.*SAML_IDP_METADATA_SIGNING_CERT/,
      );
      expect(
        warning({
          SAML_IDP_METADATA_URL: 'http://fed.exempelby.test/md.xml',
          SAML_IDP_METADATA_SIGNING_CERT: federation.cert,
        }),
      ).toBeNull();
      expect(warning({ SAML_IDP_METADATA_URL: 'https://fed.exempelby.test/md.xml' })).toBeNull();
      expect(warning({ SAML_IDP_METADATA_URL: 'http://127.0.0.1:8080/md.xml' })).toBeNull();
    });
  });
});
