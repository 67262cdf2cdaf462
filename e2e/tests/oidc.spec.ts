import { expect, test, type Page } from '@playwright/test';
import { oidcProviderLabel, oidcProviderURL, ssoURL } from '../playwright.config';
import { expectAccessible } from './fixtures';

/**
 * Sign-in with OpenID Connect through oidc-provider, an implementation nobody
 * here wrote, beside SAML on the same portal: the provider's own login and
 * consent pages, RP-initiated logout through its end-session page, and its
 * back-channel logout when the session ends at the provider.
 */
const signedIn = async (page: Page) => (await page.request.get('/api/core/v1/user')).status();

async function signInAtProvider(page: Page, login: string, from = '/login') {
  await page.goto(from);
  await page.getByRole('button', { name: oidcProviderLabel }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcProviderURL}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('vad som helst');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The provider asks once whether the portal may have the claims.
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe.configure({ mode: 'serial' });

test('the login page offers the provider beside SAML and the password form', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: oidcProviderLabel })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logga in med skolans inloggning' })).toBeVisible();
  await expect(page.getByLabel('Användarnamn')).toBeVisible();
  await expectAccessible(page);
});

test('signs in through oidc-provider with the role choice, and logs out at both', async ({
  page,
}) => {
  await signInAtProvider(page, 'anna.larsson');
  await expect(page).toHaveURL(`${ssoURL}/`);
  const dialog = page.getByRole('dialog', { name: 'Välj vilken roll du vill logga in som' });
  await dialog.getByRole('button', { name: 'Fortsätt som lärare' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await signedIn(page)).toBe(200);

  await page
    .getByRole('banner')
    .getByRole('button', { name: /Anna Larsson/ })
    .click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  // The provider's end-session page confirms, then sends the browser back to the login page.
  await expect(page).toHaveURL(new RegExp(`^${oidcProviderURL}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${ssoURL}/login`);
  expect(await signedIn(page)).toBe(401);
  // The provider's session ended too: it asks for the login again.
  await page.getByRole('button', { name: oidcProviderLabel }).click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
});

test('the provider ending its session ends the portal session (back-channel logout)', async ({
  page,
}) => {
  await signInAtProvider(page, 'sven.svensson');
  await expect(page).toHaveURL(`${ssoURL}/`);
  await expect(page.locator('main')).toBeVisible();
  expect(await signedIn(page)).toBe(200);

  // Logout started at the provider (another application's logout button, say): the provider
  // posts a logout token to the portal, server to server, and the portal's session is gone.
  await page.goto(`${oidcProviderURL}/session/end`);
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect.poll(() => signedIn(page)).toBe(401);
  await page.goto(`${ssoURL}/`);
  await expect(page).toHaveURL(/\/login/);
});

test("a reading page opened signed out is where the provider's sign-in returns, query and all", async ({
  page,
}) => {
  const address = '/nyhet/utflykt-till-naturhistoriska-museet-med-3a?visa=kommentarer&sida=1';
  await signInAtProvider(page, 'sven.svensson', address);
  await expect(page).toHaveURL(`${ssoURL}${address}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Utflykt till Naturhistoriska museet med 3A' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an account the portal does not have is told so', async ({ page }) => {
  await signInAtProvider(page, 'okand.person');
  await expect(page).toHaveURL(`${ssoURL}/login?ssoError=unknown-user`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Ditt konto finns inte i Skolportalen' }),
  ).toBeVisible();
});
