import { createBlock, type PostResponse, type TranslationResponse } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, postTranslations } from '../../db/schema';
import {
  bearerClientOf,
  buildClass,
  buildSchool,
  buildUser,
  signIn,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { roleCategory } from '../../../test/posts-helpers';

/**
 * Translations of a post (issue 27): written by its editors beside the
 * Swedish original, sanitised like it, held to its blocks, outdated when the
 * original's texts change, and read in each reader's own language.
 */
let t: TestContext;
let people: Record<'teacher' | 'guardian' | 'arabic' | 'pupil' | 'other', TestUser>;
type Call = Awaited<ReturnType<typeof bearerClientOf>>;
let as: Record<keyof typeof people, Call>;
let post: PostResponse;

const heading = createBlock('heading', { text: 'Välkommen tillbaka' });
const text = createBlock('html', { html: '<p>Skolan börjar <strong>måndag</strong> kl. 8.</p>' });
const image = createBlock('image', {
  imgSrc: '/media/skolgard.jpg',
  caption: 'Skolgården',
  alt: 'Barn på skolgården',
});
const url = (lang?: string) => `/api/core/v1/post/${post.id}/translation${lang ? `/${lang}` : ''}`;

function somali(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Dugsiga wuxuu bilaabmayaa',
    excerpt: 'Macluumaad ku saabsan bilowga dugsiga.',
    content: [
      { ...heading, props: { ...heading.props, text: 'Soo dhawow' } },
      {
        ...text,
        props: { html: '<p>Dugsigu wuxuu bilaabmayaa <strong>Isniinta</strong> saacadda 8.</p>' },
      },
      { ...image, props: { ...image.props, caption: 'Barxadda dugsiga', alt: 'Carruur' } },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t);
  const klass = await buildClass(t, { school });
  const pupil = await buildUser(t, { role: 'role_student', school, class: klass });
  people = {
    teacher: await buildUser(t, { role: 'role_teacher', school }),
    guardian: await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] }),
    arabic: await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] }),
    pupil,
    other: await buildUser(t, { role: 'role_teacher', school }),
  };
  as = Object.fromEntries(
    await Promise.all(
      Object.entries(people).map(async ([name, user]) => [name, await bearerClientOf(t, user)]),
    ),
  ) as typeof as;
  const created = await as.teacher('POST', '/api/core/v1/post', {
    type: 'news',
    title: 'Skolan börjar',
    excerpt: 'Om skolstarten.',
    nodeIds: [school.id],
    categoryIds: [roleCategory.caretaker, roleCategory.student, roleCategory.teacher],
    content: [heading, text, image],
  });
  expect(created.statusCode, created.body).toBe(201);
  post = created.json();
  for (const [who, language] of [
    ['guardian', 'so'],
    ['arabic', 'ar'],
  ] as const) {
    const chosen = await as[who]('PUT', '/api/core/v1/user/language', {
      preferredLanguage: language,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('the portal languages and the reader’s own', () => {
  it('lists the configured languages with their own names and directions', async () => {
    const response = await as.pupil('GET', '/api/core/v1/translation/languages');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sourceLanguage).toBe('sv');
    expect(body.machineTranslation).toBe(false);
    expect(body.languages[0]).toEqual({
      code: 'sv',
      endonym: 'Svenska',
      name: 'svenska',
      dir: 'ltr',
    });
    expect(body.languages).toContainEqual({
      code: 'ar',
      endonym: 'العربية',
      name: 'arabiska',
      dir: 'rtl',
    });
    expect(body.languages).toContainEqual({
      code: 'so',
      endonym: 'Soomaali',
      name: 'somaliska',
      dir: 'ltr',
    });
  });

  it('asks a guardian once: choosing or putting the question away both count', async () => {
    const fresh = await buildUser(t, { role: 'role_caretaker', guardianOf: [people.pupil] });
    const cookie = await signIn(t.app, fresh);
    const me = async () =>
      (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json();
    expect(await me()).toMatchObject({
      preferredLanguage: 'sv',
      languageAsked: false,
      askLanguage: true,
    });
    const dismissed = await t.app.inject({
      method: 'PUT',
      url: '/api/core/v1/user/language',
      headers: { cookie },
      payload: {},
    });
    expect(dismissed.json()).toEqual({ preferredLanguage: 'sv', languageAsked: true });
    expect(await me()).toMatchObject({
      preferredLanguage: 'sv',
      languageAsked: true,
      askLanguage: false,
    });
    // A pupil is never asked.
    expect((await as.pupil('GET', '/api/core/v1/user')).json().askLanguage).toBe(false);
  });

  it('refuses a language the portal does not offer, and one of the wrong shape, with a Swedish message', async () => {
    for (const preferredLanguage of ['de', 'ar; drop table users']) {
      const response = await as.guardian('PUT', '/api/core/v1/user/language', {
        preferredLanguage,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toEqual({
        field: 'preferredLanguage',
        message: 'Språket finns inte bland portalens språk.',
      });
    }
    expect((await as.guardian('GET', '/api/core/v1/user')).json().preferredLanguage).toBe('so');
  });

  it('lets an administrator set a person’s language, audited', async () => {
    const admin = await bearerClientOf(t, await buildUser(t, { role: 'role_admin' }));
    const someone = await buildUser(t, { role: 'role_caretaker', guardianOf: [people.pupil] });
    const response = await admin('PUT', `/api/core/v1/user/${someone.id}`, {
      preferredLanguage: 'fa',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().preferredLanguage).toBe('fa');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.language'), eq(auditLog.entityId, String(someone.id))));
    expect(entry?.after).toEqual({ preferredLanguage: 'fa' });
    const refused = await admin('PUT', `/api/core/v1/user/${someone.id}`, {
      preferredLanguage: 'xx',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('writing a translation', () => {
  it('climbs 401 → 400 → 403 → 404 → 200', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: url('so'), payload: somali() });
    expect(anonymous.statusCode).toBe(401);
    expect((await as.teacher('PUT', url('so'), { ...somali(), title: '' })).statusCode).toBe(400);
    expect((await as.teacher('PUT', url('de'), somali())).statusCode).toBe(400);
    expect((await as.teacher('PUT', url('sv'), somali())).json().errors[0].message).toBe(
      'Originalet är på svenska: en översättning görs till ett annat språk.',
    );
    // Readers and another teacher of the school see the post but may not edit it.
    expect((await as.guardian('PUT', url('so'), somali())).statusCode).toBe(403);
    expect((await as.other('PUT', url('so'), somali())).statusCode).toBe(403);
    expect(
      (await as.teacher('PUT', '/api/core/v1/post/999999/translation/so', somali())).statusCode,
    ).toBe(404);
    expect((await as.teacher('GET', url('so'))).statusCode).toBe(404);
    const saved = await as.teacher('PUT', url('so'), somali());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      postId: post.id,
      language: 'so',
      endonym: 'Soomaali',
      dir: 'ltr',
      state: 'current',
      machineTranslated: false,
      title: 'Dugsiga wuxuu bilaabmayaa',
      updatedBy: { id: people.teacher.id },
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'post.translation-saved'));
    expect(entry).toMatchObject({ actorUserId: people.teacher.id, entityId: String(post.id) });
  });

  it('keeps the original’s structure, addresses and pictures; only texts differ', async () => {
    const moved = somali({ content: somali().content.slice(1) });
    const refused = await as.teacher('PUT', url('so'), moved);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toMatch(/originalets block/);
    const swapped = somali();
    swapped.content[2] = {
      ...image,
      props: { ...image.props, imgSrc: 'https://elak.example/bild.jpg', caption: 'X' },
    };
    const saved = (await as.teacher('PUT', url('so'), swapped)).json() as TranslationResponse;
    const picture = saved.content[2] as typeof image;
    expect(picture.props).toEqual({
      imgSrc: '/media/skolgard.jpg',
      caption: 'X',
      alt: 'Barn på skolgården',
    });
    // Put back as it was for the tests below.
    expect((await as.teacher('PUT', url('so'), somali())).statusCode).toBe(200);
  });

  it('sanitises the HTML exactly like the post’s own: no script, no handler survives', async () => {
    const hostile = somali();
    hostile.content[1] = {
      ...text,
      props: {
        html: '<p onclick="steal()">Hello<script>alert(1)</script><img src=x onerror=alert(2)></p>',
      },
    };
    const saved = (
      await as.teacher('PUT', url('ar'), { ...hostile, title: 'عودة إلى المدرسة' })
    ).json() as TranslationResponse;
    const html = (saved.content[1] as typeof text).props.html;
    expect(html).toContain('Hello');
    expect(html).not.toMatch(/script|onclick|onerror|alert/);
    const [stored] = await t.db
      .select()
      .from(postTranslations)
      .where(and(eq(postTranslations.postId, post.id), eq(postTranslations.language, 'ar')));
    expect(JSON.stringify(stored?.content)).not.toMatch(/script|onclick|onerror/);
  });
});

describe('reading in one’s own language', () => {
  it('gives the reader with a translation in their language that translation, with the original one click away', async () => {
    const read = (await as.guardian('GET', `/api/core/v1/post/${post.id}`)).json() as PostResponse;
    expect(read).toMatchObject({
      title: 'Dugsiga wuxuu bilaabmayaa',
      excerpt: 'Macluumaad ku saabsan bilowga dugsiga.',
      language: 'so',
      dir: 'ltr',
      machineTranslated: false,
      outdated: false,
    });
    expect((read.content[0] as typeof heading).props.text).toBe('Soo dhawow');
    const original = (await as.guardian('GET', `/api/core/v1/post/${post.id}?language=sv`)).json();
    expect(original).toMatchObject({
      title: 'Skolan börjar',
      language: 'sv',
      dir: 'ltr',
      outdated: false,
    });
    expect(original.content[0].props.text).toBe('Välkommen tillbaka');
    const arabic = (await as.arabic('GET', `/api/core/v1/post/${post.id}`)).json();
    expect(arabic).toMatchObject({ title: 'عودة إلى المدرسة', language: 'ar', dir: 'rtl' });
  });

  it('falls back to the Swedish original where there is no translation', async () => {
    const read = (await as.pupil('GET', `/api/core/v1/post/${post.id}`)).json();
    expect(read).toMatchObject({
      title: 'Skolan börjar',
      language: 'sv',
      dir: 'ltr',
      machineTranslated: false,
      outdated: false,
    });
    const asked = (await as.pupil('GET', `/api/core/v1/post/${post.id}?language=fi`)).json();
    expect(asked).toMatchObject({ title: 'Skolan börjar', language: 'sv' });
    expect((await as.pupil('GET', `/api/core/v1/post/${post.id}?language=de`)).statusCode).toBe(
      400,
    );
  });

  it('gives GetPosts in the reader’s language, and the original when asked for', async () => {
    const feed = async (call: Call, body: object = {}) =>
      (
        await call('POST', '/api/core/v1/GetPosts', { perPage: 50, ...body })
      ).json() as PostResponse[];
    const somaliFeed = (await feed(as.guardian)).find((item) => item.id === post.id)!;
    expect(somaliFeed).toMatchObject({
      title: 'Dugsiga wuxuu bilaabmayaa',
      language: 'so',
      dir: 'ltr',
    });
    const swedishFeed = (await feed(as.guardian, { language: 'sv' })).find(
      (item) => item.id === post.id,
    )!;
    expect(swedishFeed).toMatchObject({ title: 'Skolan börjar', language: 'sv' });
    // Kept answers are keyed by the language: the Somali one again, then after a change of language.
    expect((await feed(as.guardian)).find((item) => item.id === post.id)!.language).toBe('so');
    await as.guardian('PUT', '/api/core/v1/user/language', { preferredLanguage: 'ar' });
    expect((await feed(as.guardian)).find((item) => item.id === post.id)).toMatchObject({
      language: 'ar',
      dir: 'rtl',
    });
    await as.guardian('PUT', '/api/core/v1/user/language', { preferredLanguage: 'so' });
    expect((await feed(as.guardian)).find((item) => item.id === post.id)!.language).toBe('so');
  });

  it('marks a translation outdated when the original’s texts change, until it is saved again', async () => {
    const edit = await as.teacher('PUT', `/api/core/v1/post/${post.id}`, {
      type: 'news',
      title: 'Skolan börjar – ny tid',
      excerpt: 'Om skolstarten.',
      nodeIds: post.nodeIds,
      categoryIds: post.categoryIds,
      content: [heading, text, image],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The editor's answer is the original, whatever the editor's own language.
    expect(edit.json()).toMatchObject({ title: 'Skolan börjar – ny tid', language: 'sv' });
    const list = (await as.teacher('GET', url())).json();
    expect(
      list.translations.map((item: { language: string; state: string }) => [
        item.language,
        item.state,
      ]),
    ).toEqual([
      ['ar', 'outdated'],
      ['so', 'outdated'],
    ]);
    expect(list.can).toEqual({ edit: true, machine: false });
    const read = (await as.guardian('GET', `/api/core/v1/post/${post.id}`)).json();
    expect(read).toMatchObject({
      language: 'so',
      outdated: true,
      title: 'Dugsiga wuxuu bilaabmayaa',
    });
    const feedItem = (
      (await as.guardian('POST', '/api/core/v1/GetPosts', { perPage: 50 })).json() as PostResponse[]
    ).find((item) => item.id === post.id);
    expect(feedItem?.outdated).toBe(true);
    await as.teacher('PUT', url('so'), somali());
    expect((await as.guardian('GET', `/api/core/v1/post/${post.id}`)).json().outdated).toBe(false);
    expect((await as.teacher('GET', url('ar'))).json().state).toBe('outdated');
  });

  it('shows editors which languages the post’s guardians and pupils read', async () => {
    const response = await as.teacher('GET', `/api/core/v1/post/${post.id}/audience-languages`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const counts = Object.fromEntries(
      body.languages.map((item: { code: string; count: number; translation: string }) => [
        item.code,
        [item.count, item.translation],
      ]),
    );
    expect(counts.so).toEqual([1, 'current']);
    expect(counts.ar).toEqual([1, 'outdated']);
    expect(counts.sv?.[1]).toBe('source');
    expect(body.total).toBe(
      body.languages.reduce((sum: number, item: { count: number }) => sum + item.count, 0),
    );
    expect(
      (await as.guardian('GET', `/api/core/v1/post/${post.id}/audience-languages`)).statusCode,
    ).toBe(403);
  });

  it('removes a translation: readers get the original again', async () => {
    expect((await as.guardian('DELETE', url('ar'))).statusCode).toBe(403);
    const removed = await as.teacher('DELETE', url('ar'));
    expect(removed.json()).toEqual({ postId: post.id, language: 'ar', deleted: true });
    expect((await as.teacher('DELETE', url('ar'))).statusCode).toBe(404);
    expect((await as.arabic('GET', `/api/core/v1/post/${post.id}`)).json()).toMatchObject({
      language: 'sv',
    });
  });
});
