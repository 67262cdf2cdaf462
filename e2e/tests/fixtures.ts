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

/**
 * Draws an image in the page and drops it on the upload dialog's drop zone,
 * as a file dragged from the desktop would arrive.
 */
export async function dropImage(page: Page, file: { name: string; width: number; height: number }) {
  await page.getByTestId('media-drop-zone').evaluate(async (zone, { name, width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1e6b34';
    context.fillRect(0, 0, width, height);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(width / 2, height / 2, Math.min(width, height) / 3, 0, Math.PI * 2);
    context.fill();
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/png'),
    );
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], name, { type: 'image/png' }));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      zone.dispatchEvent(
        new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }
  }, file);
}
