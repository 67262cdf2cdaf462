import { expect, test, type Page } from '@playwright/test';
import { demo, dropImage, expectAccessible, loginAs } from './fixtures';

// Three people sign in and the editor is a long form with axe scans on each screen.
test.describe.configure({ timeout: 180_000 });

const feed = (page: Page) => page.getByRole('region', { name: 'Nyheter' });
const saveBar = (page: Page) => page.getByRole('region', { name: 'Spara och publicera' });

test.describe('content', () => {
  test('a teacher publishes news to one class; a pupil there reads it, a pupil elsewhere does not see it', async ({
    page,
    browser,
  }) => {
    const title = `Klassresa till Skansen ${Date.now() % 100000}`;

    // The teacher writes a news item with a row of two columns.
    await loginAs(page, demo.teacher.username);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Skapa innehåll' })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Skapa innehåll' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: /^Rubrik/ }).fill(title);
    await expect(page.getByRole('textbox', { name: 'Adress', exact: true })).toHaveValue(
      /^klassresa-till-skansen/,
    );
    await expect(page.getByText('Adressen är ledig.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Ingress' }).fill('På fredag åker 3A till Skansen.');
    await page.getByRole('textbox', { name: 'Text 1' }).fill('Vi samlas vid skolan klockan 8. Se ');

    // A document from the repository, linked from the text (issue 10).
    await page.getByRole('button', { name: 'Länk till dokument' }).first().click();
    const documents = page.getByRole('dialog', { name: 'Välj dokument' });
    await documents.getByRole('button', { name: 'Ekbackens skola' }).click();
    await documents.getByRole('button', { name: 'Planering' }).click();
    await expectAccessible(page);
    await documents
      .getByRole('button', { name: 'Infoga länk till Läsårsplanering 2026-2027.pdf' })
      .click();
    await expect(documents).toHaveCount(0);
    await expect(
      page
        .getByRole('textbox', { name: 'Text 1' })
        .getByRole('link', { name: 'Läsårsplanering 2026-2027.pdf' }),
    ).toBeVisible();

    // Publishing without a group is refused beside the field, before anything is sent.
    await saveBar(page).getByRole('button', { name: 'Publicera' }).click();
    const summary = page.getByRole('region', { name: /fel att rätta/ });
    await expect(
      summary.getByRole('button', { name: 'Grupper: Minst en grupp måste väljas' }),
    ).toBeVisible();
    await expect(page.getByText('Minst en grupp måste väljas').nth(1)).toBeVisible();

    await page.getByRole('button', { name: 'Lägg till block på sidan' }).click();
    const typesOnPage = page.getByRole('menu');
    await expect(typesOnPage.getByRole('menuitem', { name: 'Kolumn' })).toHaveCount(0);
    await typesOnPage.getByRole('menuitem', { name: 'Rad' }).click();

    await page.getByRole('button', { name: 'Lägg till i Kolumn 1' }).click();
    await page.getByRole('menuitem', { name: 'Rubrik' }).click();
    await page.getByRole('textbox', { name: 'Rubrikens text' }).fill('Packlista');
    await page.getByRole('button', { name: 'Lägg till i Kolumn 1' }).click();
    await page.getByRole('menuitem', { name: 'Text' }).click();
    await page
      .getByRole('textbox', { name: 'Text 2' })
      .fill('Matsäck, vattenflaska och regnkläder.');

    await page.getByRole('button', { name: 'Lägg till i Kolumn 2' }).click();
    await expect(page.getByRole('menuitem', { name: 'Video' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Bild' }).click();
    await page.getByRole('button', { name: 'Välj från mediabiblioteket' }).click();
    // A new picture, uploaded from inside the picker (issue 4).
    const picker = page.getByRole('dialog', { name: 'Välj från mediabiblioteket' });
    await picker.getByRole('button', { name: 'Ladda upp' }).click();
    await dropImage(page, { name: 'skansen.png', width: 800, height: 500 });
    await expect(picker.getByText('Bilden är 800×500 px.')).toBeVisible();
    await picker.getByLabel(/^Titel/).fill(`Skansen ${title.slice(-5)}`);
    await picker.getByLabel(/^Alternativtext/).fill('Elever framför en stuga på Skansen');
    await picker.getByRole('button', { name: 'Ladda upp och välj' }).click();
    await expect(picker).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Bildens adress' })).toHaveValue(
      /^\/media\/.+-card\.webp$/,
    );
    await page.getByRole('textbox', { name: 'Bildtext' }).fill('Biblioteket på Skansen');
    await expectAccessible(page);

    // Aimed at class 3A and the pupils.
    await page.getByRole('textbox', { name: 'Sök grupp' }).fill('3A');
    await page.getByRole('checkbox', { name: /^3A Klass/ }).check();
    await page.getByRole('checkbox', { name: 'Elev', exact: true }).check();

    await saveBar(page).getByRole('button', { name: 'Publicera' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Publicerat.' })).toBeVisible();
    await expect(page).toHaveURL(/\/skapa-innehall\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Redigera ”${title}”` }),
    ).toBeVisible();

    // The teacher's own list shows it as published.
    await page.goto('/profile/my-content');
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Publicerad');
    await expectAccessible(page);

    // A pupil in 3A sees it on the start page, unread, and opens it.
    const pupilContext = await browser.newContext();
    const pupil = await pupilContext.newPage();
    await loginAs(pupil, demo.student.username);
    const item = feed(pupil).getByRole('article').filter({ hasText: title });
    await expect(item).toContainText('Oläst');
    await expectAccessible(pupil);
    await item.getByRole('link', { name: title }).click();

    await expect(pupil.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(pupil.getByRole('heading', { name: 'Packlista' })).toBeVisible();
    await expect(pupil.getByText('Matsäck, vattenflaska och regnkläder.')).toBeVisible();
    await expect(pupil.getByText(/Vi samlas vid skolan klockan 8/)).toBeVisible();
    await expect(
      pupil.getByRole('link', { name: 'Läsårsplanering 2026-2027.pdf' }),
    ).toHaveAttribute('href', /^\/api\/document-repository\/v1\/shared\//);
    const figure = pupil.locator('figure').filter({ hasText: 'Biblioteket på Skansen' });
    const picture = figure.getByRole('img', { name: 'Elever framför en stuga på Skansen' });
    await expect(picture).toBeVisible();
    // The width-limited webp copy, not the original.
    await expect(picture).toHaveAttribute('src', /-card\.webp$/);
    // Its space is kept before it arrives (issue 32), so visible is not yet loaded: wait for the file.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(pupil);

    await pupil.getByRole('button', { name: 'Markera som läst' }).click();
    await expect(
      pupil.getByRole('status').filter({ hasText: 'Du har läst det här' }),
    ).toBeVisible();
    await expect(pupil.getByRole('button', { name: 'Markera som läst' })).toHaveCount(0);
    await pupil.reload();
    await expect(pupil.getByText('Du har läst det här')).toBeVisible();
    await pupil.getByRole('link', { name: 'Startsida – Skolportalen' }).click();
    await expect(feed(pupil).getByRole('article').filter({ hasText: title })).not.toContainText(
      'Oläst',
    );
    const readingAddress = await feed(pupil)
      .getByRole('link', { name: title })
      .getAttribute('href');
    await pupilContext.close();

    // A pupil of another school neither sees it nor can open it.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await loginAs(other, 'leo.nilsson');
    await expect(feed(other).getByRole('article').first()).toBeVisible();
    await expect(feed(other).getByText(title)).toHaveCount(0);
    await other.goto(readingAddress!);
    await expect(other).toHaveURL(/\/404$/);
    await otherContext.close();
  });

  test('the start page on a phone, crisis information on top', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await loginAs(page, 'leo.nilsson');
    const alert = page.getByRole('article', { name: /Vattenläcka/ });
    await expect(alert).toBeVisible();
    // Shown like an alert, but not announced as one on load.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(feed(page).getByRole('article').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await context.close();
  });

  test('an administrator sees all content and filters it', async ({ page }) => {
    await loginAs(page, demo.admin.username, { at: '/profile/admin/content' });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Administrera innehåll' }),
    ).toBeVisible();
    // Other specs add posts at the same time, so each row is looked for through a filter.
    const search = page.getByRole('main').getByRole('searchbox', { name: 'Sök', exact: true });
    await search.fill('Vattenläcka');
    await expect(page.getByRole('row', { name: /Vattenläcka/ })).toBeVisible();
    await expectAccessible(page);
    await search.fill('');

    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Utkast' }).click();
    await expect(page.getByRole('row', { name: /Vårterminens schema/ })).toContainText('Utkast');
    await expect(page.getByRole('row', { name: /Vattenläcka/ })).toHaveCount(0);
  });
});
