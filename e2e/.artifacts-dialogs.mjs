import { chromium } from '@playwright/test';
const base = 'http://localhost:3330';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function login(viewport, user) {
  const context = await browser.newContext({ viewport, locale: 'sv-SE' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Användarnamn').fill(user);
  await page.getByLabel(/^Lösenord/).fill('Demo-2026!');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL(/\/$/);
  await page.waitForTimeout(1000);
  return { context, page };
}
const shot = (page, name) => page.screenshot({ path: `/tmp/tools-shots/${name}.png` });
{
  const { context, page } = await login({ width: 1280, height: 900 }, 'anna.larsson');
  await page.getByRole('button', { name: 'Favoriter' }).click();
  await page.waitForTimeout(800);
  await shot(page, 'dialog-favorites-desk');
  await context.close();
}
{
  const { context, page } = await login({ width: 390, height: 844 }, 'anna.larsson');
  await page.getByRole('button', { name: 'Öppna menyn' }).click();
  await page.waitForTimeout(500);
  await shot(page, 'menu-profile-phone');
  await page.getByRole('tab', { name: /Favoriter/ }).click();
  await page.waitForTimeout(800);
  await shot(page, 'menu-favorites-phone');
  await page.getByRole('tab', { name: /Verktyg/ }).click();
  await page.waitForTimeout(800);
  await shot(page, 'menu-tools-phone');
  await context.close();
}
for (const [label, viewport] of [['desk', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const { context, page } = await login(viewport, 'eva.andersson');
  await page.goto(`${base}/profile/admin/tools`);
  await page.waitForTimeout(1000);
  await page.getByRole('button', { name: 'Nytt verktyg' }).click();
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Spara' }).click();
  await page.waitForTimeout(500);
  await shot(page, `dialog-tool-${label}`);
  await context.close();
}
{
  const { context, page } = await login({ width: 1280, height: 900 }, 'mikael.holm');
  await shot(page, 'mikael-dialog-desk');
  await page.getByRole('button', { name: 'Till profilen' }).click();
  await page.waitForTimeout(1000);
  await shot(page, 'mikael-profile-desk');
  await context.close();
}
{
  const { context, page } = await login({ width: 390, height: 844 }, 'mikael.holm');
  await page.getByRole('button', { name: 'Till profilen' }).click();
  await page.waitForTimeout(1000);
  await shot(page, 'mikael-profile-phone');
  await context.close();
}
await browser.close();
