import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { sv, type ErrorBody } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import { compressedPage, firstScreenAnswers, withFirstScreen } from './first-screen';

const apiPrefixes = ['/api/', '/media/', '/health', '/ready'];

/**
 * Serves the built React app: hashed assets cached for a year, and every
 * other GET that is not an API call answered with index.html so the app's
 * router decides (including its own 404 page); "/" with start.html, the same
 * page that also preloads the start page's code and, for a signed-in reader,
 * carries the first screen's answers (first-screen.ts).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  sessionCookie: string,
  firstScreenWaitMs: number,
) {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  // "/" gets the same page with the start page's code preloaded (apps/web/build/start-page-html.ts).
  const startHtml = existsSync(path.join(distDir, 'start.html')) ? 'start.html' : 'index.html';
  const startPage = hasWebApp ? readFileSync(path.join(distDir, startHtml), 'utf8') : '';
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes a Brotli and a gzip copy of each text file (apps/web/build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // Which copy was sent depends on Accept-Encoding: caches on the way must keep both apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/assets/*', (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(path.posix.join('assets', file));
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = apiPrefixes.some((prefix) => request.url.startsWith(prefix));
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPage && !isApi && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0]!)) {
      const isStart = request.url.split('?')[0] === '/';
      const answers =
        isStart && request.method === 'GET'
          ? await firstScreenAnswers(app, request, sessionCookie, firstScreenWaitMs)
          : [];
      if (answers.length > 0) {
        // The reader's own data: never stored by a cache, and a page per encoding and cookie.
        const { body, encoding } = await compressedPage(
          request,
          withFirstScreen(startPage, answers),
        );
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .header('cache-control', 'no-store')
          .header('vary', 'accept-encoding, cookie')
          .type('text/html; charset=utf-8')
          .send(body);
      }
      return reply.header('cache-control', 'no-cache').sendFile(isStart ? startHtml : 'index.html');
    }
    return reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send({ code: 'NOT_FOUND', message: sv.errors.notFound } satisfies ErrorBody);
  });
}
