import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

/**
 * Owners and review dates (decision 0045). Lindängsskolan's rektor writes a
 * page for the school's staff; the editor shows him as its owner
 * ("Ansvarig") with the next review a year on; he moves the date to next
 * week, and the page is then on his school's list "Innehåll att granska"
 * under "Ska granskas snart"; marking it reviewed moves the date a year on
 * again. Screens at 390 and 1280 px of the editor's section and the list;
 * axe on each.
 */

test.describe.configure({ timeout: 180_000 });

const screens = '.artifacts/screens';
const widths = [390, 1280] as const;

async function atWidths(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page);
    await page.screenshot({ path: `${screens}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const isoDay = (date: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(date);

test('a rektor owns his page, moves its review date, finds it on the school’s list and marks it reviewed', async ({
  page,
}) => {
  const title = `Rutiner vid brandlarm ${Date.now() % 100000}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, demo.schoolResponsible.username, { at: '/skapa-innehall' });
  await expect(page.getByRole('heading', { level: 1, name: 'Skapa innehåll' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('combobox', { name: /^Typ/ }).click();
  await page.getByRole('option', { name: 'Sida', exact: true }).click();
  await page.getByRole('textbox', { name: /^Rubrik/ }).fill(title);
  await page.getByRole('textbox', { name: 'Ingress' }).fill('Så gör vi när brandlarmet går.');
  await page.getByRole('textbox', { name: 'Text 1' }).fill('Gå lugnt ut till återsamlingsplatsen.');
  await page.getByRole('textbox', { name: 'Sök grupp' }).fill('Lindäng');
  await page.getByRole('checkbox', { name: /^Lindängsskolan/ }).check();
  await page.getByRole('checkbox', { name: 'Lärare', exact: true }).check();
  const bar = page.getByRole('region', { name: 'Spara och publicera' });
  await bar.getByRole('button', { name: 'Publicera' }).click();
  await expect(page).toHaveURL(/\/skapa-innehall\/\d+$/);

  // The editor: he owns it, and the next review is a year on.
  const owner = page.getByRole('combobox', { name: 'Ansvarig' });
  await expect(owner).toContainText('Lars Berglund');
  const nextWeek = isoDay(new Date(Date.now() + 7 * 86_400_000));
  const date = page.getByRole('textbox', { name: 'Nästa granskning' });
  await date.fill(nextWeek);
  await date.blur();
  await page.getByRole('button', { name: 'Spara ansvar och datum' }).click();
  await expect(page.getByText('Ansvar och granskningsdatum är sparade.')).toBeVisible();
  await expect(page.getByText(/^Ska granskas senast/)).toBeVisible();
  await page.getByRole('heading', { name: 'Ansvar och granskning' }).scrollIntoViewIfNeeded();
  await atWidths(page, 'review-editor');

  // His school's list: the page is due, with him as owner.
  await page.goto('/profile/content-review');
  await expect(page.getByRole('heading', { level: 1, name: 'Innehåll att granska' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Ska granskas snart/ })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Lars Berglund');
  await expect(row).toContainText('om 7 dagar');
  await atWidths(page, 'review-dashboard');

  // Back in the editor, marked as reviewed: the next review is a year on, off the list.
  await row.getByRole('link', { name: `Redigera ${title}` }).click();
  await page.getByRole('button', { name: 'Markera som granskad' }).click();
  await expect(page.getByText(/^Markerad som granskad\. Nästa granskning:/)).toBeVisible();
  await page.goto('/profile/content-review');
  await expect(page.getByRole('heading', { level: 1, name: 'Innehåll att granska' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
