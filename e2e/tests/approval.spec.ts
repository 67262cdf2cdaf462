import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

/**
 * Approval before publishing (issue 29), with the demo's rule: a post aimed at
 * a whole school unit waits for that school's rektor. A teacher at
 * Lindängsskolan writes news to the whole school's pupils and sends it for
 * approval; the rektor sends it back with a comment; she fixes it and sends
 * it again; he approves; a pupil of the school reads it on the start page.
 * Screens at 390 and 1280 px of the approver's page, the editor with the
 * comment and the administrators' rules; axe on each screen.
 */

// Four people, the editor and axe scans at two widths.
test.describe.configure({ timeout: 360_000 });

const screens = '.artifacts/screens';
const widths = [390, 1280] as const;
const saveBar = (page: Page) => page.getByRole('region', { name: 'Spara och publicera' });
const comment = 'Skriv vilken dag och tid dansen är, och vem eleverna kan fråga.';

async function atWidths(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page);
    await page.screenshot({ path: `${screens}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a teacher’s news to the whole school goes to the rektor, comes back with a comment, and is approved', async ({
  page,
  browser,
}) => {
  const title = `Skoldans i aulan ${Date.now() % 100000}`;
  await page.setViewportSize({ width: 1280, height: 900 });

  // The teacher writes news to the whole of Lindängsskolan for its pupils.
  await loginAs(page, demo.teacherOther.username, { at: '/skapa-innehall' });
  await expect(page.getByRole('heading', { level: 1, name: 'Skapa innehåll' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('textbox', { name: /^Rubrik/ }).fill(title);
  await page.getByRole('textbox', { name: 'Ingress' }).fill('Vårens skoldans hålls i aulan.');
  await page.getByRole('textbox', { name: 'Text 1' }).fill('Alla elever är välkomna.');
  const bar = saveBar(page);
  await expect(bar.getByRole('button', { name: 'Publicera' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Sök grupp' }).fill('Lindäng');
  await page.getByRole('checkbox', { name: /^Lindängsskolan/ }).check();
  await page.getByRole('checkbox', { name: 'Elev', exact: true }).check();

  // Aimed at the whole school, publishing waits for the rektor: the button says so.
  await expect(bar.getByRole('button', { name: 'Skicka för godkännande' })).toBeVisible();
  await expect(bar).toContainText('Godkänns av: Lars Berglund');
  await expectAccessible(page);
  await bar.getByRole('button', { name: 'Skicka för godkännande' }).click();
  await expect(page).toHaveURL(/\/skapa-innehall\/\d+$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Inlägget är skickat för godkännande.' }),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Väntar på godkännande av Lars Berglund.' }),
  ).toBeVisible();
  const editorAddress = page.url();

  // The rektor finds it under "Att godkänna" in his menu and sends it back.
  const rektorContext = await browser.newContext();
  const rektor = await rektorContext.newPage();
  await rektor.setViewportSize({ width: 1280, height: 900 });
  await loginAs(rektor, demo.schoolResponsible.username);
  await rektor
    .getByRole('button', { name: /Lars Berglund/ })
    .first()
    .click();
  await rektor.getByRole('menuitem', { name: 'Att godkänna' }).click();
  await expect(rektor.getByRole('heading', { level: 1, name: 'Att godkänna' })).toBeVisible();
  const waiting = rektor.getByRole('article', { name: title });
  await expect(waiting).toContainText('Av Johan Berg');
  await expect(waiting).toContainText('Regel: Inlägg till en hel skola godkänns av rektor');
  await atWidths(rektor, 'approval-queue');

  await waiting.getByRole('button', { name: /^Läs och besluta/ }).click();
  let reading = rektor.getByRole('dialog', { name: `Att godkänna: ${title}` });
  await expect(reading.getByText('Alla elever är välkomna.')).toBeVisible();
  await expectAccessible(rektor);
  await rektor.screenshot({ path: `${screens}/approval-read-1280.png` });
  await reading.getByRole('button', { name: 'Skicka tillbaka' }).click();
  const ask = rektor.getByRole('dialog', { name: `Skicka tillbaka ”${title}”` });
  await ask.getByRole('textbox', { name: /Kommentar till författaren/ }).fill(comment);
  await expectAccessible(rektor);
  await ask.getByRole('button', { name: 'Skicka tillbaka' }).click();
  await expect(
    rektor.getByRole('status').filter({ hasText: `”${title}” är skickat tillbaka` }),
  ).toBeVisible();
  await expect(rektor.getByRole('article', { name: title })).toHaveCount(0);

  // The teacher sees the comment in the editor, fixes the text and sends it again.
  await page.goto('/profile/my-content');
  await page.goto(editorAddress);
  const returned = page.getByRole('status').filter({ hasText: comment });
  await expect(returned).toContainText('Skickat tillbaka av Lars Berglund');
  await atWidths(page, 'approval-editor-returned');
  await page
    .getByRole('textbox', { name: 'Ingress' })
    .fill('Vårens skoldans hålls i aulan fredag 14 mars kl. 18–21. Frågor till mentorn.');
  await saveBar(page).getByRole('button', { name: 'Skicka för godkännande' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Väntar på godkännande av Lars Berglund.' }),
  ).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);

  // The rektor reads the new version and approves it.
  await rektor.reload();
  await rektor
    .getByRole('article', { name: title })
    .getByRole('button', { name: /^Läs och besluta/ })
    .click();
  reading = rektor.getByRole('dialog', { name: `Att godkänna: ${title}` });
  await expect(reading.getByText(/fredag 14 mars/)).toBeVisible();
  await reading.getByRole('button', { name: 'Godkänn' }).click();
  await expect(
    rektor.getByRole('status').filter({ hasText: `”${title}” är godkänt och publicerat.` }),
  ).toBeVisible();
  await expect(rektor.getByText('Inget väntar på ditt godkännande just nu.')).toBeVisible();
  await expectAccessible(rektor);
  await rektorContext.close();

  // A pupil of the school finds it on the start page.
  const pupilContext = await browser.newContext();
  const pupil = await pupilContext.newPage();
  await loginAs(pupil, 'leo.nilsson');
  await expect(
    pupil.getByRole('region', { name: 'Nyheter' }).getByRole('article').filter({ hasText: title }),
  ).toBeVisible();
  await pupilContext.close();
});

test('an administrator sees the demo’s rule and who approves under it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, demo.admin.username, { at: '/profile/admin/approval-rules' });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Godkännande av innehåll' }),
  ).toBeVisible();
  const rule = page.getByRole('article', { name: 'Inlägg till en hel skola godkänns av rektor' });
  await expect(rule).toContainText('Innehåll till en hel skolenhet');
  await expect(rule).toContainText('Alla författare');
  await expect(page.getByRole('navigation', { name: 'Administrationens sidor' })).toContainText(
    'Godkännande av innehåll',
  );
  await atWidths(page, 'approval-rules');

  await rule.getByRole('button', { name: /^Ändra/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Ändra regeln/ });
  await expect(dialog.getByRole('radio', { name: 'Innehåll till en hel skolenhet' })).toBeChecked();
  await expect(
    dialog.getByRole('switch', { name: 'Bara godkännare på inläggets skola' }),
  ).toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: `${screens}/approval-rule-dialog-1280.png` });
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog).toHaveCount(0);
});
