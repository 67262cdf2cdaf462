import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

// Every screen at a phone's and a desktop's width, with an axe scan and a screenshot each.
// Its tests only read, so the workers share them out one by one rather than as a file.
test.describe.configure({ timeout: 240_000, mode: 'parallel' });

const widths = [390, 1280] as const;
const shots = process.env.SCREENSHOT_DIR ?? '.artifacts/screens';

async function look(page: Page, name: string, width: number) {
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

/**
 * Where the lines of an element's text break: the text before each new line.
 * A character's last box is the one on its own line (the first character of a
 * line can also report a box reaching back to the end of the line before).
 */
async function lineBreaks(element: Locator) {
  return element.evaluate((node) => {
    const text = node.firstChild as Text;
    const range = document.createRange();
    const before: string[] = [];
    let lineTop: number | null = null;
    for (let index = 0; index < text.length; index++) {
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      const boxes = Array.from(range.getClientRects()).filter((box) => box.width > 0);
      const top = boxes.at(-1)?.top;
      if (top === undefined) continue;
      if (lineTop !== null && top > lineTop + 2) before.push(text.data.slice(0, index));
      lineTop = top;
    }
    return before;
  });
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the sign-in heading carries no focus frame at load', async ({ page }) => {
      await page.goto('/');
      const heading = page.getByRole('heading', { level: 1, name: 'Logga in' });
      await expect(heading).toBeVisible();
      expect(await heading.evaluate((node) => getComputedStyle(node).outlineStyle)).toBe('none');
      await look(page, 'sign-in', width);
    });

    test('tool names break between syllables, never mid-syllable', async ({ page }) => {
      await loginAs(page, demo.employee.username);
      const tile = page.getByRole('link', { name: /^Personalportalen/ });
      await expect(tile).toBeVisible();
      await look(page, 'tools-grid', width);
      const name = tile.locator('[aria-hidden="true"]').filter({ hasText: /Per.*len/ });
      for (const before of await lineBreaks(name)) {
        // A line ends at a soft hyphen (a syllable boundary) or between words.
        expect(before).toMatch(/[\u00ad\s]$/);
      }
    });

    test('the changelog shows every release', async ({ page }) => {
      await page.goto('/changelog');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Nyheter i Skolportalen' }),
      ).toBeVisible();
      const releases = page.getByRole('heading', { level: 2, name: /^Version \d+\.\d+\.\d+ – / });
      expect(await releases.count()).toBeGreaterThanOrEqual(5);
      await expect(page.getByRole('heading', { level: 2, name: /^Version 0\.1\.0/ })).toBeVisible();
      await look(page, 'changelog', width);
    });

    test('every role of the rights matrix is reachable', async ({ page }) => {
      await loginAs(page, demo.superadmin.username, { at: '/profile/admin/roles' });
      if (width < 600) {
        const choice = page.getByRole('combobox', { name: 'Visa rättigheterna för' });
        // The roles arrive after the page; a busy machine takes its time.
        await expect(choice.locator('option').first()).toBeAttached({ timeout: 60_000 });
        const names = await choice.locator('option').allTextContents();
        expect(names.length).toBeGreaterThan(3);
        await choice.selectOption({ label: names.at(-1)! });
        await expect(
          page.getByRole('table', { name: `Rättigheter för ${names.at(-1)}` }),
        ).toBeVisible();
        await look(page, 'rights-matrix', width);
        return;
      }
      const table = page.getByRole('table', { name: 'Rättigheter per roll' });
      await expect(table).toBeVisible({ timeout: 60_000 });
      const headers = table.getByRole('columnheader');
      const first = headers.first();
      const last = table.locator('thead th').last();
      const before = (await first.boundingBox())!;
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport({ ratio: 0.99 });
      // The rights column stays where it was while the roles scrolled.
      expect((await first.boundingBox())!.x).toBeCloseTo(before.x, 0);
      const lastBox = (await last.boundingBox())!;
      expect(lastBox.x).toBeGreaterThanOrEqual(before.x + before.width - 1);
      await look(page, 'rights-matrix', width);
    });

    test('the media library says what it holds', async ({ page }) => {
      await loginAs(page, demo.admin.username, { at: '/profile/admin/icon' });
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: 'Mediabibliotek – bilder, ikoner och pdf-dokument',
        }),
      ).toBeVisible();
      await expect(page).toHaveTitle(/^Mediabibliotek – Skolportalen$/);
      await look(page, 'media-library', width);
    });

    test('search snippets keep block texts apart; small files show their bytes', async ({
      page,
    }) => {
      await loginAs(page, demo.employee.username, { at: '/sok?q=nyheter' });
      const hits = page.getByRole('main').getByRole('listitem');
      await expect(hits.first()).toBeVisible();
      for (const text of await hits.allTextContents()) {
        expect(text).not.toMatch(/Nyheter\s+Nyheter/i);
      }
      await look(page, 'search', width);

      await page.context().clearCookies();
      await loginAs(page, demo.teacherOther.username, { at: '/dokument' });
      await page.getByRole('link', { name: 'Lindängsskolan' }).click();
      await page.getByRole('link', { name: 'Planering' }).click();
      const row = page.getByRole('row', { name: /Möten hösten\.txt/ });
      await expect(row).toContainText(/\d+ byte/);
      await expect(row).not.toContainText('1 kB');
      await look(page, 'documents', width);
    });
  });
}
