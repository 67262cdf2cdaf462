import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

/**
 * The demo reading pages (issue 32), as Ekbackens skola's teacher opens them:
 * a news item, a page, a crisis notice and a course, each with two library
 * pictures, a table and tools. Every picture arrives with its width and
 * height (its space kept while it loads) and its webp copies; the first
 * loads at once, the others when they come near. Screens at 1280 and 390 px.
 */

test.describe.configure({ timeout: 120_000 });

const screens = '.artifacts/screens';

const pages = [
  {
    name: 'nyhet',
    path: '/nyhet/utflykt-till-naturhistoriska-museet-med-3a',
    title: 'Utflykt till Naturhistoriska museet med 3A',
    table: 'Att ta med',
    sized: true,
  },
  {
    name: 'sida',
    path: '/sida/skolbiblioteket-pa-ekbackens-skola',
    title: 'Skolbiblioteket på Ekbackens skola',
    table: 'Öppettider',
    sized: true,
  },
  {
    name: 'krisinformation',
    path: '/krisinformation/snoovader-ekbackens-skolbussar-kor-efter-vintertidtabell',
    title: 'Snöoväder – Ekbackens skolbussar kör efter vintertidtabell',
    table: 'Morgonturer till Ekbackens skola',
    sized: true,
  },
  {
    name: 'kurs',
    path: '/kurs/digitala-verktyg-i-klassrummet',
    title: 'Digitala verktyg i klassrummet',
    table: 'Tider och pass',
    sized: true,
  },
] as const;

/** The library pictures of the page's content: those served from /media/. */
const pictures = (page: Page) => page.getByRole('main').locator('img[src^="/media/"]');

async function attributes(image: Locator) {
  return image.evaluate((img: HTMLImageElement) => ({
    width: img.getAttribute('width'),
    height: img.getAttribute('height'),
    srcset: img.getAttribute('srcset'),
    loading: img.getAttribute('loading'),
    priority: img.getAttribute('fetchpriority'),
  }));
}

for (const shown of pages) {
  test(`${shown.name}: pictures, a table and tools, at 1280 and 390 px`, async ({ page }) => {
    await loginAs(page, demo.teacher.username, { at: shown.path });
    await expect(page.getByRole('heading', { level: 1, name: shown.title })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: shown.table })).toBeVisible();
    // Tools: one link, or a list behind a button naming how many.
    await expect(main.getByRole('button', { name: /^Verktyg \(\d+\)/ })).toBeVisible();

    await expect(pictures(page)).toHaveCount(2);
    const images = await pictures(page).all();
    for (const image of images) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    if (shown.sized) {
      const found = await Promise.all(images.map(attributes));
      for (const picture of found) {
        expect(picture).toMatchObject({ width: '1200', height: '630' });
        expect(picture.srcset).toMatch(/-thumb\.webp 320w, .*-card\.webp 960w, .* 1200w$/);
      }
      // The first picture loads at once and ahead of the rest; the second when it comes near.
      expect(found[0]).toMatchObject({ priority: 'high', loading: null });
      expect(found[1]).toMatchObject({ priority: null, loading: 'lazy' });
    }

    await page.screenshot({ path: `${screens}/lasida-${shown.name}-1280.png`, fullPage: true });
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { level: 1, name: shown.title })).toBeVisible();
    // Nothing wider than the phone, once the page has laid itself out for it.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${screens}/lasida-${shown.name}-390.png`, fullPage: true });
  });
}
