import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  firstScreenDataId,
  type FirstScreenPlan,
  type FirstScreenRequest,
} from '@skolportalen/shared/start-page';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SourceAnswer } from './first-screen-sources';
import { parseQueryString } from './query-string';

/** One answer inside the page: the request it answers and the JSON the API would have sent. */
interface Answered {
  wanted: FirstScreenRequest;
  answer: SourceAnswer;
}

/**
 * The answer to one of the first screen's requests, made by the module whose
 * route answers it (first-screen-sources.ts), for the page's signed-in
 * reader; undefined when no module offers it or it fails (the app then asks).
 */
async function answer(
  app: FastifyInstance,
  request: FastifyRequest,
  wanted: FirstScreenRequest,
): Promise<Answered | undefined> {
  const [path, search] = wanted.url.split('?') as [string, string | undefined];
  const found = app.firstScreenSources.find(wanted.method, path);
  if (!found) return undefined;
  try {
    const made = await found.source(request, {
      params: found.params,
      query: search === undefined ? {} : parseQueryString(search),
      body: wanted.body,
    });
    return { wanted, answer: made };
  } catch (error) {
    // A refusal (a right the reader lacks) is the app's to receive from the API itself.
    request.log.debug({ err: error, url: wanted.url }, 'first screen answer left to the app');
    return undefined;
  }
}

export interface FirstScreenOptions {
  sessionCookie: string;
  /** FIRST_SCREEN_WAIT_MS: what has not answered by then is left out. */
  waitMs: number;
  /** In maintenance the API answers nobody, so neither does the page. */
  maintenanceMode: boolean;
}

/**
 * A page's first answers for a signed-in reader, each as the JSON text of
 * one element of the page's data block (or null for none): the plan's
 * requests (the start page's, a reading page's: packages/shared), then those
 * that depend on one of their answers (the reader's own, a post's comments).
 * The session is resolved once, here, and each answer made by the code of
 * the route that answers it, in this process, without HTTP (decision 0050).
 * What has not answered within `waitMs` is left out, and the app asks for it
 * itself. A session that does not hold gives no answers: the app then meets
 * the refusal from the API.
 */
