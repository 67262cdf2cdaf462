import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, loginAs } from './fixtures';
import { expectFocusVisible, expectFocusWithin, signInWithKeyboard, tabTo } from './keyboard';

const toolsGrid = (page: Page) => page.getByRole('list', { name: 'Dina verktyg' });
/** Where each tool stands in the grid: the index of the tile naming it. */
const gridPosition = async (page: Page, name: string) =>
  (await toolsGrid(page).getByRole('listitem').allInnerTexts()).findIndex((text) =>
    text.includes(name),
  );

// Several sign-ins and a full axe scan per screen take longer than the default 30 s.
// Generous: on a loaded two-core machine a keyboard flow with screens that load lazily takes over a minute.
test.describe.configure({ timeout: 180_000 });

test.describe('tools', () => {
  test('a student sees only the tools aimed at students', async ({ page }) => {
    await loginAs(page, demo.student.username);
    const grid = toolsGrid(page);
    await expect(grid.getByRole('link', { name: /Schema/ })).toBeVisible();
    await expect(grid.getByRole('link', { name: /Matsedel/ })).toBeVisible();
    await expect(grid.getByRole('link', { name: /Google Drive/ })).toBeVisible();
    for (const teacherTool of ['Betyg och omdömen', 'Personalportalen', 'Frånvaro']) {
      await expect(grid.getByRole('link', { name: new RegExp(teacherTool) })).toHaveCount(0);
    }
    await expect(grid.getByRole('link', { name: /Schema/ })).toHaveAttribute('target', '_blank');
    await expectAccessible(page);
  });

  test('an administrator creates a tool for one school; a teacher there sees it as new', async ({
    browser,
    page,
  }) => {
    const name = `Läxhjälp ${Date.now() % 100000}`;
    await loginAs(page, demo.admin.username, { at: '/profile/admin/tools' });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Administrera verktyg' }),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Nytt verktyg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nytt verktyg' });
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await expect(dialog.getByText('Fältet måste vara ifyllt').first()).toBeVisible();
    await dialog.getByLabel(/^Namn/).fill(name);
    await dialog.getByLabel(/^Kort beskrivning/).fill('Hjälp med läxorna');
    await dialog
      .getByLabel(/^Lång beskrivning/)
      .fill('Boka en lärare som hjälper dig med läxorna.');
    await dialog.getByLabel(/^Adress \(URL\)/).fill('javascript:alert(1)');
    await dialog.getByRole('checkbox', { name: 'Lärare' }).check();
    await dialog.getByRole('checkbox', { name: /^Ekbackens skola/ }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await expect(dialog.getByText('Adressen måste börja med http:// eller https://')).toBeVisible();
    // A tool is published when saved, so it needs an icon (spec §5).
    await expect(dialog.getByText('Du måste välja ikon innan du publicerar')).toBeVisible();
    await dialog.getByRole('button', { name: 'Välj ikon' }).click();
    const picker = page.getByRole('dialog', { name: 'Välj ikon för verktyget' });
    await picker.getByRole('button', { name: 'Välj Kalender' }).click();
    await expect(picker).toHaveCount(0);
    await dialog.getByLabel(/^Adress \(URL\)/).fill('https://laxhjalp.exempelby.se');
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Ekbackens skola');
    await expect(row).toContainText('Ny');

    const teacherContext = await browser.newContext();
    const teacher = await teacherContext.newPage();
    await loginAs(teacher, demo.teacher.username);
    const tile = toolsGrid(teacher).getByRole('link', { name: new RegExp(name) });
    await expect(tile).toBeVisible();
    await expect(tile.getByText('Ny', { exact: true })).toBeVisible();
    await teacherContext.close();

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await loginAs(other, demo.teacherOther.username);
    await expect(toolsGrid(other).getByRole('link', { name: /Schema/ })).toBeVisible();
    await expect(toolsGrid(other).getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
    await otherContext.close();
  });

  test('an administrator gives a new tool an icon from the library; a teacher sees the icon', async ({
    browser,
    page,
  }) => {
    const name = `Kalendern ${Date.now() % 100000}`;
    await loginAs(page, demo.admin.username, { at: '/profile/admin/tools' });
    // The demo tools show their icons, the others their initial.
    const schemaRow = page.getByRole('row', { name: /Schema/ }).first();
    await expect(schemaRow.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);
    await page.getByRole('button', { name: 'Nytt verktyg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nytt verktyg' });
    await dialog.getByLabel(/^Namn/).fill(name);
    await dialog.getByLabel(/^Kort beskrivning/).fill('Skolans kalender');
    await dialog.getByLabel(/^Lång beskrivning/).fill('Alla lov, utvecklingssamtal och utflykter.');
    await dialog.getByLabel(/^Adress \(URL\)/).fill('https://kalender.exempelby.se');
    await dialog.getByRole('checkbox', { name: 'Lärare' }).check();
    await dialog.getByRole('checkbox', { name: /^Ekbackens skola/ }).check();
    await expect(dialog.getByText('Ingen ikon vald.', { exact: false })).toBeVisible();

    const choose = dialog.getByRole('button', { name: 'Välj ikon' });
    await choose.click();
    const picker = page.getByRole('dialog', { name: 'Välj ikon för verktyget' });
    // Only the icon categories (no pictures), thumbnails with their alt text.
    await expect(picker.getByRole('img', { name: 'Ikon: kalenderblad med rutor' })).toBeVisible();
    await expect(picker.getByRole('img', { name: /^Ikon: blått dokument/ })).toBeVisible();
    await expect(picker.getByRole('img', { name: /^Skolgård med träd/ })).toHaveCount(0);
    await expect(picker.getByText('Alternativtext: Ikon: kalenderblad med rutor')).toBeVisible();
    await expectAccessible(page);
    await picker.getByLabel('Sök på titel').fill('kalen');
    await expect(picker.getByText('1 träffar')).toBeVisible();
    await picker.getByRole('button', { name: 'Välj Kalender' }).click();
    await expect(picker).toHaveCount(0);
    // Focus is back on the button that opened the picker.
    await expect(dialog.getByRole('button', { name: 'Byt ikon' })).toBeFocused();
    await expect(dialog.getByText('Vald ikon: Kalender')).toBeVisible();
    await expect(dialog.getByText('Alternativtext: Ikon: kalenderblad med rutor')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '.artifacts/shots/e2e-tool-form-icon.png' });
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);

    const teacherContext = await browser.newContext();
    const teacher = await teacherContext.newPage();
    await loginAs(teacher, demo.teacher.username);
    const tile = toolsGrid(teacher).getByRole('link', { name: new RegExp(name) });
    const icon = tile.locator('img');
    await expect(icon).toHaveAttribute('src', /-thumb\.webp$/);
    // Decorative beside the name: the link is named by the tool, not by the picture.
    await expect(icon).toHaveAttribute('alt', '');
    await expect
      .poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    // A tool without an icon shows its initial.
    await expect(
      toolsGrid(teacher)
        .getByRole('link', { name: /Matsedel/ })
        .locator('img'),
    ).toHaveCount(0);
    await expectAccessible(teacher);
    await teacher.screenshot({ path: '.artifacts/shots/e2e-teacher-grid.png', fullPage: true });
    await teacherContext.close();
  });

  test('a principal manages only the tools of their own school', async ({ page }) => {
    await loginAs(page, demo.schoolResponsible.username, { at: '/profile/admin/tools' });
    await expect(
      page.getByText('Du kan hantera verktyg som riktar sig till dina egna skolor.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Redigera Elevens val' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Redigera Schema' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Ta bort / })).toHaveCount(1);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Nytt verktyg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nytt verktyg' });
    await expect(dialog.getByRole('checkbox', { name: /^Lindängsskolan/ })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /^Ekbackens skola/ })).toHaveCount(0);
    await expect(dialog.getByRole('radio', { name: 'Google-verktyg' })).toHaveCount(0);
  });

  test('a teacher adds an optional tool and sorts her tools with the keyboard', async ({
    page,
  }) => {
    await loginAs(page, demo.teacher.username);
    await page.getByRole('link', { name: 'Hantera mina verktyg' }).click();
    await expect(page).toHaveURL(/\/profile\/tools$/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Lägg till Bibliotekskatalog' }).click();
    const list = page.getByRole('list', { name: 'Mina verktyg' });
    await expect(list.getByText('Bibliotekskatalog')).toBeVisible();

    // dnd-kit's keyboard sensor: space lifts, arrows move one place each, space drops.
    const handle = page.getByRole('button', { name: 'Flytta Bibliotekskatalog' });
    await handle.focus();
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    const names = list.getByRole('listitem');
    await expect(async () => {
      const texts = await names.allInnerTexts();
      const library = texts.findIndex((text) => text.includes('Bibliotekskatalog'));
      expect(library).toBe(texts.length - 3);
    }).toPass();
    await expect(page.getByRole('status').filter({ hasText: 'Ordningen är sparad.' })).toHaveCount(
      1,
    );

    // The first tool moves one step down with its arrow button.
    const first = list.getByRole('listitem').first();
    await expect(first.getByRole('button', { name: /^Flytta upp / })).toBeDisabled();
    const label = await first
      .getByRole('button', { name: /^Flytta ned / })
      .getAttribute('aria-label');
    const firstName = label!.replace('Flytta ned ', '');
    const saved = page.waitForResponse((response) => response.url().includes('/link-sort'));
    await first.getByRole('button', { name: /^Flytta ned / }).click();
    await saved;
    await page.reload();
    await expect(list.getByRole('listitem').nth(1)).toContainText(firstName);

    await page.goto('/');
    await expect(toolsGrid(page)).toBeVisible();
    expect(await gridPosition(page, firstName)).toBe(1);
    expect(await gridPosition(page, 'Bibliotekskatalog')).toBeGreaterThan(1);
  });
});

