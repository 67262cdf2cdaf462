import { expect, test, type APIRequestContext, type Request } from '@playwright/test';
import { apiAs, demo, expectAccessible, testBlock } from './fixtures';

/**
 * A must-read notice's one-click link (decision 0040): the class teacher of
 * 3A publishes a notice every guardian must confirm, with a notification;
 * with no SMTP server the outbox keeps the mail as it would have gone out,
 * link and all. The guardian opens the link on her phone without signing in,
 * reads the notice and confirms; the teacher's report shows it came through
 * the mail. A revoked link and one never made are pages of their own.
 */
const title = `Läsbekräftelse: ny rutin vid sjukanmälan ${Date.now()}`;
const shots = '.artifacts/screenshots';
const day = 86_400_000;

interface ReportRow {
  userId: number | null;
  name: string;
  childName: string | null;
  state: string;
  via: string | null;
}

async function caretakerCategory(admin: APIRequestContext) {
  const roles = (await (await admin.get('/api/core/v1/role')).json()) as {
    key: string;
    categoryId: number | null;
  }[];
  return roles.find((role) => role.key === 'role_caretaker')!.categoryId!;
}

async function karinsRow(teacher: APIRequestContext, postId: number) {
  const report = await teacher.get(`/api/core/v1/post/${postId}/acknowledgements?perPage=100`);
  expect(report.status(), await report.text()).toBe(200);
  return ((await report.json()) as ReportRow[]).find((row) => row.name === demo.caretaker.name);
}

test('a guardian confirms a must-read notice from the mail without signing in, and the teacher sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  // Publishing, the mail job, two widths with their scans, and the ended pages.
  test.slow();
  const admin = await apiAs(page, baseURL!, demo.admin.username);
  const teacher = await apiAs(page, baseURL!, demo.teacher.username);
  const groups = (await (await teacher.get('/api/core/v1/post-target-groups')).json()) as {
    id: number;
    name: string;
  }[];
  const class3A = groups.find((group) => group.name === '3A')!;
  const published = await teacher.post('/api/core/v1/post', {
    data: {
      type: 'info',
      title,
      excerpt: 'Från och med måndag sjukanmäler ni ert barn i Skolportalen före klockan 8.',
      content: [
        testBlock('rutin', 'html', {
          html: '<p>Ring inte längre till expeditionen. Anmäl frånvaron under <strong>Mitt barn</strong> i portalen, eller svara på sms:et från skolan.</p>',
        }),
      ],
      nodeIds: [class3A.id],
      categoryIds: [await caretakerCategory(admin)],
      requiresAcknowledgement: true,
      acknowledgement: 'each-guardian',
      acknowledgeBy: new Date(Date.now() + 5 * day).toISOString(),
      sendNotification: true,
    },
  });
  expect(published.status(), await published.text()).toBe(201);
  const notice = (await published.json()) as { id: number };
  expect(await karinsRow(teacher, notice.id)).toMatchObject({ state: 'pending', via: null });

  // The mail to Karin as the outbox keeps it, written out with her link once the mail job ran.
  let mail = '';
  await expect
    .poll(
      async () => {
        const outbox = await admin.get('/api/portal-service/v1/notification/outbox?perPage=50');
        const mails = (await outbox.json()) as {
          to: string;
          subject: string;
          text: string;
          status: string;
        }[];
        const mine = mails.find(
          (item) => item.subject === title && item.to === 'karin.nilsson@example.org',
        );
        mail = mine?.status === 'kept' ? mine.text : '';
        return mail;
      },
      { timeout: 30_000, message: 'the mail to Karin in the outbox' },
    )
    .toContain('/bekrafta/');
  expect(mail).toContain('att du har läst – med ett klick, utan att logga in:');
  const link = /https?:\/\/[^\s]+\/bekrafta\/[A-Za-z0-9_-]{43}/.exec(mail)![0];
  const path = new URL(link).pathname;

  // Karin, on her phone, in a browser that has never signed in.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const guardian = await phone.newPage();
  const asked: string[] = [];
  guardian.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}`);
  });
  await guardian.goto(path);
  await expect(
    guardian.getByRole('heading', { level: 1, name: 'Bekräfta att du har läst' }),
  ).toBeVisible();
  await expect(guardian.getByText('Hej Karin!', { exact: false })).toBeVisible();
  const article = guardian.getByRole('article', { name: title });
  await expect(article).toContainText('Ring inte längre till expeditionen.');
  const confirm = guardian.getByRole('button', { name: 'Jag har läst (för Elsa Nilsson)' });
  await expect(confirm).toBeVisible();
  await guardian.screenshot({ path: `${shots}/must-read-link-390.png`, fullPage: true });
  await expectAccessible(guardian);
  // Opening the link confirmed nothing.
  expect(await karinsRow(teacher, notice.id)).toMatchObject({ state: 'pending' });

  await confirm.click();
  await expect(guardian.getByRole('status').filter({ hasText: 'Tack!' })).toHaveText(
    `Tack! Du har bekräftat ”${title}” för Elsa Nilsson.`,
  );
  await expect(guardian.getByRole('listitem').filter({ hasText: 'Elsa Nilsson' })).toHaveText(
    'Elsa Nilsson: Du har bekräftat',
  );
  await guardian.screenshot({ path: `${shots}/must-read-link-confirmed-390.png`, fullPage: true });
  await expectAccessible(guardian);

  await guardian.setViewportSize({ width: 1280, height: 800 });
  await guardian.reload();
  await expect(
    guardian.getByText('Du har bekräftat för alla barn som meddelandet gäller.'),
  ).toBeVisible();
  await guardian.screenshot({ path: `${shots}/must-read-link-1280.png`, fullPage: true });
  await expectAccessible(guardian);
  // Only the link's own calls (and the page count's setting): nothing of the signed-in app.
  expect(
    asked.filter(
      (call) => !call.includes('/acknowledgement-link/') && !call.includes('/analytics/'),
    ),
  ).toEqual([]);

  // The teacher's report: Karin confirmed, through the mail.
  expect(await karinsRow(teacher, notice.id)).toMatchObject({
    childName: 'Elsa Nilsson',
    state: 'acknowledged',
    via: 'email-link',
  });

  // The teacher withdraws the links: Karin's now opens a page that says so, with the way in.
  const revoked = await teacher.post(
    `/api/core/v1/post/${notice.id}/acknowledgement-links/revoke`,
    { data: {} },
  );
  expect(revoked.status(), await revoked.text()).toBe(200);
  await guardian.goto(path);
  await expect(
    guardian.getByRole('heading', { level: 1, name: 'Länken gäller inte längre' }),
  ).toBeVisible();
  await expect(guardian.getByRole('link', { name: 'Logga in i Skolportalen' })).toBeVisible();
  await guardian.screenshot({ path: `${shots}/must-read-link-revoked-1280.png`, fullPage: true });
  await expectAccessible(guardian);

  await guardian.setViewportSize({ width: 390, height: 844 });
  await guardian.goto(`/bekrafta/${'x'.repeat(43)}`);
  await expect(
    guardian.getByRole('heading', { level: 1, name: 'Länken finns inte' }),
  ).toBeVisible();
  await guardian.screenshot({ path: `${shots}/must-read-link-unknown-390.png`, fullPage: true });
  await expectAccessible(guardian);
  await phone.close();

  // Out of the other specs' way: the notice goes to the trash.
  expect((await teacher.delete(`/api/core/v1/post/${notice.id}`)).status()).toBe(200);
});
