import type { Block, SearchResult } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, roleCategory, type Client } from '../../../test/posts-helpers';
import { createTool } from '../../../test/tools-helpers';

const {
  teacher: teachers,
  student: students,
  caretaker: caretakers,
  employee: employees,
} = roleCategory;
const everyone = [teachers, students, caretakers, employees];

const block = (id: string, type: string, props: object, children: Block[] = []): Block =>
  ({ id, type, version: 1, props, children }) as Block;
const html = (id: string, markup: string) => block(id, 'html', { html: markup });

let t: TestContext;
let admin: Client;
/** A pupil of class 3A, her guardian and the class's teacher. */
let pupil: TestUser;
let guardian: TestUser;
let teacher: TestUser;
/** A pupil of another school. */
let otherPupil: TestUser;
/** Holds post_list_all, which lists every post but must not widen search. */
let superadmin: TestUser;
/** A pupil whose search right the administrator takes away. */
let pupilWithoutSearch: TestUser;
const clients: Record<string, Client> = {};
const as = async (user: TestUser) => (clients[user.username] ??= await clientFor(t, user));

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t);
  const threeA = await buildClass(t, { school, name: '3A' });
  const otherSchool = await buildSchool(t, { name: 'Lindängsskolan' });
  pupil = await buildUser(t, { role: 'role_student', class: threeA });
  guardian = await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] });
  teacher = await buildUser(t, { role: 'role_teacher', class: threeA });
  otherPupil = await buildUser(t, {
    role: 'role_student',
    class: await buildClass(t, { school: otherSchool }),
  });
  superadmin = await buildUser(t, { role: 'role_superadmin' });
  pupilWithoutSearch = await buildUser(t, { role: 'role_student' });
  admin = await as(await buildUser(t, { role: 'role_admin' }));

  await createPost(admin, {
    title: 'Skolan firar hundra år',
    excerpt: 'Hela skolan bjuder in till jubileumsfest.',
    nodeIds: [1],
    categoryIds: everyone,
  });
  await createPost(admin, {
    title: 'Vinterns friluftsdag',
    excerpt: 'Ta med varma kläder och termos.',
    content: [
      html('f1', '<p>Alla <strong>skolor</strong> i kommunen har friluftsdag samma dag.</p>'),
    ],
    nodeIds: [1],
    categoryIds: everyone,
  });
  await createPost(admin, {
    title: 'Personalmöte om skolornas budget',
    excerpt: 'Endast för personal.',
    nodeIds: [1],
    categoryIds: [teachers, employees],
  });
  await createPost(admin, {
    title: 'Kompetensutvecklingsdag för lärare',
    excerpt: 'Den 8 januari samlas kommunens lärare för en dag om bedömning och digitala verktyg.',
    nodeIds: [1],
    categoryIds: [teachers],
  });
  await createPost(admin, {
    title: 'Elevrådet på Lindängsskolan',
    excerpt: 'Elevrådet träffas i skolans bibliotek varje onsdag.',
    nodeIds: [otherSchool.id],
    categoryIds: [students],
  });
  await createPost(admin, {
    type: 'page',
    title: 'Skolbiblioteket',
    excerpt: 'Öppettider för skolbiblioteket.',
    nodeIds: [threeA.id],
    categoryIds: [students],
  });
  const classTeacher = await as(teacher);
  await createPost(classTeacher, {
    title: 'Utkast om skolor',
    status: 'draft',
    nodeIds: [threeA.id],
    categoryIds: [students],
  });
  // A word found only in a table row of the post's blocks.
  await createPost(classTeacher, {
    title: 'Utflykt till Naturhistoriska museet med 3A',
    excerpt:
      'Tisdag åker 3A till Naturhistoriska museet. Ta med matsäck, vattenflaska och bra skor.',
    content: [
      html('u1', '<p>Vi samlas på skolgården kl. 8.15 och är tillbaka cirka 14.30.</p>'),
      block('u2', 'table', { caption: 'Att ta med' }, [
        block('u3', 'table-heading', { headings: 'Vad | Varför' }),
        block('u4', 'table-row', { items: 'Matsäck | Vi äter lunch i museets picknickrum' }),
        block('u5', 'table-row', { items: 'Vattenflaska | Det finns påfyllning' }),
      ]),
    ],
    nodeIds: [threeA.id],
    categoryIds: [teachers, students, caretakers],
  });
  // Ranking: the same word in one title and in another post's body.
  await createPost(admin, {
    title: 'Idrottshallen har fått nya mattor',
    excerpt: 'Mattorna ligger i stora salen.',
    content: [html('k1', '<p>Bredvid dem står den nya klätterväggen, öppen efter skolan.</p>')],
    nodeIds: [1],
    categoryIds: everyone,
  });
  await createPost(admin, {
    title: 'Klätterväggen är klar',
    excerpt: 'Nu kan alla klasser boka tid.',
    nodeIds: [1],
    categoryIds: everyone,
  });
  await createTool(admin, {
    name: 'Klätterbokning',
    shortDescription: 'Boka klätterväggen',
    longDescription: 'Boka tid på klätterväggen i idrottshallen för din klass.',
    url: 'https://klattring.exempelby.se',
    nodeIds: [1],
    categoryIds: [students],
  });
  await createTool(admin, {
    name: 'Klätterkurs för lärare',
    shortDescription: 'Säkerhet vid klätterväggen',
    longDescription: 'Kurs för lärare som vill leda klättring på klätterväggen.',
    url: 'https://kurs.exempelby.se',
    nodeIds: [1],
    categoryIds: [teachers],
  });
  // A tool for everyone whose name and description share a word.
  await createTool(admin, {
    name: 'Matsedel',
    shortDescription: 'Veckans lunch i skolan',
    longDescription:
      'Veckans matsedel för skolrestaurangerna, med specialkost och information om allergener.',
    url: 'https://matsedel.exempelby.se',
    nodeIds: [1],
    categoryIds: everyone,
  });
});
afterAll(() => t.close());

