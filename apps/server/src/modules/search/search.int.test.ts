import type { Block, SearchResult } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  nodeIdByName,
  roleCategory,
  type Client,
} from '../../../test/posts-helpers';
import { createTool } from '../../../test/tools-helpers';
import { findUserIdByUsername, seedDemoMunicipality } from '../../db/seed/demo-municipality';
import { seedDemoPosts } from '../../db/seed/demo-posts';

const { teacher, student, caretaker, employee } = roleCategory;
const everyone = [teacher, student, caretaker, employee];

const html = (id: string, markup: string): Block =>
  ({ id, type: 'html', version: 1, props: { html: markup }, children: [] }) as Block;

let t: TestContext;
let admin: Client;
const clients: Record<string, Client> = {};
const as = async (username: string) => (clients[username] ??= await clientFor(t, username));

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const { nodeByRef, userIds } = await seedDemoMunicipality(t.db);
  await seedDemoPosts(t.db, nodeByRef, userIds);
  admin = await clientFor(t, 'eva.andersson');
  const lindang = await nodeIdByName(t, 'Lindängsskolan');
  const threeA = await nodeIdByName(t, '3A');
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
    categoryIds: [teacher, employee],
  });
  await createPost(admin, {
    title: 'Elevrådet på Lindängsskolan',
    excerpt: 'Elevrådet träffas i skolans bibliotek varje onsdag.',
    nodeIds: [lindang],
    categoryIds: [student],
  });
  await createPost(admin, {
    type: 'page',
    title: 'Skolbiblioteket',
    excerpt: 'Öppettider för skolbiblioteket.',
    nodeIds: [threeA],
    categoryIds: [student],
  });
  const anna = await as('anna.larsson');
  await createPost(anna, {
    title: 'Utkast om skolor',
    status: 'draft',
    nodeIds: [threeA],
    categoryIds: [student],
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
    categoryIds: [student],
  });
  await createTool(admin, {
    name: 'Klätterkurs för lärare',
    shortDescription: 'Säkerhet vid klätterväggen',
    longDescription: 'Kurs för lärare som vill leda klättring på klätterväggen.',
    url: 'https://kurs.exempelby.se',
    nodeIds: [1],
    categoryIds: [teacher],
  });
});
afterAll(() => t.close());

async function search(username: string, query: string) {
  const client = await as(username);
  return client('GET', `/api/core/v1/search?${query}`);
}

async function titles(username: string, query: string) {
  const response = await search(username, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SearchResult[]).map((hit) => hit.title);
}

const q = (text: string, extra = '') => `q=${encodeURIComponent(text)}${extra}`;

describe('Swedish words', () => {
  it('"skolor" finds skolan, skola and skolorna (stemming and word beginnings)', async () => {
    const found = await titles('elsa.nilsson', q('skolor'));
    expect(found).toEqual(
      expect.arrayContaining(['Skolan firar hundra år', 'Vinterns friluftsdag', 'Skolbiblioteket']),
    );
  });

  it('"skolan" finds skola too, and a word being typed finds its whole', async () => {
    expect(await titles('elsa.nilsson', q('skolan friluftsdag'))).toEqual(['Vinterns friluftsdag']);
    expect(await titles('elsa.nilsson', q('friluft'))).toEqual(['Vinterns friluftsdag']);
    expect(await titles('elsa.nilsson', q('jubileumsfesten'))).toEqual(['Skolan firar hundra år']);
  });

  it('every word must be found', async () => {
    expect(await titles('elsa.nilsson', q('skolan jubileum'))).toEqual(['Skolan firar hundra år']);
    expect(await titles('elsa.nilsson', q('skolan zebra'))).toEqual([]);
  });

  it('the demo content is searchable', async () => {
    expect(await titles('elsa.nilsson', q('utflykter'))).toEqual([
      'Utflykt till Naturhistoriska museet med 3A',
    ]);
    // Text inside the blocks: a table row of the same post.
    expect(await titles('elsa.nilsson', q('picknickrum'))).toEqual([
      'Utflykt till Naturhistoriska museet med 3A',
    ]);
  });
});

describe('ranking and highlights', () => {
  it('a hit in the title ranks above a hit in the body', async () => {
    const found = await titles('johan.berg', q('klätterväggar', '&type[]=news'));
    expect(found).toEqual(['Klätterväggen är klar', 'Idrottshallen har fått nya mattor']);
  });

  it('marks the matching words in the title and in the passage from the body', async () => {
    const response = await search('johan.berg', q('klätterväggen', '&type[]=news'));
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
    const skolor = await search('elsa.nilsson', q('skolor friluftsdag'));
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
    const response = await search('elsa.nilsson', q('markörer'));
    const [hit] = response.json() as SearchResult[];
    expect(hit!.titleHighlight).toEqual([
      { text: 'Markörer', match: true },
      { text: ' skolgården <b>fet</b>', match: false },
    ]);
  });
});

