import { expect, test, type Page } from '@playwright/test';
import { apiAs, demo, expectAccessible, loginAs } from './fixtures';

/**
 * Content in the reader's language (issue 27, decision 0041): two guardians of
 * Ali in 9C read the crisis alert at Lindängsskolan, translated into their
 * languages in the demo. Omar reads Arabic: the notice reads right to left
 * inside the Swedish frame, and "Visa original på svenska" gives the Swedish.
 * Amina reads Somali. Screens at 390 and 1280 px, axe on each.
 *
 * The last test publishes a news item to the guardians with a Somali
 * translation and a notification: Amina's mail (in the outbox, as the
 * embedded portal has no mail server) is in Somali with the Swedish original
 * below, while a Swedish-reading guardian's is in Swedish.
 */

test.describe.configure({ timeout: 120_000 });

const screens = '.artifacts/screens';
const swedishTitle = 'Vattenläcka – Lindängsskolan håller stängt i dag';
const arabicTitle = 'تسرب مياه – مدرسة ليندانغ مغلقة اليوم';
const somaliTitle = 'Biyo daadasho – Dugsiga Lindäng waa xiran yahay maanta';
const widths = [390, 1280] as const;

/** From the start page's crisis alert to its own page. */
async function openAlert(page: Page, title: string) {
  const alerts = page.getByRole('region', { name: 'Krisinformation' });
  const notice = alerts.getByRole('article', { name: title });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: /^Läs mer/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a guardian reading Arabic gets the crisis alert right to left, and the Swedish original a click away', async ({
  page,
}) => {
  await loginAs(page, 'omar.hassan');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    // On the start page the notice's title and excerpt are Arabic, right to left.
    const notice = page.getByRole('article', { name: arabicTitle });
    await expect(notice.getByRole('heading', { name: arabicTitle })).toHaveAttribute('dir', 'rtl');
    await expect(notice.getByRole('heading', { name: arabicTitle })).toHaveAttribute('lang', 'ar');

    await openAlert(page, arabicTitle);
    const heading = page.getByRole('heading', { level: 1, name: arabicTitle });
    await expect(heading).toHaveAttribute('dir', 'rtl');
    await expect(heading).toHaveAttribute('lang', 'ar');
    await expect(page.getByText(/بسبب تسرب مياه في المبنى الرئيسي/)).toHaveAttribute('dir', 'rtl');
    // The Swedish frame stays left to right.
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(page.locator('main')).not.toHaveAttribute('dir', 'rtl');
    const bar = page.getByRole('group', { name: 'Språk för innehållet' });
    await expect(bar).toContainText('Visas på العربية');
    await page.screenshot({ path: `${screens}/translation-ar-${width}.png`, fullPage: true });
    await expectAccessible(page);

    await bar.getByRole('button', { name: 'Visa original på svenska' }).click();
    const swedish = page.getByRole('heading', { level: 1, name: swedishTitle });
    await expect(swedish).toBeVisible();
    await expect(swedish).not.toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: 'Visa på العربية' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Visa på العربية' }).click();
    await expect(heading).toBeVisible();
  }
});

test('a guardian reading Somali gets the crisis alert in Somali', async ({ page }) => {
  await loginAs(page, 'amina.yusuf');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await openAlert(page, somaliTitle);
    const heading = page.getByRole('heading', { level: 1, name: somaliTitle });
    await expect(heading).toHaveAttribute('lang', 'so');
    await expect(heading).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('group', { name: 'Språk för innehållet' })).toContainText(
      'Visas på Soomaali',
    );
    await page.screenshot({ path: `${screens}/translation-so-${width}.png`, fullPage: true });
    await expectAccessible(page);
  }
});

test('a guardian reading Somali gets the mail about a news item in Somali, the Swedish original below', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now();
  const swedish = {
    title: `Utvecklingssamtal vecka 48 (${stamp})`,
    excerpt: 'Boka en tid för samtal om ditt barns utveckling.',
  };
  const somali = {
    title: `Wada-hadallada horumarka toddobaadka 48 (${stamp})`,
    excerpt: 'Ballan samee si aad ugala hadasho horumarka ilmahaaga.',
  };
  const api = await apiAs(page, baseURL!, demo.admin.username);
  const roles = (await (await api.get('/api/core/v1/role')).json()) as {
    key: string;
    categoryId: number | null;
  }[];
  const guardians = roles.find((role) => role.key === 'role_caretaker')!.categoryId!;
  const news = {
    type: 'news',
    nodeIds: [1],
    categoryIds: [guardians],
    content: [],
    sendNotification: true,
    ...swedish,
  };
  // Written as a draft, translated, then published: the mails go out when it is published.
  const draft = await api.post('/api/core/v1/post', { data: { ...news, status: 'draft' } });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id } = (await draft.json()) as { id: number };
  const translated = await api.put(`/api/core/v1/post/${id}/translation/so`, { data: somali });
  expect(translated.status(), await translated.text()).toBe(200);
  const published = await api.put(`/api/core/v1/post/${id}`, {
    data: { ...news, status: 'publish' },
  });
  expect(published.status(), await published.text()).toBe(200);

  await loginAs(page, demo.admin.username, { at: '/profile/admin/notifications' });
  const outbox = page.getByRole('table', { name: 'E-post från portalen, nyaste först' });
  const aminas = outbox
    .getByRole('row')
    .filter({ hasText: 'amina.yusuf@example.org' })
    .filter({ hasText: somali.title });
  // The mails are sent by a job after the answer: the list is read again until it is there.
  await expect(async () => {
    await page.reload();
    await expect(aminas).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await aminas.getByRole('button', { name: 'Läs brevet till amina.yusuf@example.org' }).click();
  const mail = page.getByRole('dialog', { name: 'Brev till amina.yusuf@example.org' });
  await expect(mail).toContainText(somali.excerpt);
  await expect(mail).toContainText('Originalet på svenska:');
  await expect(mail).toContainText(swedish.excerpt);
  const text = (await mail.textContent())!;
  // The Somali first, the Swedish original below it.
  expect(text.indexOf(somali.excerpt)).toBeLessThan(text.indexOf('Originalet på svenska:'));
  expect(text.indexOf('Originalet på svenska:')).toBeLessThan(text.indexOf(swedish.excerpt));
  await page.screenshot({ path: `${screens}/translation-so-mail.png`, fullPage: true });
  await expectAccessible(page);
  await mail.getByRole('button', { name: 'Stäng' }).click();

  // A guardian who reads Swedish gets the Swedish mail only.
  const karins = outbox
    .getByRole('row')
    .filter({ hasText: 'karin.nilsson@example.org' })
    .filter({ hasText: swedish.title });
  await expect(karins).toHaveCount(1);
  await karins.getByRole('button', { name: 'Läs brevet till karin.nilsson@example.org' }).click();
  const karinsMail = page.getByRole('dialog', { name: 'Brev till karin.nilsson@example.org' });
  await expect(karinsMail).toContainText(swedish.excerpt);
  await expect(karinsMail).not.toContainText('Originalet på svenska');
  await expect(karinsMail).not.toContainText(somali.excerpt);
});
