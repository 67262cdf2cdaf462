import { expect, test } from '@playwright/test';
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
  expectFocused,
  expectFocusVisible,
  expectFocusWithin,
  signInWithKeyboard,
  tabTo,
  type,
} from './keyboard';

/**
 * Issue 13, by keyboard alone: course booking, the page builder, likes and
 * comments. Tab, Shift+Tab, Enter, Space, arrows and Escape; after `page.goto`
 * no mouse and no `click`. Focus is visible at every stop, dialogs keep the
 * focus inside and give it back to what opened them, and nothing traps the
 * focus.
 */

// Long keyboard walks and axe scans take longer than the default 30 s.
// Generous: on a loaded two-core machine a keyboard flow with screens that load lazily takes over a minute.
test.describe.configure({ timeout: 180_000 });

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
  await expect(question).toHaveAccessibleDescription('Fältet måste vara ifyllt');
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
  await loginAs(reader, demo.teacherOther.username, { at: post.url });
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