describe('audience', () => {
  it('a student never finds a staff-only post; staff do', async () => {
    expect(await titles('elsa.nilsson', q('budget'))).toEqual([]);
    expect(await titles('karin.nilsson', q('budget'))).toEqual([]);
    expect(await titles('anna.larsson', q('budget'))).toEqual(['Personalmöte om skolornas budget']);
    // The demo's teachers' day is for teachers only.
    expect(await titles('elsa.nilsson', q('kompetensutvecklingsdag'))).toEqual([]);
    expect(await titles('anna.larsson', q('kompetensutvecklingsdag'))).toEqual([
      'Kompetensutvecklingsdag för lärare',
    ]);
  });

  it("another school's post is not found", async () => {
    expect(await titles('elsa.nilsson', q('elevrådet'))).toEqual([]);
    expect(await titles('leo.nilsson', q('elevrådet'))).toEqual(['Elevrådet på Lindängsskolan']);
    expect(await titles('leo.nilsson', q('skolbiblioteket', '&type[]=page'))).toEqual([]);
    expect(await titles('elsa.nilsson', q('skolbiblioteket', '&type[]=page'))).toEqual([
      'Skolbiblioteket',
    ]);
  });

  it('drafts are not found, not even by their author; post_list_all does not widen search', async () => {
    expect(await titles('anna.larsson', q('utkast'))).toEqual([]);
    expect(await titles('sven.svensson', q('elevrådet'))).toEqual([]);
  });

  it('finds the tools aimed at the user, and only those', async () => {
    const elsa = await search('elsa.nilsson', q('klätterväggen', '&type[]=tool'));
    expect(elsa.statusCode).toBe(200);
    expect(elsa.json()).toEqual([
      expect.objectContaining({
        kind: 'tool',
        type: 'tool',
        title: 'Klätterbokning',
        url: 'https://klattring.exempelby.se',
        slug: null,
        date: null,
      }),
    ]);
    expect(await titles('johan.berg', q('klätterväggen', '&type[]=tool'))).toEqual([
      'Klätterkurs för lärare',
    ]);
    // The demo's tools too, by name and description.
    expect(await titles('elsa.nilsson', q('matsedeln', '&type[]=tool'))).toEqual(['Matsedel']);
  });
});

describe('filters and paging', () => {
  it('filters by type: tools, post types, or several', async () => {
    const kinds = async (extra: string) => {
      const response = await search('elsa.nilsson', q('klätterväggen', extra));
      return (response.json() as SearchResult[]).map((hit) => hit.type).sort();
    };
    expect(await kinds('')).toEqual(['news', 'news', 'tool']);
    expect(await kinds('&type[]=news')).toEqual(['news', 'news']);
    expect(await kinds('&type[]=tool&type[]=news')).toEqual(['news', 'news', 'tool']);
    expect(await kinds('&type=page')).toEqual([]);
  });

  it('pages through every hit once, with the total in x-pagination-total', async () => {
    const all = await search('elsa.nilsson', q('skol'));
    const total = Number(all.headers['x-pagination-total']);
    expect(total).toBe((all.json() as SearchResult[]).length);
    expect(total).toBeGreaterThan(4);
    const seen: string[] = [];
    for (let page = 1; page <= total + 1; page += 1) {
      const response = await search('elsa.nilsson', q('skol', `&perPage=2&page=${page}`));
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
    expect(await titles('elsa.nilsson', q('regnbågsforell'))).toEqual([]);
    const editor = await admin('GET', `/api/core/v1/editor/${post.id}`);
    const saved = await admin('PUT', `/api/core/v1/editor/${post.id}`, {
      version: editor.json().version,
      content: [html('v1', `<p>${filler} Vi såg en regnbågsforell i bäcken. ${filler}</p>`)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await titles('elsa.nilsson', q('regnbågsforellen'))).toEqual(['Veckobrev']);
    // A passage from the middle of a long text says so at both ends.
    const [hit] = (await search('elsa.nilsson', q('regnbågsforell'))).json() as SearchResult[];
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
    const [hit] = (await search('elsa.nilsson', q('påskveckan sportlov'))).json() as SearchResult[];
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
    const ali = (await findUserIdByUsername(t.db, 'ali.hassan'))!;
    const denied = await admin('POST', `/api/core/v1/user/${ali}/capability/search`, {
      value: false,
    });
    expect(denied.statusCode, denied.body).toBe(200);
    const refused = await search('ali.hassan', q('skolan'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it('refuses an empty or over-long search with a Swedish message', async () => {
    for (const query of ['', 'q=', 'q=%20%20', q('x'.repeat(201)), q('skola '.repeat(2000))]) {
      const response = await search('elsa.nilsson', query);
      expect(response.statusCode, query.slice(0, 20)).toBe(400);
      const body = response.json() as {
        code: string;
        errors: { field: string; message: string }[];
      };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors[0]!.field).toBe('q');
      expect(body.errors[0]!.message).toMatch(/Skriv något att söka efter|högst 200 tecken/);
    }
    expect((await search('elsa.nilsson', q('x'.repeat(200)))).statusCode).toBe(200);
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
      const response = await search('elsa.nilsson', q(text));
      expect(response.statusCode, JSON.stringify(text)).toBe(200);
      expect(Array.isArray(response.json())).toBe(true);
    }
    expect(await titles('elsa.nilsson', q('"skolan firar"'))).toEqual(['Skolan firar hundra år']);
    // A NUL character is refused before it gets anywhere near the database.
    const nul = await search('elsa.nilsson', q('\u0000skola'));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual([
      { field: 'q', message: 'Fältet innehåller otillåtna tecken' },
    ]);
    expect(await titles('elsa.nilsson', q('&|!():*'))).toEqual([]);
    for (const extra of ['&perPage=51', '&perPage=0', '&page=0', '&page=x', '&type=bogus']) {
      const response = await search('elsa.nilsson', q('skola', extra));
      expect(response.statusCode, extra).toBe(400);
    }
  });
});
