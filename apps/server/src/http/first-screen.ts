import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { hasCapability, type CapabilityMap } from '@skolportalen/shared';
import { paginationTotalHeader } from '@skolportalen/shared/api-roots';
import {
  documentFavoritesRequest,
  firstScreenDataId,
  startPageRequests,
  type FirstScreenAnswer,
  type FirstScreenRequest,
} from '@skolportalen/shared/start-page';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Headers of the reader's request that the answers depend on; nothing else is passed on. */
const forwardedHeaders = ['cookie', 'user-agent', 'accept-language'] as const;

/** One of the first screen's requests, answered by the API itself as if the browser had asked. */
async function answer(
  app: FastifyInstance,
  request: FastifyRequest,
  wanted: FirstScreenRequest,
): Promise<FirstScreenAnswer | undefined> {
  const body = wanted.body === undefined ? undefined : JSON.stringify(wanted.body);
  // The portal asking itself, from its fixed list of reads (some are POSTs such as
  // GetPosts): same-origin by construction, so the cookie-write check lets it through.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'sec-fetch-site': 'same-origin',
  };
  for (const name of forwardedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.inject({
    method: wanted.method,
    url: wanted.url,
    headers,
    remoteAddress: request.ip,
    ...(body === undefined ? {} : { payload: body }),
  });
  // Only a plain success goes into the page: an error, or an answer that changes the
  // reader's cookies (a session that ended), is the app's to receive from the API itself.
  if (response.statusCode !== 200 || response.headers['set-cookie'] !== undefined) {
    return undefined;
  }
  let json: unknown;
  try {
    json = response.json();
  } catch {
    return undefined;
  }
  const total = response.headers[paginationTotalHeader];
  return {
    method: wanted.method,
    url: wanted.url,
    ...(body === undefined ? {} : { body }),
    status: 200,
    ...(typeof total === 'string' ? { total } : {}),
    json,
  };
}

/**
 * The start page's first answers for a signed-in reader (the same requests
 * the app would send, `startPageRequests` of the shared package, and "Mina
 * dokument" for readers with the document area), asked of the API inside
 * this process at once. What has not answered within `waitMs` (the
 * FIRST_SCREEN_WAIT_MS setting) is left out, and the app asks for it itself.
 * Nothing for a request without the session cookie.
 */
export async function firstScreenAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  sessionCookie: string,
  waitMs: number,
): Promise<FirstScreenAnswer[]> {
  if (!request.cookies[sessionCookie]) return [];
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  const ask = (wanted: FirstScreenRequest) =>
    answer(app, request, wanted).catch((error: unknown) => {
      request.log.warn({ err: error, url: wanted.url }, 'first screen answer failed');
      return undefined;
    });
  const [userRequest, ...others] = startPageRequests();
  const user = ask(userRequest!);
  const documents = user.then((answered) => {
    const capabilities = (answered?.json as { capabilities?: CapabilityMap } | undefined)
      ?.capabilities;
    return capabilities && hasCapability(capabilities, 'document_repository')
      ? ask(documentFavoritesRequest)
      : undefined;
  });
  try {
    const answers = await Promise.all(
      [user, ...others.map(ask), documents].map((pending) => Promise.race([pending, timeUp])),
    );
    return answers.filter((item): item is FirstScreenAnswer => item !== undefined);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The page with the answers inside, in a data block before its first
 * script (the early script may run before the page has been parsed). `<`
 * is escaped, so nothing in a post's text can end the block.
 */
export function withFirstScreen(html: string, answers: FirstScreenAnswer[]): string {
  const data = JSON.stringify(answers).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${firstScreenDataId}">${data}</script>\n    `;
  const at = html.indexOf('<script');
  return at === -1
    ? html.replace('</head>', `${block}</head>`)
    : `${html.slice(0, at)}${block}${html.slice(at)}`;
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

/** The page compressed as the browser accepts it: Brotli at a quick setting, else gzip, else as it is. */
export async function compressedPage(
  request: FastifyRequest,
  html: string,
): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
  const bytes = Buffer.from(html);
  if (accepts(request, 'br')) {
    const body = await brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    return { body, encoding: 'br' };
  }
  if (accepts(request, 'gzip')) return { body: await gzipAsync(bytes), encoding: 'gzip' };
  return { body: bytes };
}
