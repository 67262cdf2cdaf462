import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

/**
 * The checks before publishing as the writer sees them (issue 29): the
 * readability figure against the readers' target, what stops publishing
 * apart from what warns — a picture without a description, a video not
 * marked as captioned, a link to an untagged PDF — each leading to its block; and "Trasiga länkar",
 * one's own and, for an administrator, per owner. Screens at 390 and 1280 px,
 * axe on each.
 */

test.describe.configure({ timeout: 240_000 });

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

test('the editor shows LIX against the readers’ target and tells blocking problems from warnings', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, demo.teacher.username, { at: '/skapa-innehall' });
  await expect(page.getByRole('heading', { level: 1, name: 'Skapa innehåll' })).toBeVisible({
    timeout: 30_000,
  });
  const check = page.getByRole('region', { name: 'Tillgänglighetskontroll' });
  await expect(check).toContainText('Inga problem hittades i blocken.');

  await page.getByRole('textbox', { name: /^Rubrik/ }).fill('Utvärdering av verksamheten');
  await page
    .getByRole('textbox', { name: 'Text 1' })
    .fill(
      'Förvaltningen genomför under vårterminen en omfattande utvärdering av verksamhetens kvalitetsarbete.',
    );
  // Aimed at groups only, it reaches pupils too: their target, the strictest, applies.
  const readability = check.getByTestId('readability');
  await expect(readability).toContainText('Läsbarhet: LIX');
  await expect(readability).toContainText('Målet för elever är högst 35.');
  await expect(readability).toContainText('Texten är svårare än målet');
  // For guardians only, theirs.
  await page.getByRole('checkbox', { name: 'Vårdnadshavare', exact: true }).check();
  await expect(readability).toContainText('Målet för vårdnadshavare är högst 40.');

  // A link to the demo library's PDF, which is not tagged (read when it was uploaded).
  const pdfs = await page.request.get('/api/core/v1/media?fileType[]=pdf');
  expect(pdfs.status()).toBe(200);
  const [pdf] = (await pdfs.json()) as { url: string; pdfTagged: boolean | null }[];
  expect(pdf?.pdfTagged).toBe(false);
  await page.getByRole('textbox', { name: 'Text 1' }).press('End');
  await page.getByRole('button', { name: 'Länk', exact: true }).first().click();
  const linkDialog = page.getByRole('dialog', { name: 'Infoga länk' });
  await linkDialog.getByRole('textbox', { name: 'Adress' }).fill(pdf!.url);
  await linkDialog
    .getByRole('textbox', { name: 'Text (om ingen text är markerad)' })
    .fill('Läsårsdata för 2026/2027');
  await linkDialog.getByRole('button', { name: 'Infoga' }).click();

  await page.getByRole('button', { name: 'Lägg till block på sidan' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Bild' }).click();
  await page.getByRole('textbox', { name: 'Bildens adress' }).fill('/media/skolgard.png');
  await page.getByRole('button', { name: 'Lägg till block på sidan' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Video' }).click();
  await page
    .getByRole('textbox', { name: 'Videons adress (https://)' })
    .fill('https://www.youtube-nocookie.com/embed/abc123');

  const blocking = check.getByRole('heading', { name: 'Stoppar publicering' }).locator('..');
  const warnings = check.getByRole('heading', { name: 'Bör rättas' }).locator('..');
  await expect(blocking).toContainText('Bilden behöver en alternativtext');
  await expect(warnings).toContainText('Videon är inte markerad som textad.');
  await expect(warnings).toContainText('Länken leder till en PDF som inte är taggad');
  await atWidths(page, 'publishing-checks-editor');
  await page.setViewportSize({ width: 390, height: 844 });
  await check.screenshot({ path: `${screens}/publishing-checks-list-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Each problem leads to its block.
  await blocking.getByRole('button', { name: /^Gå till Bild/ }).click();
  await expect(page.getByRole('button', { name: /^Dra för att flytta Bild/ })).toBeFocused();

  // Noting the captions clears the warning; the picture still stops publishing.
  await page.getByRole('checkbox', { name: 'Videon har textning' }).check();
  await expect(warnings).not.toContainText('Videon är inte markerad som textad.');
  await expect(warnings).toContainText('Länken leder till en PDF som inte är taggad');
  await page
    .getByRole('region', { name: 'Spara och publicera' })
    .getByRole('button', { name: 'Publicera' })
    .click();
  const summary = page.getByRole('region', { name: /fel att rätta/ });
  await expect(summary).toContainText('Bilden behöver en alternativtext');
});

test('“Trasiga länkar” lists one’s own broken links, and an administrator’s per owner', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, demo.teacher.username, { at: '/profile/broken-links' });
  await expect(page.getByRole('heading', { level: 1, name: 'Trasiga länkar' })).toBeVisible({
    timeout: 30_000,
  });
  const mine = page.getByRole('list', { name: 'Mina inlägg' });
  await expect(mine).toContainText('Höstfest på Ekbackens skola');
  await expect(mine).toContainText('https://www.exempelby.se/ekbacken/loppis-anmalan');
  await expect(mine).toContainText('Svarade 404');
  await expect(page.getByRole('heading', { name: 'Per ägare' })).toHaveCount(0);
  await atWidths(page, 'broken-links-own');
  await mine.getByRole('link', { name: 'Redigera: Höstfest på Ekbackens skola' }).click();
  await expect(page).toHaveURL(/\/skapa-innehall\/\d+$/);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await loginAs(admin, demo.admin.username, { at: '/profile/broken-links' });
  await expect(admin.getByRole('heading', { name: 'Per ägare' })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByRole('heading', { level: 3, name: 'Anna Larsson' })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Ägare: Anna Larsson' })).toContainText(
    'Höstfest på Ekbackens skola',
  );
  await atWidths(admin, 'broken-links-per-owner');
  await adminContext.close();
});
