import { createBlock, type PostResponse } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postTranslations, translationUsage } from '../../db/schema';
import {
  bearerClientOf,
  buildClass,
  buildSchool,
  buildUser,
  type TestUser,
} from '../../../test/factories';
import {
  startFakeLibreTranslate,
  type FakeLibreTranslate,
} from '../../../test/fake-libretranslate';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { roleCategory } from '../../../test/posts-helpers';
import { alertQueue } from './alert-translations';

/**
 * Machine translation (issue 27) against a stand-in that speaks the
 * LibreTranslate API: an editor's draft, a reader's request kept for all,
 * the day's budget, the provider's refusals, its answers sanitised, and
 * crisis alerts translated into their audience's languages by a job.
 */
let t: TestContext;
let provider: FakeLibreTranslate;
let people: Record<'teacher' | 'admin' | 'somali' | 'arabic' | 'pupil', TestUser>;
type Call = Awaited<ReturnType<typeof bearerClientOf>>;
let as: Record<keyof typeof people, Call>;
let school: { id: number };
const budget = 2000;

const text = createBlock('html', {
  html: '<p>Ta med <a href="/sida/packlista">packlistan</a>.</p>',
});
const table = createBlock('table', { caption: 'Tider' }, [
  createBlock('table-heading', { headings: 'Dag | Tid' }),
  createBlock('table-row', { items: 'Måndag | 8.00' }),
]);

async function newsBy(call: Call, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/core/v1/post', {
    type: 'news',
    title: 'Utflykt till skogen',
    excerpt: 'Klassen åker på utflykt.',
    nodeIds: [school.id],
    categoryIds: [roleCategory.caretaker, roleCategory.student, roleCategory.teacher],
    content: [text, table],
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PostResponse;
}

const stored = (postId: number, language: string) =>
  t.db
    .select()
    .from(postTranslations)
    .where(and(eq(postTranslations.postId, postId), eq(postTranslations.language, language)));

