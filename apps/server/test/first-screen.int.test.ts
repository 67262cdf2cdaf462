import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  analyticsSettingRequest,
  contentLanguagesRequest,
  answerJson,
  documentFavoritesRequest,
  favoritesRequest,
  feedPageSize,
  firstScreenDataId,
  firstScreenUrls,
  frameRequests,
  newsFeedRequest,
  startPageRequests,
  type FirstScreenAnswer,
  type FirstScreenRequest,
} from '@skolportalen/shared/start-page';
import {
  postReadRequests,
  readCourseRequest,
  readPostRequest,
} from '@skolportalen/shared/reading-page';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { protectedIdentityName, type PostListItem } from '@skolportalen/shared';
import { dbQueryDuration } from '../src/metrics/metrics';
import * as linksRepo from '../src/modules/links/links.repo';
import { createCourse } from './course-helpers';
import {
  buildClass,
  buildPost,
  buildSchool,
  buildUser,
  fullName,
  signIn,
  type TestUser,
} from './factories';
import { createTestApp, testCookieNames, type TestContext } from './harness';
import { clientFor, createPost } from './posts-helpers';
import { roleCategory, toolBody } from './tools-helpers';

/**
 * The page at "/" carries the start page's first answers for a signed-in
 * reader (spec issue 11, decision 0026): the same answers the API gives the
 * same requests, the reader's own only, and nothing that can end the block.
 */
let t: TestContext;
function builtWebApp() {
  const webDist = mkdtempSync(path.join(tmpdir(), 'skolportalen-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Skolportalen</title>');
  for (const name of ['read', 'course'])
    writeFileSync(
      path.join(webDist, `${name}.html`),
      `<!doctype html><html lang="sv"><head><title>Skolportalen</title><meta name="page" content="${name}">\n    <script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`,
    );
  writeFileSync(
    path.join(webDist, 'start.html'),
    '<!doctype html><html lang="sv"><head><title>Skolportalen</title>\n    <script type="module" async src="/assets/early.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(webDist, 'assets'));
  return webDist;
}

let webDist: string;
let teacher: TestUser;
let pupil: TestUser;
let guardian: TestUser;
let admin: TestUser;
let schoolNews: string;
beforeAll(async () => {
  webDist = builtWebApp();
  // What the answers hold is the point here, not how fast a loaded test machine gives them.
  t = await createTestApp({
    demo: false,
    env: { WEB_DIST_DIR: webDist, FIRST_SCREEN_WAIT_MS: '10000' },
  });
  teacher = await buildUser(t);
  pupil = await buildUser(t, { role: 'role_student' });
  guardian = await buildUser(t, { role: 'role_caretaker' });
  admin = await buildUser(t, { role: 'role_admin' });
  // Something in the teacher's feed and tools, so the answers compared are not empty.
  schoolNews = (await buildPost(t, { author: teacher })).title;
  const tool = await (await clientFor(t, admin))('POST', '/api/core/v1/link', toolBody());
  expect(tool.statusCode, tool.body).toBe(201);
});
afterAll(() => t.close());

/** The page's data block as written. */
function writtenAnswersIn(html: string): FirstScreenAnswer[] | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${firstScreenDataId}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as FirstScreenAnswer[]) : undefined;
}

/** The page's answers as the app reads them: one naming an earlier answer's field has its JSON. */
function answersIn(html: string): FirstScreenAnswer[] | undefined {
  const answers = writtenAnswersIn(html);
  return answers?.map((answer) => ({ ...answer, json: answerJson(answers, answer) }));
}

/** The first page of news among the answers. */
const newsFeedIn = (answers: FirstScreenAnswer[]) =>
  answers.find((answer) => answer.body === JSON.stringify(newsFeedRequest(1, feedPageSize)))!;

/** Statements sent so far (skolportalen_db_query_duration_seconds counts each one). */
async function statementsSent() {
  const { values } = await dbQueryDuration.get();
  return values.find((value) => value.metricName?.endsWith('_count'))?.value ?? 0;
}

const startPage = (cookie?: string, encoding?: string) =>
  t.app.inject({
    url: '/',
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });

