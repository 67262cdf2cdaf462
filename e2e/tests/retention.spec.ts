import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

const screens = '.artifacts/screens';

// Rules for types other specs do not write (adverts, give-and-take); removed again at the end.
test('an administrator sets retention rules with their decisions and downloads the e-archive export', async ({
  page,
}) => {
  await loginAs(page, demo.admin.username, { at: '/profile/admin/retention' });
  await expect(page.getByRole('heading', { level: 1, name: 'Gallring och arkiv' })).toBeVisible();

  const addRule = async (type: string, months: string | null, decision: string) => {
    await page.getByRole('button', { name: 'Lägg till regel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny gallringsregel' });
    await dialog.getByRole('combobox', { name: /Innehållstyp/ }).click();
    await page.getByRole('option', { name: type, exact: true }).click();
    if (months === null) await dialog.getByRole('checkbox', { name: 'Spara för alltid' }).check();
    else await dialog.getByRole('spinbutton', { name: /Antal månader/ }).fill(months);
    await dialog.getByRole('textbox', { name: /Gallringsbeslut/ }).fill(decision);
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Gallringsregeln är sparad.')).toBeVisible();
  };
  await addRule('Annons', '24', 'KS 2024/123');
  await addRule('Ge och ta', null, 'KS 2024/124');
  const rules = page.getByRole('list', { name: 'Gallringsregler per innehållstyp' });
  await expect(rules.getByRole('listitem').filter({ hasText: 'Annons' })).toContainText(
    '24 månader efter avpublicering',
  );
  await expect(rules.getByRole('listitem').filter({ hasText: 'Ge och ta' })).toContainText(
    'För alltid',
  );

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${screens}/retention-${width}.png`, fullPage: true });
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportera till e-arkiv' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^skolportalen-arkiv-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  for (const type of ['Annons', 'Ge och ta']) {
    await page.getByRole('button', { name: `Ta bort regeln för ${type}` }).click();
    await page
      .getByRole('dialog', { name: 'Ta bort gallringsregeln?' })
      .getByRole('button', { name: 'Ta bort' })
      .click();
    await expect(page.getByText('Gallringsregeln är borttagen.')).toBeVisible();
  }
  await expect(page.getByText('Det finns inga gallringsregler. Inget gallras.')).toBeVisible();
});