test.describe('favourites', () => {
  test('a teacher adds a favourite, finds it in the header and moves it', async ({ page }) => {
    await loginAs(page, demo.teacher.username);
    await page.getByRole('banner').getByRole('button', { name: 'Favoriter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mina favoriter' });
    await expect(dialog.getByRole('link', { name: /UR Play/ })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('link', { name: 'Redigera favoriter' }).click();
    await expect(page).toHaveURL(/\/profile\/favorites$/);

    await page.getByLabel(/^Adress \(URL\)/).fill('data:text/html,hej');
    await page.getByRole('button', { name: 'Lägg till' }).click();
    await expect(page.getByText('Adressen måste börja med http:// eller https://')).toBeVisible();
    await page.getByLabel(/^Adress \(URL\)/).fill('https://www.ne.se');
    await page.getByLabel(/^Namn/).fill('Nationalencyklopedin');
    await page.getByRole('button', { name: 'Lägg till' }).click();
    const list = page.getByRole('region', { name: 'Favoriter' });
    await expect(list.getByRole('listitem').first()).toContainText('Nationalencyklopedin');
    await expectAccessible(page);

    await page.getByRole('banner').getByRole('button', { name: 'Favoriter' }).click();
    const links = page.getByRole('dialog', { name: 'Mina favoriter' }).getByRole('link');
    await expect(links.first()).toContainText('Nationalencyklopedin');
    await page.getByRole('button', { name: 'Stäng' }).click();

    await page.getByRole('button', { name: 'Flytta ned Nationalencyklopedin' }).click();
    await expect(list.getByRole('listitem').nth(1)).toContainText('Nationalencyklopedin');
    await page.getByRole('button', { name: 'Byt namn på Nationalencyklopedin' }).click();
    await page.getByRole('textbox', { name: 'Namn' }).last().fill('NE');
    await page.getByRole('button', { name: 'Spara' }).click();
    await expect(list.getByRole('listitem').nth(1)).toContainText('NE');

    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Favoriter' }).click();
    const after = page.getByRole('dialog', { name: 'Mina favoriter' }).getByRole('link');
    await expect(after.nth(0)).toContainText('Skolverket');
    await expect(after.nth(1)).toContainText('NE');
  });

  test('on a phone the menu has favourites and tools tabs', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, demo.teacher.username);
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    await page.getByRole('tab', { name: /Favoriter/ }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: /UR Play/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: /Verktyg/ }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: /Schema/ })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('profile pages', () => {
  test('favourite target groups are saved from the groups tree', async ({ page }) => {
    await loginAs(page, demo.teacher.username, { at: '/profile/group-templates' });
    await expect(page.getByRole('heading', { level: 2, name: 'Mina grupper i 3A' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/^Namn/).fill('Svenskan');
    await page.getByLabel('Sök grupp').fill('svenska');
    await page.getByRole('checkbox', { name: /^Svenska 3A/ }).check();
    await page.getByRole('button', { name: 'Spara' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Svenskan' })).toBeVisible();
  });

  test('my schools, my interests and my groups', async ({ page }) => {
    await loginAs(page, demo.teacherOther.username, { at: '/profile/my-schools' });
    await page.getByRole('radio', { name: /Lindängsskolan/ }).check();
    await page.getByRole('button', { name: 'Spara huvudskola' }).click();
    await expect(page.getByText('Din huvudskola är sparad.')).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole('radio', { name: /Lindängsskolan/ })).toBeChecked();

    await page.goto('/profile/interests');
    await page.getByRole('checkbox', { name: /Norrby gymnasium/ }).check();
    await page.getByRole('button', { name: 'Spara' }).click();
    await expect(page.getByText('Dina intresseenheter är sparade.')).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Norrby gymnasium/ })).toBeChecked();

    await page.goto('/profile/my-groups');
    await expect(page.getByRole('heading', { level: 2, name: 'Klasser' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('8B');
    await expect(page.getByRole('main')).toContainText('Engelska 8B');
    await expectAccessible(page);
  });

  // Last in the file: it gives the demo guardian the address the sign-in spec expects him to lack.
  // Keyboard only (issue 13): Tab, Enter and typing, no mouse.
  test('a guardian without e-mail gets the dialog and saves an address', async ({ page }) => {
    await signInWithKeyboard(page, demo.caretakerWithoutEmail.username);
    const dialog = page.getByRole('dialog', { name: 'E-postadress saknas' });
    await expect(dialog).toBeVisible();
    await expectFocusWithin(dialog);
    await expectAccessible(page);
    await tabTo(page, dialog.getByRole('button', { name: 'Till profilen' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile\/info\/mikael\.holm\?highlightEmail=true$/);
    const email = page.getByRole('textbox', { name: /E-postadress/ });
    await expect(email).toBeFocused();
    await expectFocusVisible(page);
    await expect(page.getByText('Fyll i din e-postadress så att skolan kan nå dig.')).toBeVisible();
    await expectAccessible(page);

    await page.keyboard.type('mikael.holm');
    const save = page.getByRole('button', { name: 'Spara' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    // The message belongs to the field and is read with it.
    await expect(email).toHaveAccessibleDescription(/Fel format på e-postadressen/);
    await tabTo(page, email, { backwards: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('mikael.holm@example.org');
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Dina uppgifter är sparade.')).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'E-postadress saknas' })).toHaveCount(0);
  });
});
