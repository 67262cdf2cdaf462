import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { testOidcClient } from '../apps/server/test/oidc-test-provider';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
// The XSS project floods its portal with hostile content: it gets a portal and database of its
// own, so it runs beside the other specs instead of after them.
const xssPort = port + 1;
const xssURL = `http://localhost:${xssPort}`;
// Single sign-on against SimpleSAMLphp (Debian's package): a portal of its own that imports
// the IdP's metadata, so the suite can change what the IdP sends without touching the others.
const ssoPort = port + 2;
export const ssoURL = `http://localhost:${ssoPort}`;
const simpleSamlPhpPort = port + 52;
export const simpleSamlPhpURL = `http://localhost:${simpleSamlPhpPort}`;
// OpenID Connect against oidc-provider (npm), beside SAML on the single sign-on project's portal.
const oidcProviderPort = port + 53;
export const oidcProviderURL = `http://localhost:${oidcProviderPort}`;
export const oidcProviderLabel = 'Logga in med e-legitimation';
const simpleSamlPhpFolder = path.resolve(import.meta.dirname, '.artifacts/simplesamlphp');

/** The portal under test: a fresh embedded database, seeded with the demo municipality. */
const portalEnvironment = (portalPort: number, dataDir: string) => ({
  PORT: String(portalPort),
  PUBLIC_URL: `http://localhost:${portalPort}`,
  DATA_DIR: dataDir,
  // The database in memory, loaded from the seeded image: a portal on files spent over a
  // quarter of its time in file system calls, and nothing of a run needs keeping.
  PGLITE_IN_MEMORY: 'true',
  LOG_LEVEL: 'warn',
  // Every test signs in afresh; the limit is exercised by the API suite.
  LOGIN_RATE_LIMIT_MAX: '1000',
  LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1000',
  LOGIN_RATE_LIMIT_ADDRESS_MAX: '100000',
  // The xss project seeds hundreds of vectors as one admin; the API suite proves the default.
  WRITE_RATE_LIMIT_PER_MINUTE: '100000',
});

/**
 * Migrates and seeds the demo municipality into .artifacts/seeded and marks it complete with
 * this run's id last, so a portal never copies an earlier run's folder while it is replaced.
 */
const runId = `${process.pid}-${Date.now()}`;
const seedOnce = `rm -rf .artifacts/seeded && DATA_DIR=e2e/.artifacts/seeded PGLITE_IN_MEMORY=true LOG_LEVEL=warn node --import tsx ../apps/server/src/db/seed/run-seed.ts && echo ${runId} > .artifacts/seeded/complete`;
/** A portal's own data folder: a copy of this run's seeded one (the first portal makes it). */
const startFromSeeded = (dataDir: string) =>
  `until grep -qx ${runId} .artifacts/seeded/complete 2>/dev/null; do sleep 0.2; done && rm -rf ${dataDir} && cp -r .artifacts/seeded ${dataDir} && echo 'starting on a copy of the seeded database' >&2`;

/**
 * Debian's Chromium in its headless shell (package chromium-headless-shell) when installed:
 * the same engine without the browser's windowing layer, which took a fifth of the suite's
 * time; otherwise the browser itself.
 */
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // A failing test runs once more, with a trace (below); one that then passes is reported flaky.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'sv-SE',
    // The theme's reduced-motion variant (apps/web/src/app/theme.ts), which people who ask their
    // system for less motion get: no transitions to wait out and no frames drawn for them, a
    // tenth of the suite's time. What the transitions look like is not what these tests check.
    reducedMotion: 'reduce',
    timezoneId: 'Europe/Stockholm',
    // A trace is recorded only for the retry of a failure: recording one for every test (a
    // screencast and a snapshot per action) made the whole run three-quarters slower.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      // First, so its one long test starts at once and the other worker runs the rest meanwhile.
      name: 'xss',
      testMatch: /xss\.spec\.ts/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        baseURL: xssURL,
        // Its retry with a trace took 4.6 minutes instead of 1.5 (hundreds of pages and
        // requests); its failure already names the field, the page and the vector.
        trace: 'off',
      },
    },
    {
      // Second, beside the xss project: its one test waits for the clock's next minute (up to a
      // minute of nothing), so it waits while the other worker works instead of alone at the end.
      name: 'versions',
      testMatch: /versions\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'sso',
      testMatch: /(sso|oidc)\.spec\.ts/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        baseURL: ssoURL,
      },
    },
    {
      name: 'chromium',
      testIgnore: /(xss|sso|oidc|versions)\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      name: 'portal',
      // A fresh embedded database, seeded with the demo municipality, for every run. It is
      // seeded once into .artifacts/seeded and each portal starts from a copy: a new embedded
      // database and its seeding take 10 of a portal's 14 seconds to start.
      command: `${seedOnce} && ${startFromSeeded('.artifacts/data')} && node --import tsx ../apps/server/src/main.ts`,
      url: `${baseURL}/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // Password sign-in only: single sign-on has a portal of its own (the sso project).
      env: portalEnvironment(port, 'e2e/.artifacts/data'),
    },
    {
      name: 'SimpleSAMLphp',
      // SimpleSAMLphp on PHP's built-in server, with a generated key and config (simplesamlphp/).
      command: 'rm -rf .artifacts/simplesamlphp && node --import tsx simplesamlphp/start.ts',
      url: `${simpleSamlPhpURL}/saml2/idp/metadata.php`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'ignore',
      env: { SSP_PORT: String(simpleSamlPhpPort), PORTAL_URL: ssoURL },
    },
    {
      name: 'oidc-provider',
      // oidc-provider with its own login and consent pages; the portal discovers it at the first sign-in.
      command: 'node --import tsx oidc-provider/start.ts',
      url: `${oidcProviderURL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_PORT: String(oidcProviderPort), PORTAL_URL: ssoURL, OIDC_KEY: 'skolid' },
    },
    {
      name: 'portal sso',
      // The single sign-on project's portal: the IdP's metadata read at start, the key pair
      // registered there; and the OpenID Connect provider beside it.
      command: `${startFromSeeded('.artifacts/data-sso')} && until [ -f .artifacts/simplesamlphp/ready ]; do sleep 0.2; done && node --import tsx ../apps/server/src/main.ts`,
      url: `${ssoURL}/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...portalEnvironment(ssoPort, 'e2e/.artifacts/data-sso'),
        SAML_IDP_METADATA_URL: `${simpleSamlPhpURL}/saml2/idp/metadata.php`,
        SAML_SP_KEY_FILE: path.join(simpleSamlPhpFolder, 'portal-key.pem'),
        SAML_SP_CERT_FILE: path.join(simpleSamlPhpFolder, 'portal-cert.pem'),
        SAML_USER_ATTRIBUTE: 'uid',
        OIDC_PROVIDERS: 'skolid',
        OIDC_SKOLID_ISSUER: oidcProviderURL,
        OIDC_SKOLID_CLIENT_ID: testOidcClient.id,
        OIDC_SKOLID_CLIENT_SECRET: testOidcClient.secret,
        OIDC_SKOLID_LABEL: oidcProviderLabel,
        OIDC_SKOLID_SCOPES: 'openid profile',
      },
    },
    {
      name: 'portal xss',
      // The XSS project's own portal (no single sign-on: the spec signs in with passwords).
      command: `${startFromSeeded('.artifacts/data-xss')} && node --import tsx ../apps/server/src/main.ts`,
      url: `${xssURL}/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: portalEnvironment(xssPort, 'e2e/.artifacts/data-xss'),
    },
  ],
});