beforeAll(async () => {
  provider = await startFakeLibreTranslate({ apiKey: 'hemlig-nyckel' });
  t = await createTestApp({
    demo: false,
    env: {
      TRANSLATION_URL: provider.url,
      TRANSLATION_API_KEY: 'hemlig-nyckel',
      TRANSLATION_DAILY_CHARACTERS: String(budget),
    },
  });
  school = await buildSchool(t);
  const klass = await buildClass(t, { school: school as never });
  const pupil = await buildUser(t, { role: 'role_student', school: school as never, class: klass });
  people = {
    teacher: await buildUser(t, { role: 'role_teacher', school: school as never }),
    admin: await buildUser(t, { role: 'role_admin' }),
    somali: await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] }),
    arabic: await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] }),
    pupil,
  };
  as = Object.fromEntries(
    await Promise.all(
      Object.entries(people).map(async ([name, user]) => [name, await bearerClientOf(t, user)]),
    ),
  ) as typeof as;
  await as.somali('PUT', '/api/core/v1/user/language', { preferredLanguage: 'so' });
  await as.arabic('PUT', '/api/core/v1/user/language', { preferredLanguage: 'ar' });
});
afterEach(async () => {
  provider.answerWith = null;
  provider.failNext = 0;
  provider.requestLimit = null;
  await t.db.delete(translationUsage);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

describe('machine translation', () => {
  it('says it is on, and is off without TRANSLATION_URL', async () => {
    expect(
      (await as.pupil('GET', '/api/core/v1/translation/languages')).json().machineTranslation,
    ).toBe(true);
    const off = await createTestApp({ demo: false });
    try {
      const teacher = await buildUser(off, { role: 'role_teacher' });
      const call = await bearerClientOf(off, teacher);
      const created = await call('POST', '/api/core/v1/post', {
        type: 'news',
        title: 'Utan översättning',
        nodeIds: [teacher.school!.id],
        categoryIds: [roleCategory.teacher],
      });
      const response = await call(
        'POST',
        `/api/core/v1/post/${created.json().id}/translation/so/machine`,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'MACHINE_TRANSLATION_OFF',
        message: 'Maskinöversättning är inte påslagen i portalen.',
      });
    } finally {
      await off.close();
    }
  });

  it('gives the editor a draft to correct, sending HTML with the key and saving nothing', async () => {
    const post = await newsBy(as.teacher);
    expect(
      (await as.somali('POST', `/api/core/v1/post/${post.id}/translation/so/machine`)).statusCode,
    ).toBe(403);
    const before = provider.requests.length;
    const response = await as.teacher(
      'POST',
      `/api/core/v1/post/${post.id}/translation/so/machine`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json();
    expect(draft).toMatchObject({
      postId: post.id,
      language: 'so',
      dir: 'ltr',
      machineTranslated: true,
      title: '[so] Utflykt till skogen',
      excerpt: '[so] Klassen åker på utflykt.',
    });
    expect(draft.content[0].props.html).toBe(
      '<p>[so] Ta med <a href="/sida/packlista">[so] packlistan</a>[so] .</p>',
    );
    expect(draft.content[1].props.caption).toBe('[so] Tider');
    expect(draft.content[1].children[0].props.headings).toBe('[so] Dag | [so] Tid');
    expect(provider.requests.length).toBe(before + 1);
    expect(provider.requests.at(-1)).toMatchObject({
      source: 'sv',
      target: 'so',
      format: 'html',
      api_key: 'hemlig-nyckel',
    });
    expect(await stored(post.id, 'so')).toEqual([]);
    // Saved as it came, it keeps its label.
    const saved = await as.teacher('PUT', `/api/core/v1/post/${post.id}/translation/so`, {
      title: draft.title,
      excerpt: draft.excerpt,
      content: draft.content,
      machineTranslated: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await as.somali('GET', `/api/core/v1/post/${post.id}`)).json()).toMatchObject({
      language: 'so',
      machineTranslated: true,
    });
  });

  it('keeps a reader’s requested translation for every reader: the provider is asked once', async () => {
    const post = await newsBy(as.teacher, { title: 'Föräldramöte' });
    const read = (await as.arabic('GET', `/api/core/v1/post/${post.id}`)).json();
    expect(read.language).toBe('sv');
    const before = provider.requests.length;
    const response = await as.arabic('POST', `/api/core/v1/post/${post.id}/translation/ar/request`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: '[ar] Föräldramöte',
      language: 'ar',
      dir: 'rtl',
      machineTranslated: true,
      outdated: false,
    });
    await as.arabic('POST', `/api/core/v1/post/${post.id}/translation/ar/request`);
    await as.pupil('POST', `/api/core/v1/post/${post.id}/translation/ar/request`);
    expect(provider.requests.length).toBe(before + 1);
    const [row] = await stored(post.id, 'ar');
    expect(row).toMatchObject({ machineTranslated: true, updatedBy: null });
    expect((await as.arabic('GET', `/api/core/v1/post/${post.id}`)).json().title).toBe(
      '[ar] Föräldramöte',
    );
  });

  it('keeps no markup or script a provider answers with', async () => {
    const post = await newsBy(as.teacher, { title: 'Simskola' });
    provider.answerWith = (fragment) =>
      `<img src=x onerror="alert(1)"><script>steal()</script><p onclick="steal()">${fragment}</p>`;
    const response = await as.somali('POST', `/api/core/v1/post/${post.id}/translation/so/request`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.title).toBe('Simskola');
    expect(JSON.stringify(body)).not.toMatch(/script|onerror|onclick|steal|alert/);
    const [row] = await stored(post.id, 'so');
    expect(JSON.stringify(row)).not.toMatch(/script|onerror|onclick|steal|alert/);
    expect(row?.content[0]?.type).toBe('html');
  });

  it('refuses with a Swedish message once the day’s characters are spent, and stores nothing', async () => {
    const long = createBlock('html', {
      html: `<p>${'Lång text om läsårets planering. '.repeat(70)}</p>`,
    });
    const post = await newsBy(as.teacher, { title: 'Läsårets planering', content: [long] });
    const before = provider.requests.length;
    const response = await as.somali('POST', `/api/core/v1/post/${post.id}/translation/so/request`);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      code: 'TRANSLATION_BUDGET_SPENT',
      message: expect.stringMatching(/^Dagens utrymme för maskinöversättning är förbrukat/),
    });
    expect(provider.requests.length).toBe(before);
    expect(await stored(post.id, 'so')).toEqual([]);
    // A smaller one still fits, and is counted.
    const small = await newsBy(as.teacher, { title: 'Kort', excerpt: '', content: [] });
    expect(
      (await as.somali('POST', `/api/core/v1/post/${small.id}/translation/so/request`)).statusCode,
    ).toBe(200);
    const [usage] = await t.db.select().from(translationUsage);
    expect(usage?.characters).toBe('Kort'.length);
  });

  it('answers the provider’s refusals with Swedish messages, and gives the characters back', async () => {
    const post = await newsBy(as.teacher, { title: 'Vinterlov' });
    provider.requestLimit = 0;
    const busy = await as.somali('POST', `/api/core/v1/post/${post.id}/translation/so/request`);
    expect(busy.statusCode).toBe(429);
    expect(busy.json().code).toBe('TRANSLATION_PROVIDER_BUSY');
    provider.requestLimit = null;
    provider.failNext = 1;
    const failed = await as.somali('POST', `/api/core/v1/post/${post.id}/translation/so/request`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^Översättningstjänsten kunde inte översätta/);
    // A language the provider lacks (the stand-in has no Tigrinya).
    const unknown = await as.somali('POST', `/api/core/v1/post/${post.id}/translation/ti/request`);
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().message).toBe('Översättningstjänsten kan inte översätta till tigrinska.');
    expect(await stored(post.id, 'so')).toEqual([]);
    const [usage] = await t.db.select().from(translationUsage);
    expect(usage?.characters ?? 0).toBe(0);
  });

  it('translates a published crisis alert into every language of its audience, by a job', async () => {
    const alert = await newsBy(as.admin, {
      type: 'alert',
      title: 'Skolan stängd i dag',
      excerpt: 'Skolan är stängd på grund av vattenläcka.',
      content: [],
    });
    await t.app.jobs.send(alertQueue, { postId: alert.id });
    await waitFor(
      async () =>
        (await t.db.select().from(postTranslations).where(eq(postTranslations.postId, alert.id)))
          .length === 2,
    );
    const rows = await t.db
      .select()
      .from(postTranslations)
      .where(eq(postTranslations.postId, alert.id));
    expect(rows.map((row) => [row.language, row.title, row.machineTranslated]).sort()).toEqual([
      ['ar', '[ar] Skolan stängd i dag', true],
      ['so', '[so] Skolan stängd i dag', true],
    ]);
  });
});
