import { expect, test } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

// Browsing, uploading and sharing with three axe scans takes longer than 30 s on a busy machine.
// Generous: on a loaded two-core machine a keyboard flow with screens that load lazily takes over a minute.
test.describe.configure({ timeout: 180_000 });

test.describe('Dokument', () => {
  test('browse sites and folders, star a document, upload and share a link', async ({
    page,
    context,
  }) => {
    await loginAs(page, demo.teacher.username);
    await page.getByRole('navigation').getByRole('link', { name: 'Dokument' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dokument' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Utbildningsförvaltningen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lindängsskolan' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Ekbackens skola' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ekbackens skola' })).toBeVisible();
    await page.getByRole('link', { name: 'Planering' }).click();
    const crumbs = page.getByRole('navigation', { name: 'Du är här' });
    await expect(crumbs.getByRole('link', { name: 'Ekbackens skola' })).toBeVisible();
    await expect(crumbs.getByText('Planering')).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    // Download: the server sends the document as an attachment.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Hämta Läsårsplanering 2026-2027.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('Läsårsplanering 2026-2027.pdf');

    const star = page.getByRole('button', {
      name: 'Lägg till Läsårsplanering 2026-2027.pdf i Mina dokument',
    });
    await star.click();
    await expect(
      page.getByRole('button', {
        name: 'Ta bort Läsårsplanering 2026-2027.pdf från Mina dokument',
      }),
    ).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('document-upload-input').setInputFiles({
      name: 'Veckobrev.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Veckobrev vecka 34\n\nVälkomna tillbaka!\n'),
    });
    await expect(page.getByText('Veckobrev.txt är uppladdad.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hämta Veckobrev.txt' })).toBeVisible();

    await page.getByTestId('document-upload-input').setInputFiles({
      name: 'sida.html',
      mimeType: 'text/html',
      buffer: Buffer.from('<html><body>hej</body></html>'),
    });
    await expect(page.getByText(/Filtypen stöds inte/)).toBeVisible();

    await page.getByRole('button', { name: 'Ny mapp' }).click();
    await page.getByLabel(/^Mappens namn/).fill('Utflykter');
    await page.getByRole('button', { name: 'Skapa' }).click();
    await expect(page.getByRole('link', { name: 'Utflykter' })).toBeVisible();

    await page.getByRole('button', { name: 'Dela Veckobrev.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delad länk till Veckobrev.txt' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Skapa länk' }).click();
    const link = dialog.getByLabel('Länk');
    await expect(link).toHaveValue(/\/api\/document-repository\/v1\/shared\//);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: 'Kopiera länken' }).click();
    await expect(dialog.getByText('Länken är kopierad.')).toBeVisible();
    const url = await link.inputValue();
    await dialog.getByRole('button', { name: 'Stäng' }).click();

    // The shared link works without signing in.
    const anonymous = await page.request.fetch(url, { headers: { cookie: '' } });
    expect(anonymous.status()).toBe(200);
    expect(anonymous.headers()['content-disposition']).toMatch(/^attachment/);

    await page.goto('/dokument');
    const mine = page.getByRole('region', { name: 'Mina dokument' });
    await expect(mine.getByRole('link', { name: /Läsårsplanering/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('pupils have no document area', async ({ page }) => {
    await loginAs(page, demo.student.username);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Dokument', exact: true }),
    ).toHaveCount(0);
  });
});
