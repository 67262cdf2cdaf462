import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleSamlPhpURL, ssoURL } from '../playwright.config';
import { idpPeople, portalRegistration } from '../simplesamlphp/config';
import { expectAccessible } from './fixtures';

/**
 * Single sign-on with SimpleSAMLphp, an identity provider nobody here wrote:
 * the portal imported its metadata at start, and the IdP knows the portal by
 * the key pair the harness registered there.
 */
const folder = path.resolve(import.meta.dirname, '../.artifacts/simplesamlphp');
const portalCert = () => readFileSync(path.join(folder, 'portal-cert.pem'), 'utf8');

/** What the IdP signs and how it names attributes; it reads this on every request. */
function registerPortal(options: Parameters<typeof portalRegistration>[1]) {
  writeFileSync(
    path.join(folder, 'metadata/saml20-sp-remote.php'),
    portalRegistration({ portalUrl: ssoURL, portalCert: portalCert() }, options),
  );
}

async function signInAtIdp(
  page: Page,
  person: { username: string; password: string },
  from = '/login',
) {
  await page.goto(from);
  await page.getByRole('button', { name: 'Logga in med skolans inloggning' }).click();
  await expect(page).toHaveURL(new RegExp(`^${simpleSamlPhpURL}/`));
  await page.locator('#username').fill(person.username);
  await page.locator('#password').fill(person.password);
  await page.locator('#password').press('Enter');
}

async function chooseTeacher(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Välj vilken roll du vill logga in som' });
  await dialog.getByRole('button', { name: 'Fortsätt som lärare' }).click();
  await expect(dialog).toHaveCount(0);
}

const signedIn = async (page: Page) => (await page.request.get('/api/core/v1/user')).status();

test.describe.configure({ mode: 'serial' });

test.afterEach(() => registerPortal({ sign: 'assertion', attributeNames: 'basic' }));

test('signs in through SimpleSAMLphp with the role choice, and logs out at both', async ({
  page,
}) => {
  await signInAtIdp(page, idpPeople.severalAccounts);
  await expect(page).toHaveURL(`${ssoURL}/`);
  const dialog = page.getByRole('dialog', { name: 'Välj vilken roll du vill logga in som' });
  await expect(dialog.getByRole('button', { name: 'Fortsätt som vårdnadshavare' })).toBeVisible();
  await expectAccessible(page);
  await chooseTeacher(page);
  expect(await signedIn(page)).toBe(200);

  await page
    .getByRole('banner')
    .getByRole('button', { name: /Anna Larsson/ })
    .click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  // Through the IdP's single logout and back to the login page.
  await expect(page).toHaveURL(`${ssoURL}/login`);
  expect(await signedIn(page)).toBe(401);
  // The IdP's session ended too: it asks for the password again.
  await page.getByRole('button', { name: 'Logga in med skolans inloggning' }).click();
  await expect(page.locator('#password')).toBeVisible();
});

test('someone with one account goes straight in; the IdP ending its session ends the portal session', async ({
  page,
}) => {
  await signInAtIdp(page, idpPeople.teacher);
  await expect(page).toHaveURL(`${ssoURL}/`);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await signedIn(page)).toBe(200);

  // Logout started at the IdP (another application's logout button, say).
  await page.goto(
    `${simpleSamlPhpURL}/saml2/idp/SingleLogoutService.php?ReturnTo=${encodeURIComponent(`${ssoURL}/login`)}`,
  );
  await expect(page).toHaveURL(`${ssoURL}/login`);
  expect(await signedIn(page)).toBe(401);
});

test("a reading page opened signed out is where the IdP's sign-in returns, query and all", async ({
  page,
}) => {
  const address = '/nyhet/utflykt-till-naturhistoriska-museet-med-3a?visa=kommentarer&sida=1';
  await signInAtIdp(page, idpPeople.teacher, address);
  await expect(page).toHaveURL(`${ssoURL}${address}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Utflykt till Naturhistoriska museet med 3A' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an account the portal does not have is told so', async ({ page }) => {
  await signInAtIdp(page, idpPeople.unknown);
  await expect(page).toHaveURL(`${ssoURL}/login?ssoError=unknown-user`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Ditt konto finns inte i Skolportalen' }),
  ).toBeVisible();
});

test('a setting to fix is told apart from an unknown account', async ({ page }) => {
  await page.goto('/login?ssoError=misconfigured');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Inloggningen är inte rätt inställd – kontakta supporten.' }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('takes a response signed as a whole (Shibboleth) and attributes named by OID', async ({
  page,
}) => {
  registerPortal({ sign: 'response', attributeNames: 'oid' });
  await signInAtIdp(page, idpPeople.teacher);
  await expect(page).toHaveURL(`${ssoURL}/`);
  expect(await signedIn(page)).toBe(200);
});

test('decrypts an assertion encrypted to the portal', async ({ page }) => {
  registerPortal({ sign: 'assertion', attributeNames: 'basic', encrypt: true });
  await signInAtIdp(page, idpPeople.teacher);
  await expect(page).toHaveURL(`${ssoURL}/`);
  expect(await signedIn(page)).toBe(200);
});
