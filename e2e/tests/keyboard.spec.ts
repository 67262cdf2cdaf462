import { expect, test, type Page } from '@playwright/test';
import {
  apiAs,
  createCourse,
  demo,
  expectAccessible,
  loginAs,
  publishNews,
  testBlock,
} from './fixtures';
import {
  arrowTo,
  expectFocused,
  expectFocusVisible,
  expectFocusWithin,
  signInWithKeyboard,
  tabTo,
  type,
} from './keyboard';

/**
 * Issue 13: the flows of the suite done with the keyboard alone — Tab,
 * Shift+Tab, Enter, Space, arrows and Escape; after `page.goto` no mouse and
 * no `click`. Focus is visible at every stop, dialogs keep the focus inside
 * and give it back to what opened them, and nothing traps the focus.
 */

// Long keyboard walks and axe scans take longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const header = (page: Page) => page.getByRole('banner');

test('sign in, skip to the content, and move between pages with the heading focused', async ({
  page,
}) => {
  await page.goto('/login');
  // The skip link is the first stop on every page.
  await page.keyboard.press('Tab');
  await expectFocused(page.getByRole('link', { name: 'Till huvudinnehållet' }));
  await expectFocusVisible(page);

  await signInWithKeyboard(page, demo.teacherOther.username);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Johan');
  // Signed in, the focus is on the start page's heading, where reading starts.
  await expectFocused(heading);

  // A page loaded afresh starts with the skip link.
  await page.reload();
  await expect(heading).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Till huvudinnehållet' });
  await expectFocused(skip);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expectFocusWithin(page.locator('main'));
  // From the content, the next stop is in the content, not the header.
  await page.keyboard.press('Tab');
  await expectFocusWithin(page.locator('main'));
  await expectFocusVisible(page);

  await tabTo(page, header(page).getByRole('link', { name: 'Min profil' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/info/);
  // A route change puts the focus on the new page's main heading.
  await expectFocused(page.getByRole('heading', { level: 1 }));
});

test('no keyboard trap: Tab runs through the start page and round again, Shift+Tab back', async ({
  page,
}) => {
  await signInWithKeyboard(page, demo.student.username);
  const skip = page.getByRole('link', { name: 'Till huvudinnehållet' });
  const last = page.getByRole('button', { name: 'Till toppen av sidan' });
  await page.locator('body').focus();
  const steps = await tabTo(page, last, { max: 80 });
  expect(steps).toBeGreaterThan(5);
  // Past the last control the focus leaves the page and comes round to the first.
  await tabTo(page, skip, { max: 3 });
  await tabTo(page, last, { backwards: true, max: 3 });
});

test('switch role from the header menu with the arrow keys', async ({ page }) => {
  await signInWithKeyboard(page, demo.teacher.username, 'lärare');
  const trigger = header(page).getByRole('button', { name: 'Välj Roll' });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Välj Roll' });
  await expectFocusWithin(menu);
  // The account in use is disabled; the arrows go round the others.
  const caretaker = menu.getByRole('menuitem', { name: /Vårdnadshavare/ });
  await arrowTo(page, menu.getByRole('menuitem', { name: /Olle Larsson/ }));
  await arrowTo(page, caretaker, 'ArrowUp');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expectFocused(trigger);

  await page.keyboard.press('Enter');
  await expectFocusWithin(menu);
  await arrowTo(page, caretaker);
  await page.keyboard.press('Enter');
  // The welcome of the page load the switch starts, not a word the old page may show.
  await expect(page.locator('main')).toContainText('Du är inloggad som vårdnadshavare');
});

test('the favourites dialog keeps the focus inside and gives it back on close', async ({
  page,
}) => {
  await signInWithKeyboard(page, demo.teacher.username, 'lärare');
  const trigger = header(page).getByRole('button', { name: 'Favoriter' });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Mina favoriter' });
  await expect(dialog.getByRole('link', { name: /UR Play/ })).toBeVisible();
  await expectFocusWithin(dialog);

  // Round the dialog both ways: the focus never leaves it.
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Tab');
    await expectFocusWithin(dialog);
    await expectFocusVisible(page);
  }
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Shift+Tab');
    await expectFocusWithin(dialog);
  }
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocused(trigger);
  await expectFocusVisible(page);

  // Again, and on to the edit page by its link.
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('link', { name: 'Redigera favoriter' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/favorites$/);
  await expect(dialog).toHaveCount(0);
  await expectFocused(page.getByRole('heading', { level: 1 }));
});

test('add an optional tool and sort the tools with the keyboard', async ({ page }) => {
  await signInWithKeyboard(page, 'fatima.ali');
  await tabTo(page, page.getByRole('link', { name: 'Hantera mina verktyg' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/tools$/);
  await expectFocused(page.getByRole('heading', { level: 1 }));

  await tabTo(page, page.getByRole('button', { name: 'Lägg till IT-support' }));
  await page.keyboard.press('Enter');
  const list = page.getByRole('list', { name: 'Mina verktyg' });
  await expect(list.getByText('IT-support')).toBeVisible();
  const position = async (name: string) =>
    (await list.getByRole('listitem').allInnerTexts()).findIndex((text) => text.includes(name));
  const count = await list.getByRole('listitem').count();
  expect(await position('IT-support')).toBe(count - 1);

  // Lift with Space, two places up with the arrows, drop with Space.
  await tabTo(page, page.getByRole('button', { name: 'Flytta IT-support' }), { backwards: true });
  for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect.poll(() => position('IT-support')).toBe(count - 3);
  await expect(page.getByRole('status').filter({ hasText: 'Ordningen är sparad.' })).toHaveCount(1);
  // Escape while lifted puts it back where it was.
  await tabTo(page, page.getByRole('button', { name: 'Flytta IT-support' }));
  for (const key of ['Space', 'ArrowDown', 'Escape']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  expect(await position('IT-support')).toBe(count - 3);

  // The arrow buttons, with Enter.
  await tabTo(page, page.getByRole('button', { name: 'Flytta upp IT-support' }));
  const saved = page.waitForResponse((response) => response.url().includes('/link-sort'));
  await page.keyboard.press('Enter');
  await saved;
  await expect.poll(() => position('IT-support')).toBe(count - 4);
  await expectAccessible(page);

  await page.reload();
  await expect.poll(() => position('IT-support')).toBe(count - 4);
});

test('administration: create a tool with an icon using only the keyboard', async ({ page }) => {
  const name = `Tangentbord ${Date.now() % 100000}`;
  await signInWithKeyboard(page, demo.admin.username);
  await page.goto('/profile/admin/tools');
  const create = page.getByRole('button', { name: 'Nytt verktyg' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nytt verktyg' });
  await expectFocusWithin(dialog);

  await tabTo(page, dialog.getByLabel(/^Namn/));
  await type(page, name);
  await page.keyboard.press('Tab');
  await type(page, 'Skriv med tangentbordet');
  await page.keyboard.press('Tab');
  await type(page, 'Ett verktyg som skapas utan mus, bara med tangenter.');
  await tabTo(page, dialog.getByLabel(/^Adress \(URL\)/));
  await type(page, 'https://tangent.exempelby.se');

  await tabTo(page, dialog.getByRole('button', { name: 'Välj ikon' }));
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Välj ikon för verktyget' });
  await expectFocusWithin(picker);
  await tabTo(page, picker.getByLabel('Sök på titel'));
  await type(page, 'Meddelanden');
  await expect(picker.getByText('1 träffar')).toBeVisible();
  await tabTo(page, picker.getByRole('button', { name: 'Välj Meddelanden' }));
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expectFocused(dialog.getByRole('button', { name: 'Byt ikon' }));
  await expect(dialog.getByText('Vald ikon: Meddelanden')).toBeVisible();

  await tabTo(page, dialog.getByRole('checkbox', { name: 'Lärare' }));
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Lärare' })).toBeChecked();
  await tabTo(page, dialog.getByLabel('Sök grupp'));
  await type(page, 'Norrby');
  const school = dialog.getByRole('checkbox', { name: /^Norrby gymnasium/ });
  await tabTo(page, school);
  await page.keyboard.press('Space');
  await expect(school).toBeChecked();

  await tabTo(page, dialog.getByRole('button', { name: 'Spara' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // Back on the button that opened the form.
  await expectFocused(create);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Norrby gymnasium');
  await expect(row.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);

  // Remove it again: the confirmation takes Enter, Escape would cancel.
  await tabTo(page, page.getByRole('button', { name: `Ta bort ${name}` }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Ta bort verktyget?' });
  await expectFocusWithin(confirm);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expectFocused(page.getByRole('button', { name: `Ta bort ${name}` }));
});

test('upload to the media library with the keyboard', async ({ page }) => {
  await signInWithKeyboard(page, demo.admin.username);
  await page.goto('/profile/admin/icon');
  const open = page.getByRole('button', { name: 'Ladda upp' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const upload = page.getByRole('dialog', { name: 'Ladda upp till mediabiblioteket' });
  await expectFocusWithin(upload);

  // The file button opens the system's file dialog, where the keyboard user picks the file.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#5b2a86';
    context.fillRect(0, 0, 400, 300);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await tabTo(page, upload.getByRole('button', { name: 'Välj fil' }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'lila-ruta.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(upload.getByText('Bilden är 400×300 px.')).toBeVisible();

  await tabTo(page, upload.getByLabel(/^Titel/));
  await page.keyboard.press('ControlOrMeta+A');
  await type(page, 'Lila tangentruta');
  await tabTo(page, upload.getByLabel(/^Alternativtext/));
  await type(page, 'En lila ruta');
  await tabTo(page, upload.getByRole('combobox', { name: /^Kategori/ }));
  await page.keyboard.press('Enter');
  const options = page.getByRole('listbox');
  await expectFocusWithin(options);
  await page.keyboard.press('Escape');
  await expectFocused(upload.getByRole('combobox', { name: /^Kategori/ }));

  await tabTo(page, upload.getByRole('button', { name: 'Ladda upp' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('”Lila tangentruta” är uppladdad.')).toBeVisible();
  await expect(upload).toHaveCount(0);
  await expectFocused(open);

  // And out again: delete with Enter on the confirmation.
  await tabTo(page, page.getByRole('button', { name: 'Ta bort Lila tangentruta' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Ta bort media' });
  await tabTo(page, confirm.getByRole('button', { name: 'Ta bort' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('”Lila tangentruta” är borttagen.')).toBeVisible();
});

test("book a course, answering the organiser's question, and cancel the booking", async ({
  browser,
  page,
}) => {
  const title = `Samtal i klassrummet ${Date.now() % 100000}`;
  const organiser = await (await browser.newContext()).newPage();
  await loginAs(organiser, demo.schoolResponsible.username);
  const course = await createCourse(organiser, title, {
    places: 10,
    questions: [{ title: 'Vilken skola arbetar du på?', required: true }],
  });
  await organiser.context().close();

  await signInWithKeyboard(page, demo.employee.username);
  await page.goto(`/kurs/${course.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const booking = page.getByRole('region', { name: 'Anmälan' });
  const book = booking.getByRole('button', { name: 'Boka plats' });

  // The required question left empty: the focus goes to it, and its error describes it.
  await tabTo(page, book);
  await page.keyboard.press('Enter');
  const question = booking.getByRole('textbox', { name: /^Vilken skola arbetar du på\?/ });
  await expectFocused(question);
  await expect(question).toHaveAccessibleDescription('Frågan måste besvaras');
  await expectFocusVisible(page);
  await type(page, 'Utbildningsförvaltningen');
  await tabTo(page, book);
  await page.keyboard.press('Enter');

  // The booking is confirmed in a status message, which takes the focus.
  const booked = booking.getByRole('status').filter({ hasText: 'Din anmälan: Bokad' });
  await expect(booked).toContainText('Du är bokad på kursen.');
  await expectFocused(booked);
  await expect(page.getByText('9 av 10 platser kvar')).toBeVisible();
  await expectAccessible(page);

  // Cancelling asks first; Escape keeps the booking and gives the focus back.
  const cancel = booking.getByRole('button', { name: 'Avboka' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Vill du avboka dig från kursen?' });
  await expectFocusWithin(confirm);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expectFocused(cancel);

  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Avboka' }));
  await page.keyboard.press('Enter');
  const cancelled = booking.getByRole('status').filter({ hasText: 'Du är avbokad från kursen.' });
  await expectFocused(cancelled);
  await expect(page.getByText('10 av 10 platser kvar')).toBeVisible();
  await expect(book).toBeVisible();
  await expectAccessible(page);
});

test('move a block in the page builder with the keyboard, save, and read the new order', async ({
  page,
  baseURL,
  browser,
}) => {
  const title = `Program för studiedagen ${Date.now() % 100000}`;
  const steps = [
    'Först: samling i aulan.',
    'Sedan: workshoppar i klassrummen.',
    'Sist: gemensam fika.',
  ] as const;
  const post = await publishNews(await apiAs(page, baseURL!, demo.admin.username), {
    title,
    roles: ['role_teacher'],
    content: steps.map((step, index) =>
      testBlock(`step-${index}`, 'html', { html: `<p>${step}</p>` }),
    ),
  });

  await signInWithKeyboard(page, demo.admin.username);
  await page.goto(`/skapa-innehall/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Redigera ”${title}”` })).toBeVisible();
  const builder = page.getByRole('list', { name: 'Sidbyggaren' });
  const order = async () =>
    (await builder.getByRole('listitem').allInnerTexts()).map(
      (text) => steps.find((step) => text.includes(step)) ?? text,
    );
  expect(await order()).toEqual(steps);
  const said = (text: string) => page.getByRole('status').filter({ hasText: text });

  // The handle: lift with Space, two places up with the arrows, drop with Space.
  const handle = builder.getByRole('button', { name: 'Dra för att flytta Text 3' });
  await tabTo(page, handle);
  for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect.poll(order).toEqual([steps[2], steps[0], steps[1]]);
  await expect(said('Text 3 flyttad till plats 1 av 3 i sidan.')).toHaveCount(1);
  await expectFocusVisible(page);

  // The button: the block now second goes down to the end; its handle keeps the focus there.
  await tabTo(page, builder.getByRole('button', { name: 'Flytta ned Text 2' }));
  await page.keyboard.press('Enter');
  await expect.poll(order).toEqual([steps[2], steps[1], steps[0]]);
  await expect(said('Text 2 flyttad till plats 3 av 3 i sidan.')).toHaveCount(1);
  await expectFocused(builder.getByRole('button', { name: 'Dra för att flytta Text 3' }));
  await expectFocusVisible(page);
  await expectAccessible(page);

  const save = page
    .getByRole('region', { name: 'Spara och publicera' })
    .getByRole('button', { name: 'Spara ändringar' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Sparat.' })).toBeVisible();

  // A teacher reading the news sees the blocks in the new order.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await loginAs(reader, demo.teacherOther.username);
  await reader.goto(post.url);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const shown = reader.getByRole('main').getByText(/^(Först|Sedan|Sist):/);
  await expect(shown).toHaveText([steps[2], steps[1], steps[0]]);
  await readerContext.close();
});

test("like a news item, comment on it, like a comment and delete one's own, by keyboard", async ({
  page,
  baseURL,
}) => {
  const title = `Skolbiblioteket har fått nya böcker ${Date.now() % 100000}`;
  const post = await publishNews(await apiAs(page, baseURL!, demo.admin.username), {
    title,
    roles: ['role_student', 'role_teacher'],
    content: [testBlock('text', 'html', { html: '<p>Kom och låna under rasterna.</p>' })],
  });
  const teacher = await apiAs(page, baseURL!, demo.teacherOther.username);
  const first = await teacher.post('/api/core/v1/comment', {
    data: { postId: post.id, text: 'Tipsa gärna om fler böcker ni vill läsa!' },
  });
  expect(first.status(), await first.text()).toBe(201);

  await signInWithKeyboard(page, demo.student.username);
  await page.goto(post.url);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const comments = page.getByRole('region', { name: /^Kommentarer/ });
  await expect(comments.getByRole('listitem')).toHaveCount(1);

  // The news item: the toggle keeps the focus, and what happened is announced.
  const likePost = page.getByRole('button', { name: 'Gilla inlägget' });
  await tabTo(page, likePost);
  await page.keyboard.press('Space');
  await expect(likePost).toHaveAttribute('aria-pressed', 'true');
  await expectFocused(likePost);
  await expect(
    page.getByRole('status').filter({ hasText: 'Du gillar detta. 1 gillar.' }),
  ).toHaveCount(1);

  // The teacher's comment, with Enter this time.
  const likeComment = comments.getByRole('button', {
    name: `Gilla kommentaren av ${demo.teacherOther.name}`,
  });
  await tabTo(page, likeComment);
  await page.keyboard.press('Enter');
  await expect(likeComment).toHaveAttribute('aria-pressed', 'true');
  await expectFocused(likeComment);
  await expect(likeComment).toHaveAccessibleDescription('1 gillar · Du gillar detta');

  // A comment, written and sent from the keyboard.
  const text = `Finns det fler serieböcker? ${Date.now() % 100000}`;
  const field = comments.getByRole('textbox', { name: 'Skriv en kommentar' });
  await tabTo(page, field);
  await type(page, text);
  const send = comments.getByRole('button', { name: 'Skicka kommentar' });
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Din kommentar är publicerad.' }),
  ).toHaveCount(1);
  await expect(comments.getByRole('listitem')).toHaveCount(2);
  await expect(comments.getByRole('listitem').last()).toContainText(text);
  await expect(field).toHaveValue('');
  await expectFocused(send);
  await expectAccessible(page);

  // And deleted again after the confirmation; the focus lands on the comments' heading.
  await tabTo(
    page,
    comments.getByRole('button', {
      name: new RegExp(`^Ta bort kommentaren av ${demo.student.name}`),
    }),
    { backwards: true },
  );
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Ta bort kommentaren?' });
  await expectFocusWithin(dialog);
  await tabTo(page, dialog.getByRole('button', { name: 'Ta bort' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expectFocused(page.getByRole('heading', { name: 'Kommentarer (1)' }));
});
