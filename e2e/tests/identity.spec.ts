import { expect, test } from '@playwright/test';
import { demo, demoPassword, expectAccessible, loginAs } from './fixtures';

test.describe('choosing a role at sign-in', () => {
  test('a teacher who is also a guardian chooses the guardian account', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Användarnamn').fill(demo.teacher.username);
    await page.getByLabel(/^Lösenord/).fill(demoPassword);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Välj vilken roll du vill logga in som' });
    await expect(dialog.getByRole('button', { name: 'Fortsätt som lärare' })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Fortsätt som vårdnadshavare' }).click();
    // The welcome of the new page load, not a word on the old page: reloading while the
    // switch's own page load is under way would abort one of them.
    await expect(page.locator('main')).toContainText('Du är inloggad som vårdnadshavare');
    await page.reload();
    await expect(
      page.getByRole('dialog', { name: 'Välj vilken roll du vill logga in som' }),
    ).toHaveCount(0);
  });

  test('someone with one account is not asked', async ({ page }) => {
    await loginAs(page, demo.teacherOther.username);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('acting as another user (Maskerad)', () => {
  test('an administrator acts as a teacher, sees "unmask" and comes back', async ({ page }) => {
    // Two sign-ins and two accessibility scans: more than 30 s on a busy machine.
    test.slow();
    await loginAs(page, demo.admin.username);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: new RegExp(demo.admin.name) }).click();
    await page.getByRole('menuitem', { name: 'Agera som användare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agera som en annan användare' });
    await dialog.getByLabel('Sök namn, användarnamn eller e-post').fill('johan');
    await expect(dialog.getByText('Johan Berg')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Agera som Johan Berg' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toContainText('Johan');
    await expect(header.getByText('Maskerad som Johan Berg')).toBeVisible();
    await expectAccessible(page);
    await header.getByRole('button', { name: /Johan Berg/ }).click();
    await page.getByRole('menuitem', { name: 'unmask' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Eva');
    await expect(header.getByText(/Maskerad som/)).toHaveCount(0);
  });

  test('an administrator cannot act as another administrator', async ({ page }) => {
    await loginAs(page, demo.admin.username);
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(demo.admin.name) })
      .click();
    await page.getByRole('menuitem', { name: 'Agera som användare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agera som en annan användare' });
    await dialog.getByLabel('Sök namn, användarnamn eller e-post').fill('svensson');
    await expect(dialog.getByRole('button', { name: 'Agera som Sven Svensson' })).toBeDisabled();
  });

  test('a teacher is not offered to act as anyone', async ({ page }) => {
    await loginAs(page, demo.teacher.username);
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(demo.teacher.name) })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Logga ut' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Agera som användare' })).toHaveCount(0);
  });
});
