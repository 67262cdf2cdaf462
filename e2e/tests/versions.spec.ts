import { expect, test, type Page } from '@playwright/test';
import { apiAs, demo, expectAccessible, loginAs, publishNews, testBlock } from './fixtures';

/**
 * A post's versions (issue 28). An administrator publishes a news item and
 * edits it twice in the editor, the second time in a later minute; the
 * history lists the versions, the comparison marks what the second edit
 * changed, and restoring the first edit makes it a draft in the editor.
 * "Som publicerat" then shows the post at the minute between the edits with
 * the title readers had then. Screens at 390 and 1280 px, axe on each.
 */

// The second edit waits for the next minute, so that a moment between the edits can be chosen.
test.describe.configure({ timeout: 240_000 });

const screens = '.artifacts/screens';
const saveBar = (page: Page) => page.getByRole('region', { name: 'Spara och publicera' });

async function saveTitle(page: Page, title: string, text?: string) {
  await page.getByRole('textbox', { name: /^Rubrik/ }).fill(title);
  if (text) {
    // A saved post's blocks open folded.
    await page.getByRole('button', { name: 'Redigera Text 1' }).click();
    await page.getByRole('textbox', { name: 'Text 1' }).fill(text);
  }
  await saveBar(page).getByRole('button', { name: 'Spara ändringar' }).click();
  // Any change in the form puts the last notice away, so this one is the save's.
  await expect(page.getByRole('status').filter({ hasText: /^Sparat\./ })).toBeVisible();
}

/** `YYYY-MM-DD HH:mm` in the browser's (Swedish) time, as the date field is written. */
const swedishMoment = (page: Page, ms: number) =>
  page.evaluate(
    (at) => new Date(at).toLocaleString('sv-SE', { dateStyle: 'short', timeStyle: 'short' }),
    ms,
  );

test('an editor compares two versions and restores one; an administrator sees the post as published between the edits', async ({
  page,
  baseURL,
}) => {
  const mark = Date.now() % 100000;
  const original = `Höstmarknad ${mark}`;
  const firstEdit = `Höstmarknad i aulan ${mark}`;
  const secondEdit = `Höstmarknad i matsalen ${mark}`;
  const api = await apiAs(page, baseURL!, demo.admin.username);
  const news = await publishNews(api, {
    title: original,
    excerpt: 'Välkomna till höstmarknaden på lördag.',
    content: [testBlock('text', 'html', { html: '<p>Marknaden öppnar klockan 10.</p>' })],
    roles: ['role_teacher'],
  });

  await loginAs(page, demo.admin.username, { at: `/skapa-innehall/${news.id}` });
  await expect(page.getByRole('textbox', { name: /^Rubrik/ })).toHaveValue(original);
  await saveTitle(page, firstEdit);
  const between = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
  await page.waitForTimeout(between - Date.now() + 1_500);
  await saveTitle(page, secondEdit, 'Marknaden öppnar klockan 11.');

  for (const width of [1280, 390] as const) {
    await page.setViewportSize({ width, height: 900 });
    const versions = page.getByRole('region', { name: 'Versioner', exact: true });
    await versions.getByRole('button', { name: 'Visa historik' }).click();
    const history = page.getByRole('dialog', { name: `Historik för ”${secondEdit}”` });
    const list = history.getByRole('region', { name: 'Versioner, nyaste först' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText('Version 3 · Sparad');
    await expect(list.getByRole('listitem').first()).toContainText(`av ${demo.admin.name}`);
    await expect(list.getByRole('listitem').last()).toContainText('Version 1 · Skapad');

    // At first the latest change: the title's and the text's changed words marked.
    const compare = history.getByRole('region', { name: 'Jämför två versioner' });
    await expect(compare.getByLabel('Från version')).toHaveValue('2');
    await expect(compare.getByLabel('Till version')).toHaveValue('3');
    await expect(compare.locator('del').filter({ hasText: 'aulan' })).toHaveText(
      'Borttaget: aulan (slut på borttaget)',
    );
    await expect(compare.locator('ins').filter({ hasText: 'matsalen' })).toHaveText(
      'Tillagt: matsalen (slut på tillagt)',
    );
    await expect(compare.locator('ins').filter({ hasText: '11.' })).toBeVisible();
    await page.screenshot({ path: `${screens}/versions-history-${width}.png` });
    await compare
      .getByRole('heading', { name: 'Innehåll', exact: true })
      .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${screens}/versions-compare-${width}.png` });
    await expectAccessible(page);

    // Any two: the original against the newest.
    await compare.getByLabel('Från version').selectOption('1');
    await expect(compare.locator('ins').filter({ hasText: 'matsalen' })).toHaveText(
      'Tillagt: i matsalen (slut på tillagt)',
    );
    await history.getByRole('button', { name: 'Stäng historiken' }).click();
    await expect(history).toHaveCount(0);
  }

  // Restoring the first edit: a question that says the post goes offline, then the draft.
  await page.getByRole('button', { name: 'Visa historik' }).click();
  const history = page.getByRole('dialog', { name: /^Historik för/ });
  await history.getByRole('button', { name: 'Återställ version 2' }).click();
  const question = page.getByRole('dialog', { name: 'Återställa version 2?' });
  await expect(question).toContainText('syns det inte för läsarna förrän du publicerar det igen');
  await page.screenshot({ path: `${screens}/versions-restore-question-390.png` });
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Återställ som utkast' }).click();
  await expect(history).toHaveCount(0);
  await expect(
    page.getByText('Versionen är återställd som ett utkast. Publicera det när det är klart.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Rubrik/ })).toHaveValue(firstEdit);
  await expect(page.getByText('Status: Utkast')).toBeVisible();
  await page.screenshot({ path: `${screens}/versions-restored-390.png` });
  await expectAccessible(page);

  // As published at the minute between the two edits: the first edit's title.
  const moment = await swedishMoment(page, between);
  for (const width of [1280, 390] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/profile/admin/as-published');
    await expect(page.getByRole('heading', { level: 1, name: 'Som publicerat' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Rubrik eller adress' }).fill(news.url);
    await page
      .getByRole('search', { name: 'Sök bland alla inlägg' })
      .getByRole('button', { name: 'Sök', exact: true })
      .click();
    const results = page.getByRole('region', { name: 'Sökträffar' });
    await results.getByRole('button', { name: `Välj ”${firstEdit}”` }).click();
    const when = page.getByRole('textbox', { name: /^Dag och tid/ });
    await when.fill(moment);
    await page.getByRole('button', { name: 'Visa', exact: true }).click();
    const shown = page.getByRole('region', { name: /^Som publicerat \d+ \w+ \d{4} kl\. / });
    await expect(shown.getByRole('heading', { level: 3 })).toHaveText(firstEdit);
    await expect(shown.getByText('Marknaden öppnar klockan 10.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skriv ut' })).toBeVisible();
    await page.screenshot({ path: `${screens}/as-published-${width}.png`, fullPage: true });
    await expectAccessible(page);
  }

  // On paper: the post and its facts, without the portal's header, menus and the search.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Skriv ut' })).toBeHidden();
  await page.screenshot({ path: `${screens}/as-published-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // Before it was published at all, the screen says so.
  await page.getByRole('textbox', { name: /^Dag och tid/ }).fill('2020-01-01 12:00');
  await page.getByRole('button', { name: 'Visa', exact: true }).click();
  await expect(page.getByText('Inte publicerad vid den tidpunkten')).toBeVisible();
});
