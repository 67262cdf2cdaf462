import { expect, test } from '@playwright/test';
import { demo, dropImage, expectAccessible, loginAs } from './fixtures';

test.describe('the media library on /profile/admin/icon', () => {
  test('upload an icon by drag and drop, see it, edit its alt text, delete it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await loginAs(page, demo.admin.username, { at: '/profile/admin/icon' });
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Mediabibliotek – bilder, ikoner och pdf-dokument',
      }),
    ).toBeVisible();
    // The demo library is there, thumbnails with their alt text.
    await expect(page.getByRole('img', { name: 'Ikon: kalenderblad med rutor' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Ladda upp' }).click();
    const upload = page.getByRole('dialog', { name: 'Ladda upp till mediabiblioteket' });
    await expect(upload.getByText('Liggande format: minst lika bred som hög')).toBeVisible();
    await expectAccessible(page);

    await dropImage(page, { name: 'stående.png', width: 300, height: 500 });
    await expect(upload.getByText(/Bilden är stående \(300×500 px\)/)).toBeVisible();

    await dropImage(page, { name: 'skolikon.png', width: 256, height: 256 });
    await expect(upload.getByText('Vald fil: skolikon.png', { exact: false })).toBeVisible();
    await expect(upload.getByText('Bilden är 256×256 px.')).toBeVisible();
    await upload.getByLabel(/^Titel/).fill('Skolikon e2e');
    await upload.getByLabel(/^Kategori/).click();
    await page.getByRole('option', { name: 'Ikoner', exact: true }).click();
    await upload.getByRole('button', { name: 'Ladda upp' }).click();
    await expect(upload.getByText('Fältet måste vara ifyllt')).toBeVisible();
    await upload.getByLabel(/^Alternativtext/).fill('Grön rund skolikon');
    await upload.getByRole('button', { name: 'Ladda upp' }).click();

    await expect(page.getByText('”Skolikon e2e” är uppladdad.')).toBeVisible();
    const thumbnail = page.getByRole('img', { name: 'Grön rund skolikon' });
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    await expect(thumbnail).toHaveAttribute('width', '256');
    expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

    await page.getByRole('button', { name: 'Redigera Skolikon e2e' }).click();
    const edit = page.getByRole('dialog', { name: 'Redigera media' });
    await expectAccessible(page);
    await edit.getByLabel(/^Alternativtext/).fill('abc');
    await edit.getByRole('button', { name: 'Spara' }).click();
    await expect(edit.getByText('Fältet måste innehålla minst 4 tecken')).toBeVisible();
    await edit.getByLabel(/^Alternativtext/).fill('Vit cirkel på grön botten');
    await edit.getByRole('button', { name: 'Spara' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('img', { name: 'Vit cirkel på grön botten' })).toBeVisible();

    await page.getByLabel('Sök på titel').fill('e2e');
    await expect(page.getByText('1 träffar')).toBeVisible();
    await page.getByRole('button', { name: 'Ta bort Skolikon e2e' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ta bort media' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Ta bort' }).click();
    await expect(page.getByText('”Skolikon e2e” är borttagen.')).toBeVisible();
    await expect(page.getByText('Inga filer matchar sökningen.')).toBeVisible();
  });

  test("an icon uploaded from inside the tool form's picker becomes the tool's icon", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const name = `Skolfoto ${Date.now() % 100000}`;
    await loginAs(page, demo.admin.username, { at: '/profile/admin/tools' });
    await page.getByRole('button', { name: 'Nytt verktyg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nytt verktyg' });
    await dialog.getByLabel(/^Namn/).fill(name);
    await dialog.getByLabel(/^Kort beskrivning/).fill('Klassfoton att beställa');
    await dialog
      .getByLabel(/^Lång beskrivning/)
      .fill('Beställ klassfoton och porträtt från fotografen.');
    await dialog.getByLabel(/^Adress \(URL\)/).fill('https://foto.exempelby.se');
    await dialog.getByRole('checkbox', { name: 'Lärare' }).check();
    await dialog.getByRole('checkbox', { name: /^Exempelby kommun/ }).check();
    await dialog.getByRole('button', { name: 'Välj ikon' }).click();

    const picker = page.getByRole('dialog', { name: 'Välj ikon för verktyget' });
    await picker.getByRole('button', { name: 'Ladda upp' }).click();
    await expect(picker.getByRole('heading', { name: 'Ladda upp en ny fil' })).toBeFocused();
    await expect(picker.getByRole('combobox', { name: /^Kategori/ })).toHaveText('Ikoner');
    await dropImage(page, { name: 'kamera.png', width: 240, height: 240 });
    await expect(picker.getByText('Bilden är 240×240 px.')).toBeVisible();
    await picker.getByLabel(/^Titel/).fill('Kamera e2e');
    await picker.getByLabel(/^Alternativtext/).fill('Ikon: grön kamera');
    await expectAccessible(page);
    await picker.getByRole('button', { name: 'Ladda upp och välj' }).click();
    await expect(picker).toHaveCount(0);
    await expect(dialog.getByText('Vald ikon: Kamera e2e')).toBeVisible();
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(name) }).locator('img')).toHaveAttribute(
      'src',
      /-thumb\.webp$/,
    );

    // Used by the tool, the icon cannot be deleted from the library.
    await page.goto('/profile/admin/icon');
    await page.getByLabel('Sök på titel').fill('Kamera e2e');
    await expect(page.getByText('1 träffar')).toBeVisible();
    await expect(page.getByText('Används på 1 ställe')).toBeVisible();
    await page.getByRole('button', { name: 'Ta bort Kamera e2e' }).click();
    await page
      .getByRole('dialog', { name: 'Ta bort media' })
      .getByRole('button', { name: 'Ta bort' })
      .click();
    await expect(page.getByText(/Mediet används av 1 verktyg/)).toBeVisible();
  });

  test('filters by category and works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, demo.admin.username, { at: '/profile/admin/icon' });
    await page.getByLabel('Kategori').click();
    await page.getByRole('option', { name: 'Google-ikoner' }).click();
    await expect(page.getByText('3 träffar')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Ikon: blått dokument/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('a pdf opens as a download, never as a page', async ({ page, request }) => {
    await loginAs(page, demo.admin.username, { at: '/profile/admin/icon' });
    const link = page.getByRole('link', { name: 'Öppna Läsårsdata 2026/2027 (pdf)' });
    const href = await link.getAttribute('href');
    const response = await request.get(href!);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('a teacher without the admin guard is sent to the start page', async ({ page }) => {
    await loginAs(page, demo.teacher.username, { at: '/profile/admin/icon' });
    await expect(page).toHaveURL(/\/$/);
  });
});
