import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { generate } from 'selfsigned';
import type { SamlConfig } from '../../config';
import { ConfigError } from '../../config';

/** The portal's own SAML key pair: it signs requests and decrypts encrypted assertions. */
export interface ServiceProviderKeys {
  privateKey: string;
  cert: string;
}

async function readPem(file: string, setting: string, marker: RegExp) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  ${setting}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (!marker.test(text)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${setting}: ${file} holds no PEM ${marker.source}`,
    );
  }
  return text;
}

/**
 * The configured key pair, or one kept in the data folder: generated on the
 * first start, with a warning, since a federation wants a key the operator
 * chose and keeps (a new data folder means a new key and new metadata).
 */
export async function loadServiceProviderKeys(
  source: SamlConfig['spKeys'],
  log: FastifyBaseLogger,
): Promise<ServiceProviderKeys> {
  if (source.kind === 'files') {
    return {
      privateKey: await readPem(source.keyFile, 'SAML_SP_KEY_FILE', /PRIVATE KEY/),
      cert: await readPem(source.certFile, 'SAML_SP_CERT_FILE', /CERTIFICATE/),
    };
  }
  const keyFile = path.join(source.dir, 'sp-key.pem');
  const certFile = path.join(source.dir, 'sp-cert.pem');
  try {
    return {
      privateKey: await readFile(keyFile, 'utf8'),
      cert: await readFile(certFile, 'utf8'),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'Skolportalen SAML' }], {
    keySize: 3072,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + 10 * 365 * 24 * 3600_000),
  });
  await mkdir(source.dir, { recursive: true, mode: 0o700 });
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  await writeFile(certFile, pems.cert);
  log.warn(
    { keyFile, certFile },
    'SAML: generated a key pair for the portal in the data folder; set SAML_SP_KEY_FILE and SAML_SP_CERT_FILE to keep one of your own',
  );
  return { privateKey: pems.private, cert: pems.cert };
}
