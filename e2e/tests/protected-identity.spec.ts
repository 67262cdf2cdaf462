import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, demo, expectAccessible, loginAs } from './fixtures';

// Generous: on a loaded two-core machine the admin screens load lazily and slowly.
test.describe.configure({ timeout: 120_000 });

const screens = '.artifacts/screens';
const day = 86_400_000;
/** The demo's role categories (apps/server/src/db/seed). */
const category = { student: 4 } as const;

/** What must not be on a screen shown to someone without the right: any part of her name. */
async function expectProtectedPupilUnnamed(page: Page) {
  await expect(page.locator('body')).not.toContainText('Tove');
  await expect(page.locator('body')).not.toContainText('Svedberg');
}

interface SignedIn {
  id: number;
  groups: { id: number; name: string }[];
}

async function signedIn(api: APIRequestContext) {
  const response = await api.get('/api/core/v1/user');
  expect(response.status()).toBe(200);
  return (await response.json()) as SignedIn;
}

async function openUser(page: Page, name: string) {
  await page.goto('/profile/admin/users');
  await page.getByLabel('Sök namn, användarnamn eller e-post').fill(name.split(' ')[0]!);
  await page.getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeFocused();
}

test('an administrator sees that a person has a protected identity, and changes the mark only with a reason', async ({
  page,
}) => {
  await loginAs(page, demo.admin.username);
  await openUser(page, demo.protectedStudent.name);
  await expect(page.getByText('Skyddad identitet', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /^Skyddad identitet \(/ })).toContainText(
    'Skyddad identitet (Skyddad folkbokföring).',
  );
  const section = page.getByRole('heading', { name: 'Skyddade personuppgifter' }).locator('..');
  await expect(section.getByRole('combobox', { name: 'Skyddsmarkering' })).toHaveText(
    'Skyddad folkbokföring',
  );
  await page.screenshot({ path: `${screens}/skyddad-identitet-elev.png`, fullPage: true });
  await expectAccessible(page);

  // The teacher's mark: raised to skyddad folkbokföring, with a reason, and back again.
  await openUser(page, demo.protectedTeacher.name);
  const marking = page.getByRole('combobox', { name: 'Skyddsmarkering' });
  const save = page.getByRole('button', { name: 'Ändra skyddsmarkering' });
  await expect(marking).toHaveText('Sekretessmarkering');
  await expect(save).toBeDisabled();
  await marking.click();
  await page.getByRole('option', { name: 'Skyddad folkbokföring' }).click();
  await save.click();
  await expect(page.getByText('Skriv varför skyddsmarkeringen ändras.')).toBeVisible();
  await page.getByLabel(/Anledning till ändringen/).fill('Beslut från Skatteverket');
  await page.screenshot({ path: `${screens}/skyddad-identitet-andra.png`, fullPage: true });
  await expectAccessible(page);
  await save.click();
  await expect(page.getByText('Skyddsmarkeringen är ändrad.')).toBeVisible();
  await expect(page.getByText('Skyddad identitet (Skyddad folkbokföring).')).toBeVisible();

  await marking.click();
  await page.getByRole('option', { name: 'Sekretessmarkering' }).click();
  await page.getByLabel(/Anledning till ändringen/).fill('Rättat tillbaka');
  await save.click();
  await expect(page.getByText('Skyddad identitet (Sekretessmarkering).')).toBeVisible();
});

test('a class teacher’s class list counts the protected pupil as "Skyddad identitet", never by name', async ({
  page,
}) => {
  await loginAs(page, demo.teacher.username, { at: '/profile/my-groups' });
  await page.getByRole('button', { name: '3A', exact: true }).click();
  const pupils = page.getByRole('region', { name: /^Elever/ });
  await expect(pupils).toContainText('Elsa Nilsson');
  const hidden = page.getByRole('region', { name: /^Skyddade identiteter/ });
  await expect(hidden.getByText('Skyddad identitet', { exact: true })).toHaveCount(1);
  await expectProtectedPupilUnnamed(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${screens}/klasslista-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hidden).toBeVisible();
  await page.screenshot({ path: `${screens}/klasslista-390.png`, fullPage: true });
});

