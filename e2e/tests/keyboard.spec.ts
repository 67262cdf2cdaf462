import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible } from './fixtures';
import {
  arrowTo,
  expectFocused,
  expectFocusVisible,
  expectFocusWithin,
  signInWithKeyboard,
  tabTo,
} from './keyboard';

/**
 * Issue 13, by keyboard alone: the sign-in, moving around the portal, the
 * header menu and dialogs. Tab, Shift+Tab, Enter, Space, arrows and Escape;
 * after `page.goto` no mouse and no `click`. Focus is visible at every stop,
 * dialogs keep the focus inside and give it back to what opened them, and
 * nothing traps the focus.
 */

// Long keyboard walks and axe scans take longer than the default 30 s.
// Generous: on a loaded two-core machine a keyboard flow with screens that load lazily takes over a minute.
test.describe.configure({ timeout: 180_000 });

const header = (page: Page) => page.getByRole('banner');

test('sign in, skip to the content, and move between pages with the heading focused', async ({
  page,
}) => {
  await page.goto('/login');
  // The page is drawn once the form is there: a key pressed before goes to no link at all.
  await expect(page.getByLabel('Användarnamn')).toBeVisible();
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
  // From the top, once the page is whole: where the focus was left, and a list still
  // loading, would change the walk.
  await expect(page.getByRole('list', { name: 'Dina verktyg' })).toBeVisible();
  await skip.focus();
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
