import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
const idpPort = port + 50;
export const idpURL = `http://localhost:${idpPort}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
      name: 'chromium',
      testIgnore: /xss\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      // Floods the portal with hostile content, so it runs alone, after every other spec.
      name: 'xss',
      testMatch: /xss\.spec\.ts/,
      dependencies: ['chromium'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      // The test SAML identity provider; it writes the certificate the portal trusts.
      command: 'rm -f .artifacts/idp-cert.pem && node --import tsx test-idp/server.ts',
      url: `${idpURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { IDP_PORT: String(idpPort), PORTAL_URL: baseURL },
    },
    {
      // A fresh embedded database, seeded with the demo municipality, for every run.
      command:
        'rm -rf .artifacts/data && until [ -f .artifacts/idp-cert.pem ]; do sleep 0.2; done && SAML_IDP_CERT="$(cat .artifacts/idp-cert.pem)" node --import tsx ../apps/server/src/main.ts',
      url: `${baseURL}/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: 'e2e/.artifacts/data',
        LOG_LEVEL: 'warn',
        // Every test signs in afresh; the limit is exercised by the API suite.
        LOGIN_RATE_LIMIT_MAX: '1000',
        LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1000',
        LOGIN_RATE_LIMIT_ADDRESS_MAX: '100000',
        // The xss project seeds hundreds of vectors as one admin; the API suite proves the default.
        WRITE_RATE_LIMIT_PER_MINUTE: '100000',
        SAML_ENTRY_POINT: `${idpURL}/sso`,
        SAML_LOGOUT_URL: `${idpURL}/slo`,
      },
    },
  ],
});
