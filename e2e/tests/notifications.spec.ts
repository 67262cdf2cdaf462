import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

/**
 * An administrator sends a notification to the guardians of one class: the
 * count first, then the send; with no SMTP server (the embedded default) the
 * mail lands in the outbox, one per guardian. The guardian finds it under
 * the bell, and can turn mail off in the profile.
 */
const subject = `Utflykt till skogen ${Date.now()}`;
const shots = '.artifacts/screenshots';

async function pickClassGuardians(page: Page) {
  const groups = page.getByRole('group', { name: 'Grupper' });
  await groups.getByLabel('Sök grupp').fill('3A');
  await groups.getByRole('checkbox', { name: /^3A/ }).check();
  await page
    .getByRole('group', { name: 'Roller' })
    .getByRole('checkbox', { name: 'Vårdnadshavare' })
    .check();
}

test('an administrator sends to the guardians of class 3A; the outbox gets one mail per guardian', async ({
  page,
}) => {
  // A long flow with five accessibility scans.
  test.slow();
  await loginAs(page, demo.admin.username, { at: '/profile/admin/notifications' });
  await expect(page.getByRole('heading', { level: 1, name: 'Utskick' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Ämne').fill(subject);
  await page
    .getByLabel('Meddelande')
    .fill('Hej!\nPå fredag går 3A till skogen. Ta med matsäck och regnkläder.');
  await pickClassGuardians(page);
  const send = page.getByRole('button', { name: 'Skicka', exact: true });
  await expect(send).toBeDisabled();
  await page.getByRole('button', { name: 'Räkna mottagare' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'mottagare:' })).toHaveText(
    '1 mottagare: 1 får e-post, 0 saknar e-postadress och 0 har valt bort e-post.',
  );
  await page.screenshot({ path: `${shots}/notifications-compose.png`, fullPage: true });
  await expectAccessible(page);

  await send.click();
  const confirm = page.getByRole('dialog', { name: 'Skicka till 1 mottagare?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Skicka' }).click();
  await expect(page.getByText('Utskicket är på väg till 1 mottagare.')).toBeVisible();

  const history = page.getByRole('table', { name: 'Skickade utskick, nyaste först' });
  const row = history.getByRole('row').filter({ hasText: subject });
  await expect(row.getByRole('cell', { name: 'Klart' })).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('1 mottagare, 0 skickade, 1 i utkorgen, 0 misslyckade');

  await row.getByRole('button', { name: `Visa mottagare för ${subject}` }).click();
  const recipients = page.getByRole('dialog', { name: `Mottagare av ”${subject}”` });
  await expect(recipients.getByRole('row')).toHaveCount(2);
  await expect(recipients.getByRole('row').nth(1)).toContainText('Karin Nilsson');
  await expect(recipients.getByRole('row').nth(1)).toContainText('I utkorgen');
  await expectAccessible(page);
  await recipients.getByRole('button', { name: 'Stäng' }).click();

  // The outbox: one mail for the one guardian of 3A's pupils, and nobody else.
  const outbox = page.getByRole('table', { name: 'E-post från portalen, nyaste först' });
  const mails = outbox.getByRole('row').filter({ hasText: subject });
  await expect(mails).toHaveCount(1);
  await expect(mails).toContainText('karin.nilsson@example.org');
  await expect(page.getByText('Ingen e-postserver är inställd (SMTP_URL).')).toBeVisible();
  await mails.getByRole('button', { name: 'Läs brevet till karin.nilsson@example.org' }).click();
  const mail = page.getByRole('dialog', { name: 'Brev till karin.nilsson@example.org' });
  await expect(mail).toContainText('På fredag går 3A till skogen.');
  await expect(mail).toContainText('/profile/info');
  await page.screenshot({ path: `${shots}/notifications-outbox-mail.png`, fullPage: true });
  await mail.getByRole('button', { name: 'Stäng' }).click();
  await page.screenshot({ path: `${shots}/notifications-admin.png`, fullPage: true });
  await expectAccessible(page);
});

test('the guardian reads it under the bell and can turn mail off', async ({ page }) => {
  test.slow();
  await loginAs(page, demo.caretaker.username);
  const bell = page.getByRole('button', { name: /^Notiser, \d+ olästa$/ });
  await expect(bell).toBeVisible({ timeout: 20_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notiser' });
  await expect(panel).toBeVisible();
  const item = panel.getByRole('listitem').filter({ hasText: 'Utflykt till skogen' }).first();
  await expect(item).toContainText('Ta med matsäck');
  await page.screenshot({ path: `${shots}/notifications-bell.png` });
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Markera alla som lästa' }).click();
  await expect(panel.getByRole('button', { name: 'Markera alla som lästa' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notiser', exact: true })).toBeFocused();

  // On a phone the bell stays in the header beside the menu.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Notiser', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Notiser' })).toBeVisible();
  await page.screenshot({ path: `${shots}/notifications-bell-phone.png` });
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/profile/info');
  const mailSwitch = page.getByRole('switch', {
    name: 'Skicka utskick och notiser till min e-postadress',
  });
  await expect(mailSwitch).toBeChecked();
  await mailSwitch.click();
  await expect(page.getByText('Ditt val är sparat.')).toBeVisible();
  await expect(mailSwitch).not.toBeChecked();
  await expect(page.getByText('Du får inga utskick som e-post.', { exact: false })).toBeVisible();
  await page.screenshot({ path: `${shots}/profile-mail-setting.png`, fullPage: true });
  await expectAccessible(page);
  await mailSwitch.click();
  await expect(mailSwitch).toBeChecked();
});
