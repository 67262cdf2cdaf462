import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { pageRouteOf, secretPagePatterns, sv, type ErrorBody } from '@skolportalen/shared';
import { readingPageOf, readingPagePlan } from '@skolportalen/shared/reading-page';
import { startPagePlan, type FirstScreenPlan } from '@skolportalen/shared/start-page';
import type { FastifyInstance } from 'fastify';
import { compressedPage, firstScreenData, pageFrame, pageWithFirstScreen } from './first-screen';

const apiPrefixes = ['/api/', '/media/', '/health', '/ready', '/metrics'];

/**
 * Serves the built React app: hashed assets cached for a year, and every
 * other GET that is not an API call answered with index.html so the app's
 * router decides; "/" with start.html, the same page that also preloads the
 * start page's code, and a reading address (a post, a course: issue 32) with
 * read.html or course.html, which preload theirs. For a signed-in reader
 * these pages carry their first screen's answers (first-screen.ts). The
 * status tells the truth: 200 for an address
 * the app has a page for (packages/shared page-routes.ts), 404 for one it
 * has not — the app then shows its own "not found" page — and 503 for the
 * maintenance page while the portal is in maintenance mode. Only a missing
 * file under one of the build's folders (assets/) gets the plain 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  sessionCookie: string,
  {
    maintenanceMode = false,
    firstScreenWaitMs = 400,
  }: { maintenanceMode?: boolean; firstScreenWaitMs?: number } = {},
) {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  // The build's folders hold only files: a missing one there is a missing file, not a page.
  const fileFolders = hasWebApp
    ? readdirSync(distDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `/${entry.name}/`)
    : [];
  // Pages with their own code preloaded (apps/web/build/page-html.ts): the same page otherwise.
  const pageFile = (name: string) => (existsSync(path.join(distDir, name)) ? name : 'index.html');
  // Each page's file, and its bytes ready for a reader's first answers.
  const pageOf = (file: string) => ({
    file,
    frame: pageFrame(hasWebApp ? readFileSync(path.join(distDir, file), 'utf8') : ''),
  });
  const pages = {
    start: pageOf(pageFile('start.html')),
    post: pageOf(pageFile('read.html')),
    course: pageOf(pageFile('course.html')),
  };
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

  /** What a page address answers: the app's page, a page it does not have, or maintenance. */
  function pageStatus(pathname: string): number {
    const pattern = pageRouteOf(pathname);
    if (pattern === null || pattern === '/404') return 404;
    if (pattern === '/maintenance' && maintenanceMode) return 503;
    return 200;
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = apiPrefixes.some((prefix) => request.url.startsWith(prefix));
    const isFile = fileFolders.some((folder) => pathname.startsWith(folder));
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPage && !isApi && !isFile) {
      const isStart = pathname === '/';
      const reading = isStart ? null : readingPageOf(pathname);
      const page = isStart ? pages.start : reading ? pages[reading.kind] : undefined;
      const plan: FirstScreenPlan | null = isStart
        ? startPagePlan()
        : reading
          ? readingPagePlan(reading)
          : null;
      const data =
        plan && request.method === 'GET'
          ? await firstScreenData(app, request, reply, plan, {
              sessionCookie,
              waitMs: firstScreenWaitMs,
              maintenanceMode,
            })
          : null;
      if (data !== null && page) {
        // The reader's own data: never stored by a cache, and a page per encoding and cookie.
        const { body, encoding } = compressedPage(request, pageWithFirstScreen(page.frame, data));
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .header('cache-control', 'no-store')
          .header('vary', 'accept-encoding, cookie')
          .type('text/html; charset=utf-8')
          .send(body);
      }
      const pattern = pageRouteOf(pathname);
      const secret = pattern !== null && secretPagePatterns.includes(pattern);
      // The address is the key: no search engine, cache or other site gets it.
      if (secret)
        reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
      return reply
        .status(pageStatus(pathname))
        .header('cache-control', secret ? 'no-store' : 'no-cache')
        .sendFile(page?.file ?? 'index.html');
    }
    return reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send({ code: 'NOT_FOUND', message: sv.errors.notFound } satisfies ErrorBody);
  });
}
