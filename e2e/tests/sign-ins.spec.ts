import { expect, test } from '@playwright/test';
import { expectAccessible, loginThroughForm } from './fixtures';

// Two browsers sign in as the same person; one ends the other's sign-in from the profile page.
// Generous: on a loaded two-core machine a keyboard flow with screens that load lazily takes over a minute.
test.describe.configure({ timeout: 180_000 });

const screens = '.artifacts/screens';
// Accounts no other spec signs in with: ending "all other" sign-ins must not reach another test.
const pupil = 'olle.larsson';
const otherPupil = 'ali.hassan';
const phone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('a person sees their sign-ins and signs out the other browser, which is sent to /login', async ({
  page,
  browser,
  baseURL,
}) => {
  const otherContext = await browser.newContext({ baseURL, userAgent: phone });
  const other = await otherContext.newPage();
  await loginThroughForm(other, pupil);
  await loginThroughForm(page, pupil);

  await page.goto('/profile/info');
  const section = page.getByRole('region', { name: 'Dina inloggningar' });
  const rows = section.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Den här webbläsaren');
  await expect(rows.nth(1)).toContainText('Safari på iPhone');
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screens}/inloggningar-${width}.png`, fullPage: true });
  }

  // With the keyboard: the button names the sign-in it ends.
  const endThere = section.getByRole('button', { name: /^Logga ut där: Safari på iPhone/ });
  await endThere.focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText('Inloggningen är avslutad.');
  await expect(rows).toHaveCount(1);
  await expect(section.getByRole('heading', { name: 'Dina inloggningar' })).toBeFocused();
  await expect(section.getByText('Du är inte inloggad någon annanstans.')).toBeVisible();
  await expectAccessible(page);

  // The other browser's next request is refused: it goes to /login.
  await other.goto('/profile/info');
  await expect(other).toHaveURL(/\/login/);
  // This one is still signed in.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await otherContext.close();
});

test('"Logga ut överallt annars" ends every other sign-in', async ({ page, browser, baseURL }) => {
  const contexts = await Promise.all([0, 1].map(() => browser.newContext({ baseURL })));
  const others = await Promise.all(contexts.map((context) => context.newPage()));
  for (const other of others) await loginThroughForm(other, otherPupil);
  await loginThroughForm(page, otherPupil);
  await page.goto('/profile/info');
  const section = page.getByRole('region', { name: 'Dina inloggningar' });
  await expect(section.getByRole('listitem')).toHaveCount(3);
  await section.getByRole('button', { name: 'Logga ut överallt annars' }).click();
  await expect(section.getByRole('status')).toHaveText('2 inloggningar är avslutade.');
  for (const other of others) {
    await other.goto('/profile/info');
    await expect(other).toHaveURL(/\/login/);
  }
  await Promise.all(contexts.map((context) => context.close()));
});
