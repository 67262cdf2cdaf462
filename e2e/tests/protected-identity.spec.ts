import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

// Generous: on a loaded two-core machine the admin screens load lazily and slowly.
test.describe.configure({ timeout: 120_000 });

const screens = '.artifacts/screens';

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
  await expect(page.getByText(demo.protectedStudent.name)).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('Svedberg');
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
  const unread = (await markRead.count()) > 0;
  if (unread) await markRead.click();
  await expect(pupil.getByText('Du har läst det här')).toBeVisible();
  await pupilContext.close();

  await page.reload();
  await expect(page.getByText(readFigure)).toBeVisible();
  expect(await readCount()).toBe(before + (unread ? 1 : 0));
  await expect(page.locator('body')).not.toContainText('Svedberg');
  await page.screenshot({ path: `${screens}/lasstatistik-skyddad.png`, fullPage: true });
});
