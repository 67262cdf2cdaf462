import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

const screens = '.artifacts/screens';

const results = (page: Page) => page.getByRole('list', { name: 'Träffar' });

test.describe('search', () => {
  test('a pupil searches from the header with an inflected word, finds the class excursion and opens it', async ({
    page,
  }) => {
    await loginAs(page, demo.student.username);
    const header = page.getByRole('banner');
    const field = header
      .getByRole('search', { name: 'Sök i Skolportalen' })
      .getByRole('searchbox', { name: 'Sök i Skolportalen' });
    await field.fill('utflykter');
    await header.screenshot({ path: `${screens}/sok-sidhuvud.png` });
    await field.press('Enter');

    await expect(page).toHaveURL(/\/sok\?q=utflykter$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sökresultat för ”utflykter”' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('1 träff för ”utflykter”');
    const hit = results(page).getByRole('listitem');
    await expect(hit).toHaveCount(1);
    await expect(hit.getByText('Nyhet', { exact: true })).toBeVisible();
    await expect(hit.locator('mark').first()).toHaveText('Utflykt');
    await expect(page.getByRole('searchbox', { name: 'Sökord' })).toHaveValue('utflykter');
    await expectAccessible(page);
    await page.screenshot({ path: `${screens}/sok-resultat.png`, fullPage: true });

    await hit.getByRole('link', { name: 'Utflykt till Naturhistoriska museet med 3A' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Utflykt till Naturhistoriska museet med 3A' }),
    ).toBeVisible();
  });

  test('"skolor" finds skolan and skola, filtered by type with the keyboard; staff news stay hidden', async ({
    page,
  }) => {
    await loginAs(page, demo.student.username, { at: '/sok?q=skolor' });
    await expect(page.getByRole('main').getByRole('status')).toHaveText(/\d+ träffar för ”skolor”/);
    await expect(results(page).getByRole('link', { name: 'Läsårstider 2026/2027' })).toBeVisible();
    await expect(
      results(page).getByRole('link', { name: 'Studiedag fredag – eleverna är lediga' }),
    ).toBeVisible();
    // Teachers' news never reaches a pupil, in the feed or in search.
    await expect(results(page).getByText('Kompetensutvecklingsdag för lärare')).toHaveCount(0);

    const filter = page.getByRole('group', { name: 'Visa' });
    await filter.getByRole('button', { name: 'Sidor' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/typ=page/);
    await expect(filter.getByRole('button', { name: 'Sidor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(results(page).getByRole('listitem').first()).toContainText('Sida');
    await expect(
      results(page).getByRole('link', { name: 'Studiedag fredag – eleverna är lediga' }),
    ).toHaveCount(0);

    await page.goto('/sok?q=kompetensutvecklingsdag');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Inga träffar för ”kompetensutvecklingsdag”.',
    );
    await expectAccessible(page);
  });

  test('on a phone the search field is in the menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, demo.caretaker.username);
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    const menu = page.getByRole('navigation', { name: 'Meny' });
    const field = menu.getByRole('searchbox', { name: 'Sök i Skolportalen' });
    await field.fill('matsedeln');
    await page.screenshot({ path: `${screens}/sok-mobilmeny.png` });
    await field.press('Enter');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('status')).toHaveText('1 träff för ”matsedeln”');
    const tool = results(page).getByRole('link', { name: 'Matsedel (öppnas i ny flik)' });
    await expect(tool).toHaveAttribute('href', 'https://matsedel.exempelby.se');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.screenshot({ path: `${screens}/sok-resultat-mobil.png`, fullPage: true });
  });
});
