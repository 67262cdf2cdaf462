import { expect, test } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

test.describe('accessibility statement and privacy', () => {
  test('every footer links to the statement and the privacy page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Tillgänglighetsredogörelse' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Tillgänglighetsredogörelse' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kända brister' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Anmäl bristande tillgänglighet till Digg' }),
    ).toHaveAttribute('href', /digg\.se/);
    await expectAccessible(page);

    await loginAs(page, demo.student.username);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Så behandlar vi personuppgifter' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Så behandlar vi personuppgifter' }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('feedback can be sent without signing in, and administrators read and handle it', async ({
    page,
  }) => {
    await page.goto('/tillganglighetsredogorelse');
    await page.getByRole('button', { name: 'Skicka synpunkt' }).click();
    const message = page.getByLabel(/^Din synpunkt/);
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toBeFocused();
    await expect(page.getByText('Fältet måste vara ifyllt')).toBeVisible();

    await message.fill('Menyknappen saknar synlig fokusmarkering i mörkt läge.');
    await page.getByLabel(/^Din e-postadress/).fill('besokare@example.org');
    await page.getByRole('button', { name: 'Skicka synpunkt' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Tack! Din synpunkt är skickad.' }),
    ).toBeVisible();
    await expectAccessible(page);

    await loginAs(page, demo.admin.username);
    await page.goto('/profile/admin/feedback');
    const item = page
      .getByRole('listitem')
      .filter({ hasText: 'Menyknappen saknar synlig fokusmarkering' });
    await expect(item.getByText('Ny', { exact: true })).toBeVisible();
    await expect(item.getByRole('link', { name: 'Svara till besokare@example.org' })).toBeVisible();
    await expectAccessible(page);
    await item.getByRole('button', { name: 'Markera som hanterad' }).click();
    await expect(item.getByText('Hanterad', { exact: true })).toBeVisible();
  });

  test('a teacher cannot read the feedback', async ({ page }) => {
    await loginAs(page, demo.teacherOther.username);
    await page.goto('/profile/admin/feedback');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('reflow (WCAG 1.4.10)', () => {
  const publicPages = [
    '/login',
    '/tillganglighetsredogorelse',
    '/personuppgifter',
    '/404',
    '/changelog',
  ];
  const signedInPages = ['/', '/profile/info', '/profile/my-groups'];

  for (const width of [320, 640]) {
    test(`no sideways scrolling at ${width} px (${width === 640 ? '200 % zoom of 1280' : 'narrowest phone'})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const check = async (path: string) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      };
      for (const path of publicPages) await check(path);
      await loginAs(page, demo.teacher.username);
      for (const path of signedInPages) await check(path);
    });
  }
});
