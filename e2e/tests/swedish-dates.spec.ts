import { expect, test } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

// A browser set to American English still shows Swedish dates and a 24-hour clock.
test.use({ locale: 'en-US' });
test.describe.configure({ timeout: 240_000 });

const shots = process.env.SCREENSHOT_DIR ?? '.artifacts/screens';

for (const width of [390, 1280]) {
  test(`date fields are Swedish in an en-US browser at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await loginAs(page, demo.teacherOther.username, { at: '/skapa-innehall' });
    const published = page.getByRole('textbox', { name: 'Publiceras', exact: true });
    // The editor is the largest page; a busy machine takes its time.
    await expect(published).toHaveAttribute('placeholder', 'ÅÅÅÅ-MM-DD TT:MM', { timeout: 60_000 });
    await published.fill('2026-12-01 9.05');
    await published.blur();
    await expect(published).toHaveValue('2026-12-01 09:05');
    await published.fill('12/01/2026 09:24 AM');
    await published.blur();
    await expect(published).toHaveAttribute('aria-invalid', 'true');
    await published.fill('2026-12-01 21:30');
    await published.blur();
    await expect(published).toHaveValue('2026-12-01 21:30');
    await expect(page.getByText(/mm\/dd\/yyyy|\b(AM|PM)\b/)).toHaveCount(0);
    await published.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await page.screenshot({ path: `${shots}/dates-editor-${width}.png` });
    await page
      .getByRole('region', { name: 'Publicering' })
      .screenshot({ path: `${shots}/dates-publishing-${width}.png` });

    await page.goto('/dokument');
    await page.getByRole('link', { name: 'Lindängsskolan' }).click();
    await page.getByRole('link', { name: 'Planering' }).click();
    await page.getByRole('button', { name: 'Dela Möten hösten.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delad länk till Möten hösten.txt' });
    const expires = dialog.getByRole('textbox', { name: 'Länken slutar gälla (valfritt)' });
    await expect(expires).toHaveAttribute('placeholder', 'ÅÅÅÅ-MM-DD', { timeout: 30_000 });
    await expires.fill('2026-13-01');
    await expect(dialog.getByRole('button', { name: 'Skapa länk' })).toBeDisabled();
    await expires.fill('2026-12-24');
    await expect(dialog.getByRole('button', { name: 'Skapa länk' })).toBeEnabled();
    await expectAccessible(page);
    await page.screenshot({ path: `${shots}/dates-share-${width}.png` });
  });
}
