import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const demoPassword = 'Demo-2026!';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The demo municipality's accounts by role (see README.md). */
export const demo = {
  teacher: { username: 'anna.larsson', name: 'Anna Larsson' },
  teacherOther: { username: 'johan.berg', name: 'Johan Berg' },
  student: { username: 'elsa.nilsson', name: 'Elsa Nilsson' },
  caretaker: { username: 'karin.nilsson', name: 'Karin Nilsson' },
  caretakerWithoutEmail: { username: 'mikael.holm', name: 'Mikael Holm' },
  employee: { username: 'sara.ekstrom', name: 'Sara Ekström' },
  schoolResponsible: { username: 'lars.berglund', name: 'Lars Berglund' },
  admin: { username: 'eva.andersson', name: 'Eva Andersson' },
  superadmin: { username: 'sven.svensson', name: 'Sven Svensson' },
  municipalityAdmin: { username: 'kim.karlsson', name: 'Kim Karlsson' },
  /** Protected identities (decision 0039): a pupil in 3A and a teacher at Lindängsskolan. */
  protectedStudent: { username: 'tove.svedberg', name: 'Tove Svedberg' },
  protectedTeacher: { username: 'hanna.strand', name: 'Hanna Strand' },
} as const;

/** Accounts of people with more than one account of their own: they choose a role after signing in. */
const chooseRoleAfterLogin: Record<string, string> = { 'anna.larsson': 'lärare' };

/** Signs in through the login form, as a person does, with the role choice where it is offered. */
export async function loginThroughForm(page: Page, username: string, password = demoPassword) {
  await page.goto('/login');
  await page.getByLabel('Användarnamn').fill(username);
  await page.getByLabel(/^Lösenord/).fill(password);
  await answerLanguageQuestion(page);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const role = chooseRoleAfterLogin[username];
  if (role) {
    const dialog = page.getByRole('dialog', { name: 'Välj vilken roll du vill logga in som' });
    await dialog.getByRole('button', { name: `Fortsätt som ${role}` }).click();
    await expect(dialog).toHaveCount(0);
  }
  // A modal dialog hides the rest of the page from the accessibility tree, so look for the element.
  await expect(page.locator('main')).toBeVisible();
}

/**
 * Signs in through the API, in the page's own cookie jar, and opens the start page: for the
 * specs that are not about signing in (sign-in.spec.ts and sign-ins.spec.ts use the form).
 * The form costs a page load of its own; over the suite's eighty sign-ins that was half a
 * minute. A person with several accounts is signed in to the account named, so the role
 * choice, which only the form's sign-in offers, does not come up.
 */
export async function loginAs(
  page: Page,
  username: string,
  /** The page to open once signed in (the start page unless named): one page load, not two. */
  { at = '/', password = demoPassword }: { at?: string; password?: string } = {},
) {
  // The portal checks a cookie write's Origin, as it does for its own pages' calls.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post('/api/core/v1/user/login', {
    data: { username, password },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  await putLanguageQuestionAway(page, origin);
  await answerLanguageQuestion(page);
  await page.goto(at);
  await expect(page.locator('main')).toBeVisible();
}

/**
 * A guardian not yet asked which language to read in is asked once after
 * signing in or switching to that account (issue 27): whenever the question
 * comes up in a spec not about it, it is put away, keeping Swedish.
 */
async function answerLanguageQuestion(page: Page) {
  // Playwright looks for the dialog before every action and assertion: by its id, which costs
  // the page next to nothing, rather than by role and name, which walks the accessibility tree.
  await page.addLocatorHandler(
    page.locator('[role="dialog"][aria-labelledby="language-question-title"]'),
    async (question) => {
      await question.getByRole('button', { name: 'Fråga inte igen' }).click();
    },
  );
}

/**
 * A guardian not yet asked which language to read in is asked once, in a
 * dialog (issue 27); the specs that are not about it answer as "Fråga inte
 * igen" would, keeping Swedish, before the page opens.
 */
