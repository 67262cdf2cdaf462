import { expect, test } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

// Its tests only read, so the workers share them out one by one rather than as a file.
test.describe.configure({ mode: 'parallel' });

test.describe('utility pages', () => {
  test('an unknown route shows the 404 page', async ({ page }) => {
    await page.goto('/det-har-finns-inte');
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await expectAccessible(page);
  });

  test('/404 and /error say what happened and link home', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByText('404 Not Found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Till startsidan' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/error');
    await expect(page.getByText('An error occurred')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Till startsidan' })).toBeVisible();
    await expectAccessible(page);
  });

  test('/maintenance tells the portal is down for maintenance', async ({ page }) => {
    await page.goto('/maintenance');
    await expect(page.getByText('Just nu ligger sidan ner för underhåll')).toBeVisible();
    await expectAccessible(page);
  });

  test('/wp-login and /changelog exist', async ({ page }) => {
    await page.goto('/wp-login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/changelog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test('the login page is accessible', async ({ page }) => {
    await page.goto('/login');
    await expectAccessible(page);
  });

  test('the page is Swedish and the route change scrolls to the top', async ({ page }) => {
    await loginAs(page, demo.teacher.username);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('banner').getByRole('link', { name: 'Min profil' }).click();
    await expect(page).toHaveURL(/\/profile\/info/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('every page of the shell passes axe', () => {
  const signedInPages: { account: { username: string }; paths: string[] }[] = [
    {
      account: demo.teacher,
      paths: [
        '/',
        '/profile/info',
        '/profile/my-groups',
        '/profile/my-schools',
        '/profile/favorites',
        '/profile/tools',
        '/profile/my-content',
        '/profile/group-templates',
        '/profile/interests',
        '/profile/my-courses',
        '/profile/acknowledgements',
        '/skapa-innehall',
        '/nyhet',
        '/sida',
      ],
    },
    {
      account: demo.admin,
      paths: [
        '/profile/admin/content',
        '/profile/admin/tools',
        '/profile/admin/roles',
        '/profile/admin/users',
        '/profile/admin/icon',
        '/profile/admin/categories',
        '/profile/admin/nodes',
        '/profile/admin/groups-tree',
        '/profile/admin/tokens',
        '/profile/admin/notifications',
        '/profile/admin/feedback',
        '/profile/admin/import',
        '/profile/admin/audit',
        '/profile/admin/retention',
        '/profile/admin/as-published',
        '/profile/admin/approval-rules',
      ],
    },
    {
      account: demo.schoolResponsible,
      paths: ['/profile/approval', '/profile/acknowledgements', '/profile/content-review'],
    },
  ];

  for (const { account, paths } of signedInPages) {
    test(`pages as ${account.username}`, async ({ page }) => {
      // One sign-in, then a page visit and a full axe scan per page (the editor and the content lists are big pages).
      test.setTimeout(240_000);
      await loginAs(page, account.username);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page, path).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
        await expectAccessible(page);
      }
    });
  }

  test('the start page on a phone, with the mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, demo.teacher.username);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    await expect(page.getByRole('tab', { name: /Profil/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Skapa/ })).toBeVisible();
    await expectAccessible(page);
  });
});
