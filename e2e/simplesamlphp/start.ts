/**
 * SimpleSAMLphp from Debian's packages as the end-to-end suite's identity
 * provider: an implementation nobody here wrote. This script writes its
 * configuration, keys and the portal's registration into a temporary folder,
 * runs it on PHP's built-in server, and writes `ready` once its metadata
 * answers (the portal reads the metadata at start).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createIdpKeys } from '../../apps/server/test/saml-idp';
import { simpleSamlPhpConfig } from './config';

const port = Number(process.env.SSP_PORT ?? 3152);
const portalUrl = process.env.PORTAL_URL ?? 'http://localhost:3102';
const folder = path.resolve(import.meta.dirname, '../.artifacts/simplesamlphp');
const www = '/usr/share/simplesamlphp/www';

rmSync(folder, { recursive: true, force: true });
const [idpKeys, portalKeys] = await Promise.all([createIdpKeys(), createIdpKeys()]);
const files = simpleSamlPhpConfig({
  folder,
  idpUrl: `http://localhost:${port}`,
  portalUrl,
  idpKeys,
  portalCert: portalKeys.cert,
});
for (const [name, content] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
  writeFileSync(path.join(folder, name), content);
}
for (const dir of ['data', 'log', 'tmp', 'sessions'])
  mkdirSync(path.join(folder, dir), { recursive: true });
// The portal's own key pair, registered at the IdP above (SAML_SP_KEY_FILE, SAML_SP_CERT_FILE).
writeFileSync(path.join(folder, 'portal-key.pem'), portalKeys.privateKey);
writeFileSync(path.join(folder, 'portal-cert.pem'), portalKeys.cert);

const php = spawn(
  'php',
  [
    '-d',
    `session.save_path=${path.join(folder, 'sessions')}`,
    '-S',
    `127.0.0.1:${port}`,
    '-t',
    www,
  ],
  {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: path.join(folder, 'config') },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    php.kill(signal);
    process.exit(0);
  });
}
php.on('exit', (code) => process.exit(code ?? 1));

const metadataUrl = `http://localhost:${port}/saml2/idp/metadata.php`;
for (let attempt = 0; attempt < 100; attempt += 1) {
  const answered = await fetch(metadataUrl)
    .then((response) => response.ok)
    .catch(() => false);
  if (answered) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
writeFileSync(path.join(folder, 'ready'), metadataUrl);
