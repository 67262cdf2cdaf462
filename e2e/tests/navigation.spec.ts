import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';

// Its tests only read, so the workers share them out one by one rather than as a file.
test.describe.configure({ mode: 'parallel' });

/**
 * Every screen a person may use is reached by clicking, from the start page:
 * one's own screens through the user menu (or the mobile menu's profile tab),
 * the administration through its entry and its one navigation. Nobody is
 * offered a screen they may not open.
 */

const adminScreens = [
  'Användare',
  'Roller och rättigheter',
  'Gruppträd',
  'Grupper',
  'Kategorier',
  'Inloggningar',
  'Administrera innehåll',
  'Som publicerat',
  'Mediabibliotek',
  'Administrera verktyg',
  'Utskick',
  'Synpunkter om tillgänglighet',
  'Import från skolregistret',
  'Ändringslogg',
  'Gallring och arkiv',
  'Godkännande av innehåll',
];

const userMenu = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Administrationens sidor' });

/** The screen has arrived: its name in the document title and a level-one heading. */
async function expectScreen(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} – Skolportalen`);
  // Some admin screens (the rights matrix) take a while to draw on a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
}

/** Opens the user menu and returns its item names. */
async function userMenuItems(page: Page, name: string) {
  await userMenu(page, name).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const items = await menu.getByRole('menuitem').allInnerTexts();
  return items.map((item) => item.trim());
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/** Opens each own screen through the user menu, starting from the start page each time. */
async function visitOwnScreens(page: Page, name: string, screens: readonly string[]) {
  for (const screen of screens) {
    await page.getByRole('link', { name: 'Startsida – Skolportalen' }).click();
    await expectScreen(page, 'Startsida');
    await userMenu(page, name).click();
    await page.getByRole('menuitem', { name: screen, exact: true }).click();
    await expectScreen(page, screen);
  }
}

test.describe('reaching every permitted screen by clicking', () => {
  // Each test walks many screens one click at a time.
  test.describe.configure({ timeout: 420_000 });

  test('an administrator reaches her own screens and every administration screen', async ({
    page,
  }) => {
    await loginAs(page, demo.admin.username);
    const items = await userMenuItems(page, demo.admin.name);
    expect(items).toContain('Mitt innehåll');
    expect(items).toContain('Administration');
    await closeMenu(page);
    await visitOwnScreens(page, demo.admin.name, ['Mitt innehåll', 'Favoritmålgrupper']);

    // The header's way in, then the administration's one navigation to every screen.
    await page.getByRole('link', { name: 'Startsida – Skolportalen' }).click();
    await page
      .getByRole('navigation', { name: 'Huvudmeny' })
      .getByRole('link', { name: 'Administration' })
      .click();
    await expectScreen(page, 'Användare');
    const links = adminNav(page).getByRole('link');
    await expect(links).toHaveText(adminScreens);
    await expect(adminNav(page).getByRole('link', { name: 'Användare' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectAccessible(page);
    for (const screen of adminScreens) {
      await adminNav(page).getByRole('link', { name: screen, exact: true }).click();
      await expectScreen(page, screen);
      await expect(adminNav(page).getByRole('link', { name: screen, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test('a teacher reaches her own screens and is offered no administration', async ({ page }) => {
    await loginAs(page, demo.teacher.username);
    const own = [
      'Min profil',
      'Mitt innehåll',
      'Mina grupper',
      'Mina skolor',
      'Mina favoriter',
      'Favoritmålgrupper',
      'Mina verktyg',
    ];
    const items = await userMenuItems(page, demo.teacher.name);
    for (const screen of own) expect(items).toContain(screen);
    expect(items).not.toContain('Administration');
    await closeMenu(page);
    await expect(
      page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', {
        name: 'Administration',
      }),
    ).toHaveCount(0);
    await visitOwnScreens(page, demo.teacher.name, own);
  });

  test('a principal reaches the tools administration and nothing else of it', async ({ page }) => {
    await loginAs(page, demo.schoolResponsible.username);
    const items = await userMenuItems(page, demo.schoolResponsible.name);
    expect(items).toContain('Administration');
    expect(items).not.toContain('Mina favoriter');
    await page.getByRole('menuitem', { name: 'Administration' }).click();
    await expectScreen(page, 'Administrera verktyg');
    await expect(adminNav(page).getByRole('link')).toHaveText(['Administrera verktyg']);
    await visitOwnScreens(page, demo.schoolResponsible.name, ['Mina skolor', 'Mina verktyg']);
  });

  test('a guardian sees her children’s groups and only the screens she may open', async ({
    page,
  }) => {
    await loginAs(page, demo.caretaker.username);
    const groups = page.getByRole('region', { name: 'Dina grupper' });
    await expect(groups.getByRole('region', { name: 'Grupper för Elsa' })).toContainText('3A');
    await expect(groups.getByRole('region', { name: 'Grupper för Leo' })).toContainText('8B');
    await expect(groups).not.toContainText('Du är inte med i någon grupp');
    await expectAccessible(page);

    const items = await userMenuItems(page, demo.caretaker.name);
    for (const forbidden of ['Administration', 'Mitt innehåll', 'Mina grupper', 'Mina favoriter']) {
      expect(items).not.toContain(forbidden);
    }
    await closeMenu(page);
    await visitOwnScreens(page, demo.caretaker.name, ['Min profil', 'Mina verktyg']);
  });

  test('a pupil reaches her own screens and no one else’s', async ({ page }) => {
    await loginAs(page, demo.student.username);
    const items = await userMenuItems(page, demo.student.name);
    for (const forbidden of ['Administration', 'Mitt innehåll', 'Mina grupper', 'Mina skolor']) {
      expect(items).not.toContain(forbidden);
    }
    await closeMenu(page);
    await visitOwnScreens(page, demo.student.name, ['Min profil', 'Mina verktyg']);
  });

  test('on a phone the mobile menu leads to own screens and the administration', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, demo.admin.username);
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    const menu = page.getByRole('navigation', { name: 'Meny' });
    await menu.getByRole('link', { name: 'Mitt innehåll' }).click();
    await expectScreen(page, 'Mitt innehåll');

    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    await menu.getByRole('link', { name: 'Administration' }).click();
    await expectScreen(page, 'Användare');
    // The administration's navigation folds into one button on a phone.
    const toggle = adminNav(page).getByRole('button', { name: 'Administration: Användare' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(adminNav(page).getByRole('link')).toHaveCount(0);
    await toggle.click();
    await expect(adminNav(page).getByRole('link')).toHaveText(adminScreens);
    await expectAccessible(page);
    await adminNav(page).getByRole('link', { name: 'Mediabibliotek' }).click();
    await expectScreen(page, 'Mediabibliotek');
  });
});