async function search(user: TestUser, query: string) {
  const client = await as(user);
  return client('GET', `/api/core/v1/search?${query}`);
}

async function titles(user: TestUser, query: string) {
  const response = await search(user, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SearchResult[]).map((hit) => hit.title);
}

const q = (text: string, extra = '') => `q=${encodeURIComponent(text)}${extra}`;

describe('Swedish words', () => {
  it('"skolor" finds skolan, skola and skolorna (stemming and word beginnings)', async () => {
    const found = await titles(pupil, q('skolor'));
    expect(found).toEqual(
      expect.arrayContaining(['Skolan firar hundra år', 'Vinterns friluftsdag', 'Skolbiblioteket']),
    );
  });

  it('"skolan" finds skola too, and a word being typed finds its whole', async () => {
    expect(await titles(pupil, q('skolan friluftsdag'))).toEqual(['Vinterns friluftsdag']);
    expect(await titles(pupil, q('friluft'))).toEqual(['Vinterns friluftsdag']);
    expect(await titles(pupil, q('jubileumsfesten'))).toEqual(['Skolan firar hundra år']);
  });

  it('every word must be found', async () => {
    expect(await titles(pupil, q('skolan jubileum'))).toEqual(['Skolan firar hundra år']);
    expect(await titles(pupil, q('skolan zebra'))).toEqual([]);
  });

  it('the text of the blocks is searchable', async () => {
    expect(await titles(pupil, q('utflykter'))).toEqual([
      'Utflykt till Naturhistoriska museet med 3A',
    ]);
    // Text inside a block inside another: a table row of the same post.
    expect(await titles(pupil, q('picknickrum'))).toEqual([
      'Utflykt till Naturhistoriska museet med 3A',
    ]);
  });
});

describe('ranking and highlights', () => {
  it('a hit in the title ranks above a hit in the body', async () => {
    const found = await titles(teacher, q('klätterväggar', '&type[]=news'));
    expect(found).toEqual(['Klätterväggen är klar', 'Idrottshallen har fått nya mattor']);
  });

  it('marks the matching words in the title and in the passage from the body', async () => {
    const response = await search(teacher, q('klätterväggen', '&type[]=news'));
    const [title, body] = response.json() as SearchResult[];
    expect(title!.titleHighlight).toEqual([
      { text: 'Klätterväggen', match: true },
      { text: ' är klar', match: false },
    ]);
    expect(title!.kind).toBe('post');
    expect(title!.slug).toBe('klatterväggen-ar-klar'.replace('ä', 'a'));
    expect(body!.snippet.filter((piece) => piece.match).map((piece) => piece.text)).toEqual([
      'klätterväggen',
    ]);
    expect(body!.snippet.map((piece) => piece.text).join('')).toContain(
      'Bredvid dem står den nya klätterväggen',
    );
    // A short text is shown whole, without ellipses; a title-only hit shows its excerpt.
    expect(body!.snippet.map((piece) => piece.text).join('')).toMatch(/^Mattorna ligger.*skolan$/);
    expect(title!.snippet).toEqual([{ text: 'Nu kan alla klasser boka tid.', match: false }]);
    // The <strong> of the stored HTML is not in the text at all.
    const skolor = await search(pupil, q('skolor friluftsdag'));
    const snippet = (skolor.json() as SearchResult[])[0]!.snippet;
    expect(snippet.map((piece) => piece.text).join('')).not.toContain('<');
  });

  it('stored text cannot fake a highlight or markup', async () => {
    await createPost(admin, {
      title: 'Markörer \uE000skolgården\uE001 <b>fet</b>',
      excerpt: 'Om skolgården.',
      nodeIds: [1],
      categoryIds: everyone,
    });
    const response = await search(pupil, q('markörer'));
    const [hit] = response.json() as SearchResult[];
    expect(hit!.titleHighlight).toEqual([
      { text: 'Markörer', match: true },
      { text: ' skolgården <b>fet</b>', match: false },
    ]);
  });
});

