import { expect, type Locator, type Page } from '@playwright/test';
import { demoPassword } from './fixtures';

/**
 * Keyboard-only driving for the end-to-end suite (issue 13): reach things
 * with Tab and Shift+Tab, act with Enter, Space, arrows and Escape, and check
 * at every stop that the focus can be seen.
 */

async function hasFocus(target: Locator) {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, and
 * checks the focus is visible there. Fails when it takes more than `max`
 * presses: the element is then out of keyboard reach.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 60 }: { backwards?: boolean; max?: number } = {},
) {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await hasFocus(target)) {
      await expectFocusVisible(page);
      return presses;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached with ${max} presses of Tab`);
}

/** Presses an arrow key until `target` has the focus (menus, lists, tabs, radios). */
export async function arrowTo(page: Page, target: Locator, key = 'ArrowDown', max = 10) {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await hasFocus(target)) {
      await expectFocusVisible(page);
      return presses;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`${String(target)} not reached with ${max} presses of ${key}`);
}

/**
 * The focused element shows it: an outline of at least 2 px (MUI's hidden
 * checkbox inputs show it on the control around them), or for a text field
 * the field's 2 px focus border.
 */
export async function expectFocusVisible(page: Page) {
  const problem = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing has the focus';
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const field = element.closest('.MuiInputBase-root.Mui-focused');
    if (field) {
      const border = field.querySelector('.MuiOutlinedInput-notchedOutline');
      const width = border ? getComputedStyle(border).borderTopWidth : '0px';
      return parseFloat(width) >= 2 ? null : `${name}: field border only ${width}`;
    }
    const shown = (element.closest('.Mui-focusVisible') as HTMLElement | null) ?? element;
    const style = getComputedStyle(shown);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) return null;
    return `${name}: no visible focus (outline ${style.outlineStyle} ${style.outlineWidth})`;
  });
  expect(problem, 'focus indicator').toBeNull();
}

export async function expectFocused(target: Locator) {
  await expect(target).toBeFocused();
}

/** The focus is somewhere inside `container`. */
export async function expectFocusWithin(container: Locator) {
  await expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
}

/** Types into the focused field, as a keyboard does. */
export async function type(page: Page, text: string) {
  await page.keyboard.type(text);
}

/** Signs in with the keyboard only, from the login page; chooses a role when asked. */
export async function signInWithKeyboard(page: Page, username: string, role?: string) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Användarnamn'));
  await type(page, username);
  await tabTo(page, page.getByLabel(/^Lösenord/));
  await type(page, demoPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  if (role) {
    const dialog = page.getByRole('dialog', { name: 'Välj vilken roll du vill logga in som' });
    await expectFocusWithin(dialog);
    await tabTo(page, dialog.getByRole('button', { name: `Fortsätt som ${role}` }));
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.locator('main h1')).toBeVisible();
}
