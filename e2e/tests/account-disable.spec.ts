import { expect, test } from '@playwright/test';
import { demo, demoPassword, expectAccessible, loginAs } from './fixtures';

// Generous: on a loaded two-core machine a keyboard flow with screens that load lazily takes over a minute.
test.describe.configure({ timeout: 180_000 });

const screens = '.artifacts/screens';
// An account no other spec signs in with: disabling it must not reach another test.
const pupil = { username: 'maja.holm', name: 'Maja Holm' };

test('an administrator disables an account: its open session ends and it cannot sign in until enabled', async ({
  page,
  browser,
  baseURL,
}) => {
  const pupilContext = await browser.newContext({ baseURL });
  const pupilPage = await pupilContext.newPage();
  await loginAs(pupilPage, pupil.username);

  await loginAs(page, demo.admin.username, { at: '/profile/admin/users' });
  await page.getByLabel('Sök namn, användarnamn eller e-post').fill('Maja');
  await page.getByRole('button', { name: pupil.name }).click();
  await expect(page.getByRole('heading', { name: pupil.name, level: 2 })).toBeFocused();

  await page.getByRole('button', { name: 'Stäng av kontot' }).click();
  const dialog = page.getByRole('dialog', { name: `Stäng av ${pupil.name}?` });
  await dialog.getByLabel(/Anledning/).fill('Har flyttat från kommunen');
  await page.screenshot({ path: `${screens}/konto-stang-av.png` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Stäng av', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`${pupil.name} är avstängt.`)).toBeVisible();
  await expect(page.getByText(/Kontot är avstängt sedan/)).toContainText(
    'Anledning: Har flyttat från kommunen',
  );
  // Its sign-ins are gone from the list, and no API key is offered for it.
  await expect(page.getByRole('heading', { name: 'Inloggningar', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Återkalla/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Utfärda nyckel' })).toHaveCount(0);
  await page.screenshot({ path: `${screens}/konto-avstangt.png`, fullPage: true });
  await expectAccessible(page);

  // The list leaves it out, unless disabled accounts are asked for.
  const list = page.getByRole('table', { name: 'Användare' });
  await expect(list.getByRole('button', { name: pupil.name })).toHaveCount(0);
  await page.getByLabel('Konton').click();
  await page.getByRole('option', { name: 'Avstängda' }).click();
  await expect(list.getByRole('row').filter({ hasText: pupil.name })).toContainText('Avstängt');

  // The pupil's open page finds its session gone and goes to the sign-in page.
  await pupilPage.reload();
  await expect(pupilPage).toHaveURL(/\/login/);
  await pupilPage.getByLabel('Användarnamn').fill(pupil.username);
  await pupilPage.getByLabel(/^Lösenord/).fill(demoPassword);
  await pupilPage.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(pupilPage.getByRole('alert')).toContainText(
    'Ditt konto är avstängt. Kontakta skolans administratör.',
  );
  await pupilPage.screenshot({ path: `${screens}/konto-avstangt-inloggning.png` });
  await expectAccessible(pupilPage);

  await page.getByRole('button', { name: 'Aktivera kontot' }).click();
  await expect(page.getByText(`${pupil.name} är aktiverat igen.`)).toBeVisible();
  await loginAs(pupilPage, pupil.username);
  await pupilContext.close();
});