describe('audience', () => {
  it('a student never finds a staff-only post; staff do', async () => {
    expect(await titles(pupil, q('budget'))).toEqual([]);
    expect(await titles(guardian, q('budget'))).toEqual([]);
    expect(await titles(teacher, q('budget'))).toEqual(['Personalmöte om skolornas budget']);
    // A teachers' day is for teachers only, not for all staff.
    expect(await titles(pupil, q('kompetensutvecklingsdag'))).toEqual([]);
    expect(await titles(teacher, q('kompetensutvecklingsdag'))).toEqual([
      'Kompetensutvecklingsdag för lärare',
    ]);
  });

  it("another school's post is not found", async () => {
    expect(await titles(pupil, q('elevrådet'))).toEqual([]);
    expect(await titles(otherPupil, q('elevrådet'))).toEqual(['Elevrådet på Lindängsskolan']);
    expect(await titles(otherPupil, q('skolbiblioteket', '&type[]=page'))).toEqual([]);
    expect(await titles(pupil, q('skolbiblioteket', '&type[]=page'))).toEqual(['Skolbiblioteket']);
  });

  it('drafts are not found, not even by their author; post_list_all does not widen search', async () => {
    expect(await titles(teacher, q('utkast'))).toEqual([]);
    expect(await titles(superadmin, q('elevrådet'))).toEqual([]);
  });

  it('finds the tools aimed at the user, and only those', async () => {
    const pupilsTools = await search(pupil, q('klätterväggen', '&type[]=tool'));
    expect(pupilsTools.statusCode).toBe(200);
    expect(pupilsTools.json()).toEqual([
      expect.objectContaining({
        kind: 'tool',
        type: 'tool',
        title: 'Klätterbokning',
        url: 'https://klattring.exempelby.se',
        slug: null,
        date: null,
      }),
    ]);
    expect(await titles(teacher, q('klätterväggen', '&type[]=tool'))).toEqual([
      'Klätterkurs för lärare',
    ]);
    // A tool for everyone, by the word in its name and description.
    expect(await titles(pupil, q('matsedeln', '&type[]=tool'))).toEqual(['Matsedel']);
  });
});

