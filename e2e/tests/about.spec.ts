import { expect, test, type Page } from '@playwright/test';
import { apiAs, demo, expectAccessible, loginAs, publishNews, testBlock } from './fixtures';

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

    await loginAs(page, demo.admin.username, { at: '/profile/admin/feedback' });
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
    await loginAs(page, demo.teacherOther.username, { at: '/profile/admin/feedback' });
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
  // Screens with long lists, tables and free text, looked at in screenshots as well.
  const screens = '.artifacts/screens';
  const searchPage = '/sok?q=skolan';
  let postWithComments = '';

  test.beforeAll(async ({ browser, baseURL }) => {
    const page = await browser.newPage();
    const admin = await apiAs(page, baseURL!, demo.admin.username);
    const teacher = await apiAs(page, baseURL!, demo.teacherOther.username);
    const post = await publishNews(admin, {
      title: `Informationskväll om gymnasievalet för vårdnadshavare ${Date.now() % 100000}`,
      excerpt: 'Studie- och yrkesvägledarna berättar om programmen, antagningen och tidsplanen.',
      roles: ['role_teacher', 'role_caretaker'],
      content: [
        testBlock('intro', 'html', {
          html: '<p>Ansökan görs på <a href="https://www.gymnasieantagningen.exempelby.se/ansokan/arskurs-9/2026-2027/sok-gymnasieprogram">www.gymnasieantagningen.exempelby.se/ansokan/arskurs-9/2026-2027/sok-gymnasieprogram</a> senast den 15 februari.</p>',
        }),
        testBlock('times', 'table', { caption: 'Tider och lokaler' }, [
          testBlock('times-heading', 'table-heading', { headings: 'Tid | Vad | Var | Ansvarig' }),
          testBlock('times-1', 'table-row', {
            items: '18.00–18.30 | Välkomsthälsning och presentation av programmen | Aulan | Rektor',
          }),
          testBlock('times-2', 'table-row', {
            items:
              '18.30–19.30 | Frågestund om antagningspoäng och meritvärde | Biblioteket | Studie- och yrkesvägledare',
          }),
        ]),
      ],
    });
    for (const text of [
      'Blir det någon digital sändning för oss som inte kan komma på plats?',
      'Anteckningarna läggs upp här efteråt: https://dokument.exempelby.se/utbildningsforvaltningen/grundskola/lindangsskolan/arskurs-9/gymnasievalet/informationskvall-anteckningar.pdf',
    ]) {
      const response = await teacher.post('/api/core/v1/comment', {
        data: { postId: post.id, text },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    postWithComments = post.url;
    await page.close();
  });

  /** Elements pushed out of the viewport or clipped inside a box that hides its overflow. */
  const cutOff = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const describe = (element: Element) =>
        `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      const found: string[] = [];
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
        // Content is text, pictures and controls; empty boxes (a loading bar's stripes) are not.
        const media = /^(img|svg|video|iframe|canvas|input|select|textarea)$/i.test(
          element.tagName,
        );
        if (!media && !element.textContent?.trim()) continue;
        // Visually hidden text (live regions, "opens in a new tab") is clipped on purpose.
        let clipped: Element | null = element;
        while (clipped && getComputedStyle(clipped).clip === 'auto')
          clipped = clipped.parentElement;
        if (clipped) continue;
        // A wide table may scroll inside its own box; the page itself must not.
        let scroller: Element | null = element.parentElement;
        while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowX)) {
          scroller = scroller.parentElement;
        }
        if (!scroller && (box.right > width + 1 || box.left < -1)) found.push(describe(element));
        const clipping = /hidden|clip/.test(style.overflowX) && element.children.length === 0;
        if (clipping && element.scrollWidth > element.clientWidth + 1) {
          found.push(`${describe(element)} clipped`);
        }
      }
      return found;
    });

  for (const { width, height, what } of [
    { width: 320, height: 800, what: 'narrowest phone' },
    // A 1280×800 window at 200 % zoom lays the page out in 640×400 CSS px.
    { width: 640, height: 400, what: '200 % zoom of 1280 × 800' },
  ]) {
    test(`no sideways scrolling and nothing cut off at ${width} × ${height} px (${what})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      const check = async (path: string, loaded?: () => Promise<void>) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await loaded?.();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
        expect(await cutOff(page), `${path} at ${width} px`).toEqual([]);
      };
      for (const path of publicPages) await check(path);
      await loginAs(page, demo.teacher.username);
      for (const path of signedInPages) await check(path);

      await check(searchPage, () =>
        expect(
          page.getByRole('list', { name: 'Träffar' }).getByRole('listitem').first(),
        ).toBeVisible(),
      );
      await expectAccessible(page);
      await page.screenshot({ path: `${screens}/reflow-${width}-sok.png`, fullPage: true });

      await check(postWithComments, async () => {
        const comments = page.getByRole('region', { name: /^Kommentarer/ });
        await expect(comments.getByRole('listitem')).toHaveCount(2);
        await expect(comments.getByRole('textbox', { name: 'Skriv en kommentar' })).toBeVisible();
      });
      await expectAccessible(page);
      await page.screenshot({ path: `${screens}/reflow-${width}-nyhet.png`, fullPage: true });
    });
  }
});
