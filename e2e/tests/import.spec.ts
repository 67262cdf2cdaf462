import { expect, test } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

const screens = '.artifacts/screens';

// Only a refused file is sent: a real run would add schools and accounts other specs do not expect.
test('the import screen asks what to do with leavers, by keyboard, and lists what is wrong in a file', async ({
  page,
}) => {
  await loginAs(page, demo.admin.username, { at: '/profile/admin/import' });
  const leavers = page.getByRole('radiogroup', {
    name: 'Konton som inte längre finns i underlaget',
  });
  await expect(leavers).toBeVisible();
  const defaultChoice = leavers.getByRole('radio', {
    name: 'Stäng av dem, men inte om fler än en femtedel saknas',
  });
  await expect(defaultChoice).toBeChecked();

  await defaultChoice.focus();
  await page.keyboard.press('ArrowDown');
  await expect(
    leavers.getByRole('radio', { name: 'Stäng av dem, även om många saknas' }),
  ).toBeChecked();
  await page.keyboard.press('ArrowDown');
  const keep = leavers.getByRole('radio', { name: 'Lämna dem påslagna' });
  await expect(keep).toBeChecked();
  await expect(keep).toBeFocused();

  const sent = page.waitForRequest((request) =>
    request.url().includes('/api/core/v1/ss12000-import/file'),
  );
  await page.getByLabel('Välj fil').setInputFiles({
    name: 'skolor.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ organisations: [], groups: [], persons: [{ id: 'p1' }] })),
  });
  await page.getByRole('button', { name: 'Importera filen' }).click();
  expect(new URL((await sent).url()).searchParams.get('leavers')).toBe('keep');
  await expect(
    page.getByText('Filen följer inte SS 12000. Rätta de uppräknade fälten.'),
  ).toBeVisible();
  await expect(page.getByText(/^persons\.0\.givenName: /)).toBeVisible();
  await page.screenshot({ path: `${screens}/import-val.png`, fullPage: true });
  await expectAccessible(page);
});
