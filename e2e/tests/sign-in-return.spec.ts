import { expect, test, type Page } from '@playwright/test';
import { cookieNames } from '@skolportalen/shared';
import { demo, demoPassword } from './fixtures';

/**
 * Issue 32: a reading page opened by someone not signed in goes to the login
 * page and, once they are in, back to exactly its address — with one round of
 * loading: no spinner while the page's code arrives, no error on the way, and
 * no chunk of code fetched twice.
 */
const article = {
  title: 'Utflykt till Naturhistoriska museet med 3A',
  address: '/nyhet/utflykt-till-naturhistoriska-museet-med-3a?visa=kommentarer&sida=1',
};

/**
 * Notes every change of what the page shows — headings, alerts, the page's
 * loading spinner and loading card — as it happens, painted or not, through
 * the page's navigations, full page loads included.
 */
async function watchScreens(page: Page) {
  const seen: string[] = [];
  await page.exposeFunction('noteScreen', (shown: string) => {
    if (seen.at(-1) !== shown) seen.push(shown);
  });
  await page.addInitScript(() => {
    const note = (window as unknown as { noteScreen: (shown: string) => void }).noteScreen;
    const describe = () =>
      [
        ...Array.from(document.querySelectorAll('h1')).map(
          (heading) => `h1:${heading.textContent}`,
        ),
        ...Array.from(document.querySelectorAll('[role="alert"]')).map(
          (alert) => `alert:${alert.textContent}`,
        ),
        ...(document.querySelector('main [role="status"] [role="progressbar"][aria-label="Laddar"]')
          ? ['page spinner']
          : []),
        ...Array.from(document.querySelectorAll('[role="status"]'))
          .map((status) => status.textContent?.trim())
          .filter((text) => text)
          .map((text) => `status:${text}`),
      ].join(' | ');
    let last = '';
    new MutationObserver(() => {
      const shown = describe();
      if (shown !== last) note((last = shown));
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return { all: () => [...seen] };
}

/** Every script the page asks for, by address. */
function recordScripts(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const loginAddress = (back: string) => `/login?redirect=${encodeURIComponent(back)}`;

test('signed out, a reading page goes to sign-in and back at once after the password', async ({
  page,
  baseURL,
}) => {
  const scripts = recordScripts(page);
  const screens = await watchScreens(page);
  await page.goto(article.address);
  await expect(page).toHaveURL(`${baseURL}${loginAddress(article.address)}`);
  await page.getByLabel('Användarnamn').fill(demo.teacher.username);
  await page.getByLabel(/^Lösenord/).fill(demoPassword);
  // The login page fetches the way back's code when the browser is idle: as while one types.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const beforeClick = screens.all().length;

  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  // Anna has two accounts: the role choice opens over the article, which is there already.
  await expect(page.locator('h1', { hasText: article.title })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}${article.address}`);
  const returned = screens.all().slice(beforeClick);
  expect(returned.filter((shown) => /alert:|page spinner/.test(shown))).toEqual([]);
  expect(returned.join('\n')).not.toContain('kunde inte hämtas');

  const dialog = page.getByRole('dialog', { name: 'Välj vilken roll du vill logga in som' });
  await dialog.getByRole('button', { name: 'Fortsätt som lärare' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}${article.address}`);
  expect(scripts.filter((file, index) => scripts.indexOf(file) !== index)).toEqual([]);
});

test('a session the server no longer knows goes to sign-in with the way back, and no error on the way', async ({
  page,
  baseURL,
  context,
}) => {
  // The readable flag says signed in; the session behind it is not one the portal has.
  const names = cookieNames(false);
  await context.addCookies([
    { name: names.signedIn, value: '1', url: baseURL! },
    {
      name: names.session,
      value: encodeURIComponent(JSON.stringify({ tokens: ['okand'], active: 0 })),
      url: baseURL!,
    },
  ]);
  const screens = await watchScreens(page);
  await page.goto(article.address);
  await expect(page).toHaveURL(`${baseURL}${loginAddress(article.address)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
  const shown = screens.all();
  expect(shown.filter((screen) => /alert:/.test(screen))).toEqual([]);
  expect(shown.join('\n')).not.toContain('kunde inte hämtas');

  // And the way back still holds after signing in.
  await page.getByLabel('Användarnamn').fill(demo.teacher.username);
  await page.getByLabel(/^Lösenord/).fill(demoPassword);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page.locator('h1', { hasText: article.title })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}${article.address}`);
});
