import { expect, test } from '@playwright/test';
import { demo, demoPassword, loginThroughForm } from './fixtures';

test.describe('signing in', () => {
  const cases = [
    { account: demo.teacher, role: 'Lärare', createContent: true, rolePicker: true },
    { account: demo.teacherOther, role: 'Lärare', createContent: true, rolePicker: false },
    { account: demo.student, role: 'Elev', createContent: false, rolePicker: false },
    { account: demo.caretaker, role: 'Vårdnadshavare', createContent: false, rolePicker: true },
    { account: demo.employee, role: 'Medarbetare', createContent: true, rolePicker: false },
    {
      account: demo.schoolResponsible,
      role: 'Medarbetare',
      createContent: true,
      rolePicker: false,
    },
    { account: demo.admin, role: 'Medarbetare', createContent: true, rolePicker: false },
    { account: demo.superadmin, role: 'Medarbetare', createContent: true, rolePicker: false },
    {
      account: demo.municipalityAdmin,
      role: 'Medarbetare',
      createContent: true,
      rolePicker: false,
    },
  ];

  for (const { account, role, createContent, rolePicker } of cases) {
    test(`${account.username} sees the header for ${role}`, async ({ page }) => {
      await loginThroughForm(page, account.username);
      const header = page.getByRole('banner');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        account.name.split(' ')[0]!,
      );
      await expect(header.getByText(/V\.\d{1,2}/)).toBeVisible();
      await expect(header.getByRole('button', { name: new RegExp(account.name) })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Min profil' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Skapa innehåll' })).toHaveCount(
        createContent ? 1 : 0,
      );
      await expect(header.getByRole('button', { name: 'Välj Roll' })).toHaveCount(
        rolePicker ? 1 : 0,
      );
      await expect(page.getByRole('main')).toContainText(new RegExp(role, 'i'));
    });
  }

  test('a wrong password shows the Swedish error and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Användarnamn').fill(demo.teacher.username);
    await page.getByLabel(/^Lösenord/).fill('fel-lösenord');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Fel användarnamn eller lösenord.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('empty fields get "Fältet måste vara ifyllt"', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page.getByText('Fältet måste vara ifyllt')).toHaveCount(2);
  });

  test('a protected page sends a visitor to /login and back after signing in', async ({ page }) => {
    await page.goto('/profile/my-groups');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Användarnamn').fill(demo.teacherOther.username);
    await page.getByLabel(/^Lösenord/).fill(demoPassword);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/my-groups$/);
    await expect(page.getByRole('main')).toContainText('Engelska 8B');
  });

  test('logging out ends the session; the back button does not bring it back', async ({ page }) => {
    await loginThroughForm(page, demo.employee.username);
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(demo.employee.name) })
      .click();
    await page.getByRole('menuitem', { name: 'Logga ut' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    const me = await page.request.get('/api/core/v1/user');
    expect(me.status()).toBe(401);
  });
});

test.describe('guards', () => {
  test('an administration page sends a teacher to the start page', async ({ page }) => {
    await loginThroughForm(page, demo.teacher.username);
    await page.goto('/profile/admin/roles');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an administrator may open the administration pages', async ({ page }) => {
    await loginThroughForm(page, demo.admin.username);
    await page.goto('/profile/admin/users');
    await expect(page).toHaveURL(/\/profile\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('school-responsible staff may open /profile/admin/tools but no other admin page', async ({
    page,
  }) => {
    await loginThroughForm(page, demo.schoolResponsible.username);
    await page.goto('/profile/admin/tools');
    await expect(page).toHaveURL(/\/profile\/admin\/tools$/);
    await page.goto('/profile/admin/users');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('role switching', () => {
  test('a teacher who is also a guardian switches to the guardian account and back', async ({
    page,
  }) => {
    await loginThroughForm(page, demo.teacher.username);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Välj Roll' }).click();
    await expect(page.getByRole('menuitem', { name: /Lärare/ })).toBeDisabled();
    await page.getByRole('menuitem', { name: /Vårdnadshavare/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('main')).toContainText(/vårdnadshavare/i);
    await expect(header.getByRole('link', { name: 'Skapa innehåll' })).toHaveCount(0);

    await header.getByRole('button', { name: 'Välj Roll' }).click();
    await page.getByRole('menuitem', { name: /Lärare/ }).click();
    await expect(page.getByRole('main')).toContainText(/lärare/i);
    await expect(header.getByRole('link', { name: 'Skapa innehåll' })).toBeVisible();
  });

  test('a guardian without e-mail is asked to add one', async ({ page }) => {
    await loginThroughForm(page, demo.caretakerWithoutEmail.username);
    const dialog = page.getByRole('dialog', { name: 'E-postadress saknas' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Till profilen' }).click();
    await expect(page).toHaveURL(/\/profile\/info\/mikael\.holm\?highlightEmail=true$/);
    await expect(page.getByRole('dialog', { name: 'E-postadress saknas' })).toHaveCount(0);
  });
});
