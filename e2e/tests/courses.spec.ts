import { expect, test, type Page } from '@playwright/test';
import { createCourse, demo, expectAccessible, loginAs } from './fixtures';

// Two people in two browsers, several axe scans: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const screens = '.artifacts/screens';

/** An organiser books someone by name (needs user_list to find them). */
async function bookFor(page: Page, courseId: number, name: string) {
  await page.evaluate(
    async ({ courseId: id, name: wanted }) => {
      const users = await (
        await fetch(`/api/core/v1/users?search=${encodeURIComponent(wanted)}`)
      ).json();
      const user = (users as { id: number; name: string }[]).find(
        (candidate) => candidate.name === wanted,
      );
      const response = await fetch(`/api/core/v1/course/${id}/attendee/${user!.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (response.status !== 201) throw new Error(await response.text());
    },
    { courseId, name },
  );
}

test.describe('courses', () => {
  test('an employee books a course; the organiser sees it and moves it to pending; the employee sees the new status', async ({
    browser,
    page,
  }) => {
    const title = `Planera tillsammans ${Date.now() % 100000}`;
    await loginAs(page, demo.schoolResponsible.username);
    const course = await createCourse(page, title, {
      places: 5,
      questions: [
        { title: 'Vilken skola arbetar du på?', required: true },
        { title: 'Specialkost eller allergier', required: false },
      ],
    });

    const employeeContext = await browser.newContext();
    const employee = await employeeContext.newPage();
    await loginAs(employee, demo.employee.username, { at: '/profile/my-courses' });
    await expect(employee.getByRole('heading', { level: 1, name: 'Mina kurser' })).toBeVisible();
    await expectAccessible(employee);
    await employee.screenshot({ path: `${screens}/mina-kurser.png`, fullPage: true });
    await employee.getByRole('link', { name: title }).click();
    await expect(employee).toHaveURL(new RegExp(`/kurs/${course.slug}$`));
    await expect(employee.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(employee.getByText('5 av 5 platser kvar')).toBeVisible();
    await expect(employee.getByRole('link', { name: 'Lägg till i kalender' })).toHaveAttribute(
      'href',
      `/api/core/v1/course/${course.id}/calendar.ics`,
    );
    await expectAccessible(employee);
    await employee.screenshot({ path: `${screens}/kurs-boka.png`, fullPage: true });

    // The required question must be answered first.
    await employee.getByRole('button', { name: 'Boka plats' }).click();
    await expect(employee.getByText('Fältet måste vara ifyllt')).toBeVisible();
    await employee.getByLabel(/^Vilken skola arbetar du på\?/).fill('Utbildningsförvaltningen');
    await employee.getByLabel('Specialkost eller allergier').fill('Vegetarisk');
    await employee.getByRole('button', { name: 'Boka plats' }).click();
    await expect(
      employee.getByRole('status').filter({ hasText: 'Din anmälan: Bokad' }),
    ).toBeVisible();
    await expect(employee.getByText('4 av 5 platser kvar')).toBeVisible();
    await expect(employee.getByRole('button', { name: 'Avboka' })).toBeVisible();
    await expect(employee.getByText('Vegetarisk')).toBeVisible();
    await expectAccessible(employee);
    await employee.screenshot({ path: `${screens}/kurs-bokad.png`, fullPage: true });

    await page.goto(`/kurs/${course.slug}`);
    const attendees = page.getByRole('region', { name: 'Deltagare' });
    const row = attendees.getByRole('row', { name: /Sara Ekström/ });
    await expect(row).toContainText('Utbildningsförvaltningen');
    await expect(row).toContainText('Vegetarisk');
    await expectAccessible(page);
    await page.screenshot({ path: `${screens}/kurs-arrangor.png`, fullPage: true });
    await row.getByRole('combobox', { name: 'Ändra status för Sara Ekström' }).click();
    await page.getByRole('option', { name: 'Väntande' }).click();
    await expect(attendees.getByText('Sara Ekström har nu status Väntande.')).toBeVisible();
    await expect(attendees).toContainText('Bokade: 0 · Väntande: 1 · Reservlista: 0');

    await employee.reload();
    await expect(
      employee.getByRole('status').filter({ hasText: 'Din anmälan: Väntande' }),
    ).toBeVisible();
    await employee.goto('/profile/my-courses');
    const mine = employee.getByRole('region', { name: 'Mina anmälningar' });
    await expect(mine.getByRole('row', { name: new RegExp(title) })).toContainText('Väntande');
    await employeeContext.close();
  });

  test('a booking on a full course lands on the reserve list, which one may leave', async ({
    browser,
    page,
  }) => {
    const title = `Fullbokad kurs ${Date.now() % 100000}`;
    await loginAs(page, demo.schoolResponsible.username);
    const course = await createCourse(page, title, { places: 1 });
    await bookFor(page, course.id, demo.teacherOther.name);

    const employeeContext = await browser.newContext();
    const employee = await employeeContext.newPage();
    await loginAs(employee, demo.employee.username, { at: `/kurs/${course.slug}` });
    await expect(employee.getByText('Fullbokad', { exact: true })).toBeVisible();
    await employee.getByRole('button', { name: 'Ställ dig på reservlistan' }).click();
    const status = employee.getByRole('status').filter({ hasText: 'Din anmälan: Reserv' });
    await expect(status).toContainText('Du är nummer 1 på reservlistan.');
    await expectAccessible(employee);
    await employee.screenshot({ path: `${screens}/kurs-reserv.png`, fullPage: true });

    await page.goto(`/kurs/${course.slug}`);
    const attendees = page.getByRole('region', { name: 'Deltagare' });
    await expect(attendees.getByRole('row', { name: /Sara Ekström/ })).toContainText('Reserv 1');

    await employee.getByRole('button', { name: 'Avboka' }).click();
    const confirm = employee.getByRole('dialog', { name: /lämna reservlistan/ });
    await expectAccessible(employee);
    await confirm.getByRole('button', { name: 'Avboka' }).click();
    await expect(employee.getByText('Du är avbokad från kursen.')).toBeVisible();
    await expect(employee.getByRole('button', { name: 'Ställ dig på reservlistan' })).toBeVisible();
    await employeeContext.close();
  });

  test('an organiser adds an external attendee, writes to the attendees and makes a calendar link', async ({
    page,
  }) => {
    await loginAs(page, demo.schoolResponsible.username, { at: '/profile/my-courses' });
    await page.getByRole('link', { name: 'Digitala verktyg i klassrummet' }).click();
    const attendees = page.getByRole('region', { name: 'Deltagare' });
    await expect(attendees.getByRole('row', { name: /Karin Lund/ })).toContainText('Extern');

    await attendees.getByRole('button', { name: 'Lägg till extern deltagare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lägg till extern deltagare' });
    await dialog.getByLabel(/^Namn/).fill('Per Persson');
    await dialog.getByLabel(/^E-postadress/).fill('per.persson.friskolan.se');
    await dialog.getByLabel(/^Vilken skola arbetar du på\?/).fill('Friskolan Solkusten');
    await dialog.getByRole('button', { name: 'Lägg till' }).click();
    await expect(dialog.getByText('Fel format på e-postadressen')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${screens}/kurs-extern.png` });
    await dialog.getByLabel(/^E-postadress/).fill('per.persson@solkusten.se');
    await dialog.getByRole('button', { name: 'Lägg till' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      attendees.getByText('Per Persson har lagts till och fått en bekräftelse.'),
    ).toBeVisible();

    await attendees.getByRole('button', { name: 'Skicka e-post till deltagarna' }).click();
    const mail = page.getByRole('dialog', { name: 'Skicka e-post till deltagarna' });
    await mail.getByLabel(/^Ämne/).fill('Ta med dator');
    await mail.getByLabel(/^Meddelande/).fill('Glöm inte att ta med din dator till kursen.');
    await expectAccessible(page);
    await mail.getByRole('button', { name: 'Skicka' }).click();
    await expect(attendees.getByText(/Meddelandet har skickats till 5 deltagare\./)).toBeVisible();

    const download = page.waitForEvent('download');
    await attendees.getByRole('link', { name: 'Exportera (CSV)' }).click();
    expect((await download).suggestedFilename()).toBe(
      'deltagare-digitala-verktyg-i-klassrummet.csv',
    );

    await page.goto('/profile/my-courses');
    const feed = page.getByRole('region', { name: 'Prenumerera i din kalender' });
    await feed.getByRole('button', { name: 'Skapa kalenderlänk' }).click();
    const link = feed.getByLabel('Kalenderlänk');
    await expect(link).toHaveValue(/\/api\/core\/v1\/course-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectAccessible(page);
    await page.screenshot({ path: `${screens}/mina-kurser-kalender.png`, fullPage: true });
    const ics = await page.request.get(await link.inputValue());
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain('SUMMARY:Första hjälpen – grundkurs');
    await feed.getByRole('button', { name: 'Ta bort länken' }).click();
    await expect(feed.getByText(/Kalenderlänken är borttagen/)).toBeVisible();
  });
});