export async function firstScreenData(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  plan: FirstScreenPlan,
  { sessionCookie, waitMs, maintenanceMode }: FirstScreenOptions,
): Promise<string[] | null> {
  if (maintenanceMode || !request.cookies[sessionCookie]) return null;
  // The page itself is left as it is: a session that does not hold is the API's to
  // refuse, with its cookie cleared, when the app asks. So the session's cookie
  // writes go to a stand-in here, never to the page.
  const cookieless = Object.create(reply, {
    setCookie: { value: () => cookieless },
    clearCookie: { value: () => cookieless },
  }) as FastifyReply;
  try {
    await app.authenticate(request, cookieless);
  } catch {
    return null;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  /** An answer and, once it has come, the answers that depend on it; each in time or not at all. */
  const withFollowing = async (wanted: FirstScreenRequest) => {
    const answered = await Promise.race([answer(app, request, wanted), timeUp]);
    if (!answered) return { answered: undefined, following: [] };
    const made = answered.answer;
    const next = plan.then?.(wanted, () => made.value ?? JSON.parse(made.payload)) ?? [];
    const following = await Promise.all(
      next.map((more) => Promise.race([answer(app, request, more), timeUp])),
    );
    return { answered, following };
  };
  try {
    const settled = await Promise.all(plan.requests.map(withFollowing));
    // The plan's own requests first, in its order, then what followed from them.
    const answers = [
      ...settled.map((item) => item.answered),
      ...settled.flatMap((item) => item.following),
    ].filter((item): item is Answered => item !== undefined);
    return answers.length === 0 ? null : answerTexts(answers);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The page's answers as the app reads them (`FirstScreenAnswer` of the
 * shared package). An answer whose text is a field another answer gave
 * before it (`SourceAnswer.fields`: GetLinks's list is the current user's
 * `links`) names that field instead of being written twice; the rest are
 * written around the JSON text the route made, so it is not parsed and
 * serialised again.
 */
function answerTexts(answers: readonly Answered[]): string[] {
  const given: { text: string; same: [number, string] }[] = [];
  return answers.map((answered, index) => {
    const { payload, fields } = answered.answer;
    // The same list is the same string, made once for the request: comparing it costs nothing.
    const same = given.find(({ text }) => text.length === payload.length && text === payload)?.same;
    for (const [field, text] of Object.entries(fields ?? {}))
      given.push({ text, same: [index, field] });
    return answerText(answered, same);
  });
}

function answerText(
  { wanted, answer: made }: Answered,
  same: [number, string] | undefined,
): string {
  const head = {
    method: wanted.method,
    url: wanted.url,
    ...(wanted.body === undefined ? {} : { body: JSON.stringify(wanted.body) }),
    status: 200,
    ...(made.total === undefined ? {} : { total: made.total }),
  };
  const opening = JSON.stringify(head).slice(0, -1);
  return same ? `${opening},"same":${JSON.stringify(same)}}` : `${opening},"json":${made.payload}}`;
}

/** A page's bytes before and after its data block, with the block's opening and closing. */
export interface PageFrame {
  head: Buffer;
  tail: Buffer;
}

const comma = Buffer.from(',');

/**
 * A page made ready, once, for its answers: the data block goes before its
 * first script (the early script may run before the page has been parsed),
 * or at the end of its head.
 */
export function pageFrame(html: string): PageFrame {
  const script = html.indexOf('<script');
  const headEnd = html.indexOf('</head>');
  const at = script !== -1 ? script : headEnd !== -1 ? headEnd : html.length;
  return {
    head: Buffer.from(
      `${html.slice(0, at)}<script type="application/json" id="${firstScreenDataId}">[`,
    ),
    tail: Buffer.from(`]</script>\n    ${html.slice(at)}`),
  };
}

/**
 * The page with the answers inside, as bytes: each answer encoded on its
 * own and the page's frame encoded once, so the page is never joined into
 * one string first — a string that holds one character past Latin-1 (a
 * dash, a quotation mark) is stored two bytes a character, and joining and
 * encoding such a page cost four times as much. `<` is escaped (it can only
 * stand inside a JSON string), so nothing in a post's text can end the
 * block.
 */
export function pageWithFirstScreen({ head, tail }: PageFrame, answers: readonly string[]): Buffer {
  const parts: Buffer[] = [head];
  answers.forEach((answer, index) => {
    if (index > 0) parts.push(comma);
    // Most answers have no `<` at all: looking costs less than copying.
    parts.push(Buffer.from(answer.includes('<') ? answer.replace(/</g, '\\u003c') : answer));
  });
  parts.push(tail);
  return Buffer.concat(parts);
}

/** The encodings the browser accepts (`br`, `gzip`), a zero quality counting as refused. */
function accepts(request: FastifyRequest, encoding: 'br' | 'gzip'): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * Brotli's quality for a page made for one reader (decision 0059): quality 1
 * compresses a teacher's 143 kB start page in 0.1 ms, where 4 took 0.4, for
 * about 1 kB more (7.1 kB against 6.1; a pupil's 5.2 against 4.5). Either
 * fits in the first ten segments TCP sends before it waits for an
 * acknowledgement (about 14 kB), so the reader waits no longer, and the server
 * spends a quarter of the time. So quick a compression runs on the event
 * loop: the thread pool's hand-over and the stream around it cost more than
 * the compression itself.
 */
const pageBrotliQuality = 1;
const pageGzipLevel = 1;

/** The page compressed as the browser accepts it: Brotli at a quick setting, else gzip, else as it is. */
export function compressedPage(
  request: FastifyRequest,
  bytes: Buffer,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (accepts(request, 'br')) {
    const body = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: pageBrotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    return { body, encoding: 'br' };
  }
  if (accepts(request, 'gzip'))
    return { body: gzipSync(bytes, { level: pageGzipLevel }), encoding: 'gzip' };
  return { body: bytes };
}
