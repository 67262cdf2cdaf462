import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const demoPassword = 'Demo-2026!';

/** The demo municipality's accounts by role (see README.md). */
export const demo = {
  teacher: { username: 'anna.larsson', name: 'Anna Larsson' },
  teacherOther: { username: 'johan.berg', name: 'Johan Berg' },
  student: { username: 'elsa.nilsson', name: 'Elsa Nilsson' },
  caretaker: { username: 'karin.nilsson', name: 'Karin Nilsson' },
  caretakerWithoutEmail: { username: 'mikael.holm', name: 'Mikael Holm' },
  employee: { username: 'sara.ekstrom', name: 'Sara Ekström' },
  schoolResponsible: { username: 'lars.berglund', name: 'Lars Berglund' },
  admin: { username: 'eva.andersson', name: 'Eva Andersson' },
  superadmin: { username: 'sven.svensson', name: 'Sven Svensson' },
  municipalityAdmin: { username: 'kim.karlsson', name: 'Kim Karlsson' },
} as const;

/** Accounts of people with more than one account of their own: they choose a role after signing in. */
const chooseRoleAfterLogin: Record<string, string> = { 'anna.larsson': 'lärare' };

export async function loginAs(page: Page, username: string, password = demoPassword) {
  await page.goto('/login');
  await page.getByLabel('Användarnamn').fill(username);
  await page.getByLabel(/^Lösenord/).fill(password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const role = chooseRoleAfterLogin[username];
  if (role) {
    const dialog = page.getByRole('dialog', { name: 'Välj vilken roll du vill logga in som' });
    await dialog.getByRole('button', { name: `Fortsätt som ${role}` }).click();
    await expect(dialog).toHaveCount(0);
  }
  // A modal dialog hides the rest of the page from the accessibility tree, so look for the element.
  await expect(page.locator('main')).toBeVisible();
}

/** WCAG 2.1 AA: zero violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