test('a co-organiser sees the protected teacher in the attendee list as "Skyddad identitet"', async ({
  page,
}) => {
  await loginAs(page, demo.teacherOther.username, { at: '/kurs/betyg-och-bedomning-i-praktiken' });
  const attendees = page.getByRole('region', { name: 'Deltagare' });
  await expect(attendees.getByRole('row', { name: /Johan Berg/ })).toBeVisible();
  await expect(attendees.getByRole('row', { name: /Skyddad identitet/ })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Hanna');
  await expect(page.locator('body')).not.toContainText('Strand');
  await expectAccessible(page);
  await page.screenshot({ path: `${screens}/kurs-deltagare-skyddad.png`, fullPage: true });
});

test('the read statistics count the protected pupil’s reading and name nobody', async ({
  page,
  browser,
}) => {
  const title = 'Utflykt till Naturhistoriska museet med 3A';
  const open = async (who: Page) => {
    await who.getByRole('region', { name: 'Nyheter' }).getByRole('link', { name: title }).click();
    await expect(who.getByRole('heading', { level: 1, name: title })).toBeVisible();
  };
  const readFigure = /(\d+) av (\d+) mottagare har läst/;
  const readCount = async () =>
    Number(readFigure.exec((await page.getByText(readFigure).textContent()) ?? '')?.[1]);

  await loginAs(page, demo.teacher.username);
  await open(page);
  const before = await readCount();

  const pupilContext = await browser.newContext();
  const pupil = await pupilContext.newPage();
  await loginAs(pupil, demo.protectedStudent.username);
  await open(pupil);
  const markRead = pupil.getByRole('button', { name: 'Markera som läst' });
  const alreadyRead = pupil.getByText('Du har läst det här');
  // The read marker comes after the text: wait for it, in whichever state, before counting.
  await expect(markRead.or(alreadyRead)).toBeVisible();
  const unread = (await markRead.count()) > 0;
  if (unread) await markRead.click();
  await expect(alreadyRead).toBeVisible();
  await pupilContext.close();

  await page.reload();
  await expect(page.getByText(readFigure)).toBeVisible();
  expect(await readCount()).toBe(before + (unread ? 1 : 0));
  await expectProtectedPupilUnnamed(page);
  await page.screenshot({ path: `${screens}/lasstatistik-skyddad.png`, fullPage: true });
});

test('a teacher co-organising a course for 3A sees the protected pupil booked on it as "Skyddad identitet"', async ({
  page,
  baseURL,
}) => {
  // Arranged through the API: an administrator's course for the pupils of 3A, with the class
  // teacher as co-organiser, and two pupils of the class booked on it.
  const admin = await apiAs(page, baseURL!, demo.admin.username);
  const teacher = await signedIn(await apiAs(page, baseURL!, demo.teacher.username));
  const tove = await signedIn(await apiAs(page, baseURL!, demo.protectedStudent.username));
  const elsa = await signedIn(await apiAs(page, baseURL!, demo.student.username));
  const classId = tove.groups.find((group) => group.name === '3A')!.id;
  const start = new Date(Date.now() + 12 * day);
  start.setUTCHours(8, 0, 0, 0);
  const created = await admin.post('/api/core/v1/course', {
    data: {
      type: 'course',
      title: `Simskola för 3A ${Date.now() % 100000}`,
      excerpt: 'Fyra morgnar i simhallen för klass 3A.',
      nodeIds: [classId],
      categoryIds: [category.student],
      editorIds: [teacher.id],
      courseDate: start.toISOString().slice(0, 10),
      course: {
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        place: 'Simhallen',
        numberOfAttendees: 30,
        bookable: true,
        attendeeInformation: [],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as { id: number; slug: string };
  for (const pupil of [elsa, tove]) {
    const booked = await admin.post(`/api/core/v1/course/${course.id}/attendee/${pupil.id}`, {
      data: {},
    });
    expect(booked.status(), await booked.text()).toBe(201);
  }

  await loginAs(page, demo.teacher.username, { at: `/kurs/${course.slug}` });
  const attendees = page.getByRole('region', { name: 'Deltagare' });
  await expect(attendees.getByRole('row', { name: /Elsa Nilsson/ })).toBeVisible();
  await expect(attendees.getByRole('row', { name: /Skyddad identitet/ })).toHaveCount(1);
  await expectProtectedPupilUnnamed(page);
  await expectAccessible(page);
  await page.screenshot({
    path: `${screens}/kurs-deltagare-elev-skyddad-1280.png`,
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(attendees.getByRole('row', { name: /Skyddad identitet/ })).toBeVisible();
  // The attendee table scrolls on its own; the page does not scroll sideways. The phone layout
  // comes with the app's media queries after the resize: measured once it has.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: `${screens}/kurs-deltagare-elev-skyddad-390.png`, fullPage: true });

  // The organisers' export says the same.
  const csv = await page.request.get(`/api/core/v1/course/${course.id}/attendees.csv`);
  expect(csv.status()).toBe(200);
  const exported = await csv.text();
  expect(exported).toContain('Skyddad identitet');
  expect(exported).not.toMatch(/Tove|Svedberg/);
});

test('the must-read report of a notice to 3A shows the protected pupil as "Skyddad identitet"', async ({
  page,
  baseURL,
}) => {
  // Arranged through the API: the class teacher's notice every pupil of 3A must confirm,
  // confirmed by the protected pupil herself.
  const teacherApi = await apiAs(page, baseURL!, demo.teacher.username);
  const toveApi = await apiAs(page, baseURL!, demo.protectedStudent.username);
  const classId = (await signedIn(toveApi)).groups.find((group) => group.name === '3A')!.id;
  const title = `Simskola för 3A: ta med badkläder ${Date.now() % 100000}`;
  const published = await teacherApi.post('/api/core/v1/post', {
    data: {
      type: 'news',
      title,
      excerpt: 'Bekräfta att du har läst om tider och vad du ska ta med.',
      nodeIds: [classId],
      categoryIds: [category.student],
      requiresAcknowledgement: true,
      acknowledgeBy: new Date(Date.now() + 7 * day).toISOString(),
    },
  });
  expect(published.status(), await published.text()).toBe(201);
  const post = (await published.json()) as { id: number; url: string };
  const confirmed = await toveApi.post(`/api/core/v1/post/${post.id}/acknowledge`, { data: {} });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await loginAs(page, demo.teacher.username, { at: new URL(post.url, baseURL).pathname });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Läsbekräftelser' }).click();
  const report = page.getByRole('dialog', { name: `Läsbekräftelser: ${title}` });
  const rows = report.getByRole('table', { name: 'Mottagare och deras läsbekräftelser' });
  await expect(rows.getByRole('row', { name: /Elsa Nilsson/ })).toContainText('Väntar');
  const hidden = rows.getByRole('row', { name: /Skyddad identitet/ });
  await expect(hidden).toHaveCount(1);
  await expect(hidden).toContainText('Bekräftad');
  await expectProtectedPupilUnnamed(page);
  await expectAccessible(page);
  // The dialog scrolls on its own: the screens show the row where the dialog has it in view.
  await hidden.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screens}/lasbekraftelser-skyddad-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await hidden.scrollIntoViewIfNeeded();
  await expect(hidden).toBeInViewport();
  await page.screenshot({ path: `${screens}/lasbekraftelser-skyddad-390.png` });
  await expectAccessible(page);
});
