import { chromium } from '@playwright/test';
const base = 'http://localhost:3330';
const [, , user, ...pages] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [label, viewport] of [['desk', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const context = await browser.newContext({ viewport, locale: 'sv-SE' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Användarnamn').fill(user);
  await page.getByLabel(/^Lösenord/).fill('Demo-2026!');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL(/\/$/);
  await page.waitForTimeout(1500);
  for (const path of pages) {
    await page.goto(base + path);
    await page.waitForTimeout(1500);
    const name = `${user}-${path.replace(/\W+/g, '_')}-${label}.png`;
    await page.screenshot({ path: `/tmp/tools-shots/${name}`, fullPage: true });
    console.log(name);
  }
  await context.close();
}
await browser.close();
