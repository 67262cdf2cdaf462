import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demo, loginAs } from './fixtures';

const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** A file of the build as the portal sends it: its Brotli copy, or itself when it has none. */
function bytesOnTheWire(url: string): number {
  const file = path.join(webDist, new URL(url).pathname);
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

/**
 * The budget of issue 31, as a browser meets it: `npm run bundle-budget` reads
 * start.html and the chunks' imports; this counts what Chromium fetches, so a
 * dialog or section that pulls its code in as the page opens shows up too.
 */
test('the start page loads its code in at most 15 files and 150 kB with Brotli', async ({
  page,
}) => {
  const code: string[] = [];
  page.on('request', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) code.push(request.url());
  });
  await loginAs(page, demo.teacher.username);
  await expect(page.getByRole('heading', { name: 'Välkommen, Anna!' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(code.length, code.join('\n')).toBeLessThanOrEqual(15);
  const bytes = code.reduce((sum, url) => sum + bytesOnTheWire(url), 0);
  expect(bytes, `${(bytes / 1024).toFixed(1)} kB`).toBeLessThanOrEqual(150 * 1024);
});