async function putLanguageQuestionAway(page: Page, origin: string) {
  const me = await page.request.get('/api/core/v1/user');
  const { askLanguage } = (await me.json()) as { askLanguage?: boolean };
  if (!askLanguage) return;
  const answer = await page.request.put('/api/core/v1/user/language', {
    data: {},
    headers: { origin },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * An API client signed in as the user: its own browser context, so its cookie is its own.
 * It names the portal as its Origin, as the portal's pages do: a cookie write without one is refused.
 */
export async function apiAs(page: Page, baseURL: string, username: string) {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL).origin } });
  const response = await context.request.post('/api/core/v1/user/login', {
    data: { username, password: demoPassword },
  });
  expect(response.status(), await response.text()).toBe(200);
  return context.request;
}

export interface TestBlock {
  id: string;
  type: string;
  version: 1;
  props: Record<string, unknown>;
  children: TestBlock[];
}

export const testBlock = (
  id: string,
  type: string,
  props: Record<string, unknown>,
  children: TestBlock[] = [],
): TestBlock => ({ id, type, version: 1, props, children });

/**
 * Publishes a news item to the whole municipality for the given roles
 * (`role_teacher`, `role_student` …), through the API as `api`'s user (an
 * administrator: it reads the roles' categories).
 */
export async function publishNews(
  api: APIRequestContext,
  news: { title: string; excerpt?: string; content: TestBlock[]; roles: string[] },
) {
  const roles = (await (await api.get('/api/core/v1/role')).json()) as {
    key: string;
    categoryId: number | null;
  }[];
  const response = await api.post('/api/core/v1/post', {
    data: {
      type: 'news',
      title: news.title,
      excerpt: news.excerpt ?? '',
      nodeIds: [1],
      categoryIds: news.roles.map((key) => roles.find((role) => role.key === key)!.categoryId!),
      content: news.content,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; slug: string; url: string };
}

const day = 86_400_000;

/** An organiser's course, made through the API from their signed-in page (same origin). */
export async function createCourse(
  page: Page,
  title: string,
  course: { places: number; questions?: { title: string; required: boolean }[] },
) {
  const start = new Date(Date.now() + 9 * day);
  start.setUTCHours(12, 0, 0, 0);
  const body = {
    type: 'course',
    title,
    excerpt: 'En kurs för personalen om att planera undervisning tillsammans.',
    nodeIds: [1],
    categoryIds: [3, 6],
    courseDate: start.toISOString().slice(0, 10),
    course: {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      cancellationDate: new Date(start.getTime() - 2 * day).toISOString(),
      place: 'Stadshuset, sal 2',
      numberOfAttendees: course.places,
      bookable: true,
      attendeeInformation: course.questions ?? [],
    },
  };
  return page.evaluate(async (payload) => {
    const response = await fetch('/api/core/v1/course', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (response.status !== 201) throw new Error(`course not created: ${await response.text()}`);
    return (await response.json()) as { id: number; slug: string };
  }, body);
}

/** WCAG 2.1 AA: zero violations. */
/**
 * One axe run in the page itself, with only the violations collected (a third to a half of the
 * time of collecting every result, with the same findings). axe is put into the page once and
 * kept there while the page stays the same document: the app changes screens without loading
 * a new one, and reading axe's half a megabyte of script again for every scan cost more than
 * many scans themselves. The portal's pages have no frames of their own to scan (a video's
 * player is checked as an element of the page: its title).
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axeSource);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
  );
}

export async function expectAccessible(page: Page) {
  // A popover or dialog still fading in has its text at part opacity, which axe
  // would measure as low contrast: let finite transitions end first.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await runAxe(page);
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Draws an image in the page and drops it on the upload dialog's drop zone,
 * as a file dragged from the desktop would arrive.
 */
export async function dropImage(page: Page, file: { name: string; width: number; height: number }) {
  await page.getByTestId('media-drop-zone').evaluate(async (zone, { name, width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1e6b34';
    context.fillRect(0, 0, width, height);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(width / 2, height / 2, Math.min(width, height) / 3, 0, Math.PI * 2);
    context.fill();
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/png'),
    );
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], name, { type: 'image/png' }));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      zone.dispatchEvent(
        new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }
  }, file);
}