describe('filters and paging', () => {
  it('filters by type: tools, post types, or several', async () => {
    const kinds = async (extra: string) => {
      const response = await search(pupil, q('klätterväggen', extra));
      return (response.json() as SearchResult[]).map((hit) => hit.type).sort();
    };
    expect(await kinds('')).toEqual(['news', 'news', 'tool']);
    expect(await kinds('&type[]=news')).toEqual(['news', 'news']);
    expect(await kinds('&type[]=tool&type[]=news')).toEqual(['news', 'news', 'tool']);
    expect(await kinds('&type=page')).toEqual([]);
  });

  it('pages through every hit once, with the total in x-pagination-total', async () => {
    const all = await search(pupil, q('skol'));
    const total = Number(all.headers['x-pagination-total']);
    expect(total).toBe((all.json() as SearchResult[]).length);
    expect(total).toBeGreaterThan(4);
    const seen: string[] = [];
    for (let page = 1; page <= total + 1; page += 1) {
      const response = await search(pupil, q('skol', `&perPage=2&page=${page}`));
      expect(response.headers['x-pagination-total']).toBe(String(total));
      seen.push(...(response.json() as SearchResult[]).map((hit) => `${hit.kind}${hit.id}`));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('a change made in the page builder is found at once', async () => {
    const filler = Array.from({ length: 40 }, (_, n) => `ord${n}`).join(' ');
    const post = await createPost(admin, {
      title: 'Veckobrev',
      nodeIds: [1],
      categoryIds: everyone,
    });
    expect(await titles(pupil, q('regnbågsforell'))).toEqual([]);
    const editor = await admin('GET', `/api/core/v1/editor/${post.id}`);
    const saved = await admin('PUT', `/api/core/v1/editor/${post.id}`, {
      version: editor.json().version,
      content: [html('v1', `<p>${filler} Vi såg en regnbågsforell i bäcken. ${filler}</p>`)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await titles(pupil, q('regnbågsforellen'))).toEqual(['Veckobrev']);
    // A passage from the middle of a long text says so at both ends.
    const [hit] = (await search(pupil, q('regnbågsforell'))).json() as SearchResult[];
    const passage = hit!.snippet.map((piece) => piece.text).join('');
    expect(passage).toMatch(/^… .*Vi såg en regnbågsforell i bäcken.* …$/);
    expect(hit!.snippet.filter((piece) => piece.match)).toEqual([
      { text: 'regnbågsforell', match: true },
    ]);
  });
});

describe('snippets of posts built from blocks', () => {
  it('keep each block its own sentence and do not repeat a heading the text begins with', async () => {
    const heading = (id: string, text: string): Block =>
      ({ id, type: 'heading', version: 1, props: { text, size: 2 }, children: [] }) as Block;
    await createPost(admin, {
      title: 'Terminens lovdagar',
      excerpt: 'Lov och studiedagar',
      content: [
        heading('h1', 'Sportlov'),
        html('s1', '<p>Sportlov vecka 9 för alla skolor.</p>'),
        heading('h2', 'Påsklov'),
        html('s2', '<p>Skolorna är stängda under påskveckan.</p>'),
      ],
      nodeIds: [1],
      categoryIds: everyone,
    });
    const [hit] = (await search(pupil, q('påskveckan sportlov'))).json() as SearchResult[];
    const passage = hit!.snippet.map((piece) => piece.text).join('');
    expect(passage).toContain('Lov och studiedagar. Sportlov vecka 9');
    expect(passage).toContain('skolor. Påsklov. Skolorna är stängda');
    expect(passage).not.toMatch(/Sportlov Sportlov/);
  });
});

describe('who may search, and bad input', () => {
  it('needs a session and the search right', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/core/v1/search?${q('x')}` });
    expect(anonymous.statusCode).toBe(401);
    const denied = await admin(
      'POST',
      `/api/core/v1/user/${pupilWithoutSearch.id}/capability/search`,
      {
        value: false,
      },
    );
    expect(denied.statusCode, denied.body).toBe(200);
    const refused = await search(pupilWithoutSearch, q('skolan'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it('refuses an empty or over-long search with a Swedish message', async () => {
    for (const query of ['', 'q=', 'q=%20%20', q('x'.repeat(201)), q('skola '.repeat(2000))]) {
      const response = await search(pupil, query);
      expect(response.statusCode, query.slice(0, 20)).toBe(400);
      const body = response.json() as {
        code: string;
        errors: { field: string; message: string }[];
      };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors[0]!.field).toBe('q');
      expect(body.errors[0]!.message).toMatch(/Skriv något att söka efter|högst 200 tecken/);
    }
    expect((await search(pupil, q('x'.repeat(200)))).statusCode).toBe(200);
  });

  it('never answers 5xx to tsquery syntax, quotes, odd characters or odd paging', async () => {
    const hostile = [
      '&',
      '|',
      '!',
      '!!skola',
      '()',
      '(skola',
      'skola)',
      ':*',
      'skol:*',
      'skola:A',
      'skola & | !',
      '<->',
      'skola <-> år',
      '<2>',
      "'",
      "''",
      '"',
      '"skola',
      '"skolan firar"',
      "skola' | 'x",
      '\\',
      '\\x00',
      '%',
      '_',
      '*',
      '-skola',
      'skola OR fest',
      'DROP TABLE posts;--',
      '$1',
      '\uE000\uE001',
      '🎉🎉',
      'مدرسة',
      '学校',
      'e\u0301cole',
      'a'.repeat(200),
      'och',
      'och i på',
    ];
    for (const text of hostile) {
      const response = await search(pupil, q(text));
      expect(response.statusCode, JSON.stringify(text)).toBe(200);
      expect(Array.isArray(response.json())).toBe(true);
    }
    expect(await titles(pupil, q('"skolan firar"'))).toEqual(['Skolan firar hundra år']);
    // A NUL character is refused before it gets anywhere near the database.
    const nul = await search(pupil, q('\u0000skola'));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual([
      { field: 'q', message: 'Fältet innehåller otillåtna tecken' },
    ]);
    expect(await titles(pupil, q('&|!():*'))).toEqual([]);
    for (const extra of ['&perPage=51', '&perPage=0', '&page=0', '&page=x', '&type=bogus']) {
      const response = await search(pupil, q('skola', extra));
      expect(response.statusCode, extra).toBe(400);
    }
  });
});
