import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

// Two people sign in, with axe scans before and after.
test.describe.configure({ timeout: 120_000 });

const screens = '.artifacts/screens';
const title = 'Utflykt till Naturhistoriska museet med 3A';

async function openNews(page: Page) {
  await page.getByRole('region', { name: 'Nyheter' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

const comments = (page: Page) => page.getByRole('region', { name: /^Kommentarer/ });

test('a pupil likes and comments on a news item, reloads and sees both; the teacher likes the comment', async ({
  page,
  browser,
}) => {
  const text = `Jag ser fram emot dinosaurierna! ${Date.now() % 100000}`;

  await loginAs(page, demo.student.username);
  await openNews(page);
  await expect(comments(page).getByText('Inga kommentarer än.')).toBeVisible();
  await expectAccessible(page);

  // The like button, with the keyboard: a toggle button whose count describes it.
  const likePost = page.getByRole('button', { name: 'Gilla inlägget' });
  await expect(likePost).toHaveAttribute('aria-pressed', 'false');
  await likePost.focus();
  await page.keyboard.press('Space');
  await expect(likePost).toHaveAttribute('aria-pressed', 'true');
  await expect(likePost).toHaveAccessibleDescription('1 gillar · Du gillar detta');
  await expect(
    page.getByRole('status').filter({ hasText: 'Du gillar detta. 1 gillar.' }),
  ).toHaveCount(1);

  // An empty comment is refused beside the field, in Swedish, before anything is sent.
  await page.getByRole('button', { name: 'Skicka kommentar' }).click();
  const field = page.getByRole('textbox', { name: 'Skriv en kommentar' });
  await expect(field).toHaveAccessibleDescription(/^Fältet måste vara ifyllt/);
  await expect(field).toBeFocused();

  await field.fill(text);
  await page.getByRole('button', { name: 'Skicka kommentar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Din kommentar är publicerad.' }),
  ).toHaveCount(1);
  await expect(comments(page).getByRole('listitem')).toHaveCount(1);
  await expect(comments(page).getByRole('listitem')).toContainText(text);
  await expect(field).toHaveValue('');

  // After a reload both are still there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gilla inlägget' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const item = comments(page).getByRole('listitem');
  await expect(item).toContainText(text);
  await expect(item).toContainText(demo.student.name);
  await expect(
    item.getByRole('button', { name: new RegExp(`^Ta bort kommentaren av ${demo.student.name}`) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kommentarer (1)' })).toBeVisible();
  await expectAccessible(page);

  // The teacher reads the comment and likes it; it is not hers to delete.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await loginAs(teacher, demo.teacher.username);
  await openNews(teacher);
  const seen = comments(teacher).getByRole('listitem');
  await expect(seen).toContainText(text);
  await expect(seen.getByRole('button', { name: /^Ta bort/ })).toHaveCount(0);
  const likeComment = seen.getByRole('button', {
    name: `Gilla kommentaren av ${demo.student.name}`,
  });
  await likeComment.click();
  await expect(likeComment).toHaveAttribute('aria-pressed', 'true');
  await expect(likeComment).toHaveAccessibleDescription('1 gillar · Du gillar detta');
  await expect(teacher.getByRole('button', { name: 'Gilla inlägget' })).toHaveAccessibleDescription(
    '1 gillar',
  );
  await teacher.screenshot({ path: `${screens}/kommentarer-larare.png`, fullPage: true });
  await teacherContext.close();

  // The pupil sees the teacher's like, takes a screenshot and deletes her comment after confirming.
  await page.reload();
  await expect(
    comments(page).getByRole('button', { name: `Gilla kommentaren av ${demo.student.name}` }),
  ).toHaveAccessibleDescription('1 gillar');
  await page.screenshot({ path: `${screens}/kommentarer.png`, fullPage: true });

  await comments(page)
    .getByRole('button', { name: new RegExp(`^Ta bort kommentaren av ${demo.student.name}`) })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Ta bort kommentaren?' });
  await expect(dialog).toContainText('Din kommentar tas bort');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Ta bort' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Kommentarer (0)' })).toBeFocused();
  await expect(comments(page).getByText('Inga kommentarer än.')).toBeVisible();
});