/** Each answer in the page equals what the API itself answers the same request. */
async function expectAnswersOfApi(
  cookie: string,
  answers: FirstScreenAnswer[],
  wanted: FirstScreenRequest[],
) {
  expect(answers.map((answer) => answer.url)).toEqual(wanted.map((request) => request.url));
  for (const [index, request] of wanted.entries()) {
    const answer = answers[index]!;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    expect(answer.body).toBe(body);
    const direct = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: body } : {}),
    });
    expect(direct.statusCode, request.url).toBe(200);
    expect(answer.status).toBe(200);
    expect(answer.json, request.url).toEqual(direct.json());
    expect(answer.total, request.url).toBe(direct.headers['x-pagination-total']);
  }
}

describe('the start page with its first answers', () => {
  it('carries every first-screen answer, equal to what the API answers the same request', async () => {
    const cookie = await signIn(t.app, teacher);
    // Something of the teacher's own in the favourites, so that answer is not empty either.
    const favourite = await (
      await clientFor(t, teacher)
    )('POST', '/api/core/v1/favorite', { name: 'Min favorit', url: 'https://www.skolverket.se' });
    expect(favourite.statusCode, favourite.body).toBe(201);
    const page = await startPage(cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['vary']).toContain('cookie');
    // The data comes before the first script, which may run before the page is parsed.
    expect(page.body.indexOf(firstScreenDataId)).toBeLessThan(
      page.body.indexOf('<script type="module"'),
    );
    const answers = answersIn(page.body)!;
    // A teacher with the document area also gets "Mina dokument", and her favourites.
    await expectAnswersOfApi(cookie, answers, [
      ...startPageRequests(),
      analyticsSettingRequest,
      documentFavoritesRequest,
      favoritesRequest,
    ]);
    const feed = newsFeedIn(answers);
    expect((feed.json as { title: string }[]).map((post) => post.title)).toContain(schoolNews);
    const tools = answers.find((answer) => answer.url.endsWith('/GetLinks'))!;
    expect(JSON.stringify(tools.json)).toContain(toolBody().name);
    const favourites = answers.find((answer) => answer.url === favoritesRequest.url)!;
    expect(JSON.stringify(favourites.json)).toContain('Min favorit');
  });

  it("lists the reader's tools twice with one read of their own choices, and no list statement", async () => {
    const reader = await buildUser(t);
    const cookie = await signIn(t.app, reader);
    const choicesRead = vi.spyOn(linksRepo, 'loadUserChoices');
    const listedInSql = vi.spyOn(linksRepo, 'listLinks');
    try {
      const page = (await startPage(cookie)).body;
      const answers = answersIn(page)!;
      const tools = answers.find((answer) => answer.url.endsWith('/GetLinks'))!;
      const user = answers.find((answer) => answer.url === firstScreenUrls.currentUser)!;
      expect(JSON.stringify(tools.json)).toContain(toolBody().name);
      expect(JSON.stringify(user.json)).toContain(toolBody().name);
      expect(tools.json).toEqual((user.json as { links: unknown }).links);
      // Written once in the page: GetLinks names the user answer's `links`.
      const written = writtenAnswersIn(page)!;
      const writtenTools = written.find((answer) => answer.url.endsWith('/GetLinks'))!;
      expect(written[0]!.url).toBe(firstScreenUrls.currentUser);
      expect(writtenTools.same).toEqual([0, 'links']);
      expect(writtenTools).not.toHaveProperty('json');
      expect(page.split(toolBody().name).length - 1).toBe(1);
      expect(choicesRead).toHaveBeenCalledTimes(1);
      expect(listedInSql).not.toHaveBeenCalled();
    } finally {
      choicesRead.mockRestore();
      listedInSql.mockRestore();
    }
  });

  it("asks the database for a pupil's first page in two statements", async () => {
    // The fewest of three first pages: the portal's jobs may add a statement, never take one.
    let fewest = Infinity;
    for (let run = 0; run < 3; run += 1) {
      const cookie = await signIn(t.app, await buildUser(t, { role: 'role_student' }));
      const before = await statementsSent();
      const page = await startPage(cookie);
      fewest = Math.min(fewest, (await statementsSent()) - before);
      expect(answersIn(page.body)!.length).toBeGreaterThanOrEqual(startPageRequests().length);
    }
    // The session with its counters; the reader's relations, accounts, groups, bell, own
    // tools and whether any post is theirs, together (decisions 0053 and 0054). No post
    // reaches this pupil: a reader with posts on the page has one more, the posts by id.
    expect(fewest).toBe(2);
  });

  /** The fewest statements of three first pages of new readers, each with the page's answers. */
  async function fewestStatements(newReader: () => Promise<TestUser>) {
    let fewest = Infinity;
    let answers: FirstScreenAnswer[] = [];
    for (let run = 0; run < 3; run += 1) {
      const cookie = await signIn(t.app, await newReader());
      const before = await statementsSent();
      answers = answersIn((await startPage(cookie)).body)!;
      fewest = Math.min(fewest, (await statementsSent()) - before);
    }
    return { fewest, news: newsFeedIn(answers).json as PostListItem[] };
  }

  it("asks for a teacher's favourites with the sites of her document area, in one statement", async () => {
    const { fewest } = await fewestStatements(() => buildUser(t));
    // The session; her own reads; her favourites with the document sites she reaches; then
    // her document favourites on those sites, with their total.
    expect(fewest).toBe(4);
  });

  it('asks no names for a protected author the reader may not see', async () => {
    const school = await buildSchool(t);
    const klass = await buildClass(t, { school });
    const author = await buildUser(t, { school, securityMarking: 'Sekretessmarkering' });
    await buildPost(t, { author, nodeIds: [klass.id], categoryIds: [roleCategory.student] });
    const { fewest, news } = await fewestStatements(() =>
      buildUser(t, { role: 'role_student', class: klass }),
    );
    expect(news.map((post) => post.author?.name)).toEqual([protectedIdentityName]);
    // The session; the reader's own reads; the posts by id; whom the reader may see, which
    // tells that the author is none of them.
    expect(fewest).toBe(4);
  });

  it("asks what a guardian's posts ask of her with whom she may see, in one statement", async () => {
    const school = await buildSchool(t);
    const klass = await buildClass(t, { school });
    await buildPost(t, {
      author: await buildUser(t, { school }),
      nodeIds: [klass.id],
      categoryIds: [roleCategory.caretaker],
    });
    let child: TestUser | undefined;
    const { fewest, news } = await fewestStatements(async () => {
      child = await buildUser(t, { role: 'role_student', class: klass });
      return buildUser(t, { role: 'role_caretaker', guardianOf: [child] });
    });
    expect(news[0]!.reachedChildren).toEqual([{ id: child!.id, name: fullName(child!) }]);
    // The session; her own reads; the posts by id; what they ask of her with whom she may
    // see; her child's name.
    expect(fewest).toBe(5);
  });

  it('carries the content languages for a guardian who is still to be asked for hers', async () => {
    const cookie = await signIn(t.app, guardian);
    const answers = answersIn((await startPage(cookie)).body)!;
    expect((answers[0]!.json as { askLanguage: boolean }).askLanguage).toBe(true);
    await expectAnswersOfApi(cookie, answers, [
      ...startPageRequests(),
      analyticsSettingRequest,
      ...(answers.some((answer) => answer.url === documentFavoritesRequest.url)
        ? [documentFavoritesRequest]
        : []),
      contentLanguagesRequest,
    ]);
  });

  it("holds only the reader's own answers: a pupil's user, and no document area", async () => {
    const page = await startPage(await signIn(t.app, pupil));
    const answers = answersIn(page.body)!;
    expect((answers[0]!.json as { uid: string }).uid).toBe(pupil.username);
    expect(answers.some((answer) => answer.url.includes('document-repository'))).toBe(false);
    expect(answers.some((answer) => answer.url === favoritesRequest.url)).toBe(false);
    expect(answers.some((answer) => answer.url === contentLanguagesRequest.url)).toBe(false);
  });

  it('is the plain page, cacheable, without a session or with one that is not valid', async () => {
    const session = testCookieNames.session;
    for (const cookie of [
      undefined,
      `${session}=%7B%22sid%22%3A%22nope%22%7D`,
      `${session}=garbage`,
    ]) {
      const page = await startPage(cookie);
      expect(page.statusCode, cookie).toBe(200);
      // The page is left as it is: the app meets the refusal and the cleared cookie from the API.
      expect(page.headers['set-cookie'], cookie).toBeUndefined();
      expect(answersIn(page.body), cookie).toBeUndefined();
      expect(page.body).not.toContain(firstScreenDataId);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    // Other addresses never carry answers.
    const cookie = await signIn(t.app, teacher);
    const other = await t.app.inject({ url: '/profile/my-groups', headers: { cookie } });
    expect(other.body).not.toContain(firstScreenDataId);
  });

  it('keeps a title that tries to end the block inside it, as text', async () => {
    const title = '</script><script>alert(1)</script><!-- x';
    await createPost(await clientFor(t, admin), { title });
    const page = await startPage(await signIn(t.app, teacher));
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<!-- x');
    const feed = newsFeedIn(answersIn(page.body)!);
    expect((feed.json as { title: string }[]).map((post) => post.title)).toContain(title);
  });

  it('writes text past Latin-1 (dashes, quotation marks, emoji) as the UTF-8 the page declares', async () => {
    const title = 'Läsåret – ”höstens” schema ’26 🎒';
    await createPost(await clientFor(t, admin), { title });
    const page = await startPage(await signIn(t.app, teacher), 'identity');
    expect(page.headers['content-type']).toContain('charset=utf-8');
    expect(page.rawPayload.toString('utf8')).toContain('Läsåret – ”höstens” schema ’26 🎒');
    const feed = newsFeedIn(answersIn(page.body)!);
    expect((feed.json as { title: string }[]).map((post) => post.title)).toContain(title);
  });

  it('is sent with Brotli, else gzip, else as it is, as the browser accepts: the same page each way', async () => {
    const cookie = await signIn(t.app, teacher);
    const br = await startPage(cookie, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    const fromBr = brotliDecompressSync(br.rawPayload).toString();
    expect(answersIn(fromBr)?.length).toBeGreaterThan(0);
    const gzip = await startPage(cookie, 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const fromGzip = gunzipSync(gzip.rawPayload).toString();
    const plain = await startPage(cookie, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The session's own answers (its tokens' last use) may differ between pages; the rest may not.
    const without = (html: string) =>
      answersIn(html)!.filter((answer) => answer.url !== firstScreenUrls.session);
    expect(without(fromGzip)).toEqual(without(fromBr));
    expect(without(plain.body)).toEqual(without(fromBr));
    // Quick compression still leaves the page a small part of itself (decision 0059).
    expect(br.rawPayload.length).toBeLessThan(fromBr.length / 2);
  });
});

describe('the start page when its answers are slow', () => {
  it('is sent without them once FIRST_SCREEN_WAIT_MS has passed', async () => {
    // Every answer of the first screen takes 300 ms here; the page waits 50 ms for them.
    const slow = await createTestApp({
      demo: false,
      env: { WEB_DIST_DIR: webDist, FIRST_SCREEN_WAIT_MS: '50' },
      beforeReady: (app) => {
        const sources = app.firstScreenSources;
        const find = sources.find.bind(sources);
        sources.find = (method, path) => {
          const found = find(method, path);
          return (
            found && {
              ...found,
              source: async (request, input) => {
                await new Promise((resolve) => setTimeout(resolve, 300));
                return found.source(request, input);
              },
            }
          );
        };
      },
    });
    try {
      const cookie = await signIn(slow.app, await buildUser(slow));
      const page = await slow.app.inject({ url: '/', headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(answersIn(page.body)).toBeUndefined();
      expect(page.headers['cache-control']).toBe('no-cache');
    } finally {
      await slow.close();
    }
  });
});

describe('a reading page with its first answers (issue 32)', () => {
  const readingPage = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it("carries the frame, the post and its first comments, equal to the API's answers", async () => {
    const admins = await clientFor(t, admin);
    const post = await createPost(admins, {
      title: 'Läsår och lov för alla',
      allowComments: true,
      nodeIds: [1],
      categoryIds: [3],
    });
    const comment = await (
      await clientFor(t, teacher)
    )('POST', '/api/core/v1/comment', { postId: post.id, text: 'Tack för infon!' });
    expect(comment.statusCode, comment.body).toBe(201);
    const cookie = await signIn(t.app, teacher);
    const page = await readingPage(`/nyhet/${encodeURIComponent(post.slug)}`, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    // The reading page's own HTML, which preloads its code.
    expect(page.body).toContain('<meta name="page" content="read">');
    const answers = answersIn(page.body)!;
    await expectAnswersOfApi(cookie, answers, [
      ...frameRequests(),
      readPostRequest(post.slug),
      analyticsSettingRequest,
      favoritesRequest,
      ...postReadRequests(post),
    ]);
    const shown = answers.find((answer) => answer.url === readPostRequest(post.slug).url)!;
    expect((shown.json as { title: string }).title).toBe('Läsår och lov för alla');
    const comments = answers.find((answer) => answer.url.startsWith('/api/core/v1/comment'))!;
    expect(JSON.stringify(comments.json)).toContain('Tack för infon!');
    expect(comments.total).toBe('1');
  });

  it('answers an address that is not a slug with the plain page, never an error', async () => {
    const cookie = await signIn(t.app, teacher);
    for (const url of ['/nyhet/finns-inte-alls', '/kurs/finns-inte-alls', '/sida/%25%2F..']) {
      const page = await readingPage(url, cookie);
      expect(page.statusCode, url).toBe(200);
      // What the app asks for itself gets the API's refusal; the frame still comes along.
      const answers = answersIn(page.body) ?? [];
      expect(
        answers.some((answer) => /\/(post|course)\//.test(answer.url)),
        url,
      ).toBe(false);
    }
  });

  it("leaves out a post outside the reader's audience: the API refuses it to the app", async () => {
    // Aimed at teachers only; the pupil is not among its readers.
    const post = await createPost(await clientFor(t, admin), {
      title: 'Bara för lärare',
      categoryIds: [3],
      allowComments: true,
    });
    const cookie = await signIn(t.app, pupil);
    const direct = await t.app.inject({
      url: readPostRequest(post.slug).url,
      headers: { cookie },
    });
    expect(direct.statusCode).toBe(404);
    const page = await readingPage(`/nyhet/${encodeURIComponent(post.slug)}`, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Bara för lärare');
    const answers = answersIn(page.body)!;
    expect(answers.map((answer) => answer.url)).toEqual(
      [...frameRequests(), analyticsSettingRequest].map((request) => request.url),
    );
  });

  it('carries a course at its address, in the course page', async () => {
    const admins = await clientFor(t, admin);
    const course = await createCourse(admins, new Date(), { title: 'Fortbildning i läsning' });
    const cookie = await signIn(t.app, teacher);
    const page = await readingPage(`/kurs/${encodeURIComponent(course.slug)}`, cookie);
    expect(page.body).toContain('<meta name="page" content="course">');
    await expectAnswersOfApi(cookie, answersIn(page.body)!, [
      ...frameRequests(),
      readCourseRequest(course.slug),
      analyticsSettingRequest,
      favoritesRequest,
    ]);
  });

  it('is the plain reading page without a session, and answers nothing for a list address', async () => {
    const post = await createPost(await clientFor(t, admin), { title: 'Öppen nyhet' });
    const plain = await readingPage(`/nyhet/${encodeURIComponent(post.slug)}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<meta name="page" content="read">');
    expect(plain.body).not.toContain(firstScreenDataId);
    expect(plain.headers['cache-control']).toBe('no-cache');
    // "/nyhet" alone is the news list, not a reading page.
    const list = await readingPage('/nyhet', await signIn(t.app, teacher));
    expect(list.body).not.toContain(firstScreenDataId);
  });
});
