import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBundle, measureStartPage, routesOfTable } from '../bench/bundle-size';
import {
  budgetProblems,
  initialJsBudgetBytes,
  readingPageBudget,
  startPageBudget,
} from './bundle-budget';

/** A start page of `count` files weighing `brotliBytes` together. */
const startPage = (brotliBytes: number, count = 6, name = 'start-page') => {
  const files = Array.from({ length: count }, (_, index) => ({
    file: `assets/${index === 0 ? name : 'chunk'}-${index}.js`,
    brotliBytes: Math.floor(brotliBytes / count) + (index === 0 ? brotliBytes % count : 0),
  }));
  return { files, brotliBytes };
};

const report = (
  initialJsGzipBytes: number,
  initialJsFiles: string[],
  /** null: a build without start.html. */
  start: ReturnType<typeof startPage> | null = startPage(120 * 1024),
) => ({
  startPage: start ?? undefined,
  initialJsGzipBytes,
  initialJsFiles,
  totalJsGzipBytes: initialJsGzipBytes,
  cssGzipBytes: 0,
  largestChunks: [],
});

describe('the bundle budget', () => {
  it('passes a small first route without editor or admin code', () => {
    expect(budgetProblems(report(120 * 1024, ['assets/index-abc.js']))).toEqual([]);
  });

  it('refuses a first route over 200 kB gzip', () => {
    expect(budgetProblems(report(initialJsBudgetBytes + 1, ['assets/index-abc.js']))).toEqual([
      expect.stringContaining('over the 200 kB budget'),
    ]);
  });

  it('refuses editor or admin code in the first route', () => {
    expect(
      budgetProblems(
        report(100 * 1024, ['assets/index-abc.js', 'assets/content-editor-page-x1.js']),
      ),
    ).toEqual([expect.stringContaining('content-editor-page-x1.js')]);
  });
});

describe("the reading pages' budget", () => {
  const small = ['assets/index-abc.js'];
  const withReading = (readPage: ReturnType<typeof startPage>) => ({
    ...report(120 * 1024, small),
    readingPages: { 'read.html': readPage, 'course.html': startPage(150 * 1024, 30) },
  });

  it('passes a reading page of 195 kB Brotli in 40 files', () => {
    expect(budgetProblems(withReading(startPage(195 * 1024, 40)))).toEqual([]);
  });

  it('refuses a reading page over its weight or its files, or with editor code', () => {
    expect(budgetProblems(withReading(startPage(readingPageBudget.brotliBytes + 1)))).toEqual([
      expect.stringContaining(
        'the reading page read.html loads 195.0 kB Brotli, over its 195.0 kB',
      ),
    ]);
    expect(budgetProblems(withReading(startPage(100 * 1024, 41)))).toEqual([
      'the reading page read.html loads 41 JS and CSS files, over its budget of 40',
    ]);
    expect(budgetProblems(withReading(startPage(100 * 1024, 6, 'content-editor-page')))).toEqual([
      expect.stringContaining('content-editor-page-0.js is loaded by the reading page read.html'),
    ]);
  });
});

describe("the start page's budget", () => {
  const small = ['assets/index-abc.js'];

  it('passes a start page of 150 kB Brotli in 15 files', () => {
    expect(budgetProblems(report(120 * 1024, small, startPage(150 * 1024, 15)))).toEqual([]);
  });

  it('refuses a start page over 150 kB Brotli', () => {
    expect(
      budgetProblems(report(120 * 1024, small, startPage(startPageBudget.brotliBytes + 1))),
    ).toEqual([expect.stringContaining('the start page loads 150.0 kB Brotli, over its 150.0 kB')]);
  });

  it('refuses a start page in more than 15 files', () => {
    expect(budgetProblems(report(120 * 1024, small, startPage(100 * 1024, 16)))).toEqual([
      'the start page loads 16 JS and CSS files, over its budget of 15',
    ]);
  });

  it('refuses editor code on the start page and a build without start.html', () => {
    expect(
      budgetProblems(report(120 * 1024, small, startPage(100 * 1024, 6, 'rich-text-editor'))),
    ).toEqual([expect.stringContaining('rich-text-editor-0.js is loaded by the start page')]);
    expect(budgetProblems(report(120 * 1024, small, null))).toEqual([
      expect.stringContaining('start.html is missing'),
    ]);
  });

  it("counts start.html's scripts, preloads and styles and what they import, as sent", () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'bundle-'));
    mkdirSync(path.join(dist, 'assets'));
    const write = (file: string, content: string) => writeFileSync(path.join(dist, file), content);
    write(
      'start.html',
      [
        '<link rel="icon" href="/favicon.svg">',
        '<script type="module" async crossorigin src="/assets/early-AAAAAAAA.js"></script>',
        '<script type="module" crossorigin src="/assets/index-BBBBBBBB.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/start-CCCCCCCC.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index-DDDDDDDD.css">',
      ].join('\n'),
    );
    write('assets/early-AAAAAAAA.js', 'export const early=1;');
    write(
      'assets/index-BBBBBBBB.js',
      'import{a}from"./vendor-EEEEEEEE.js";import("./lazy-FFFFFFFF.js");',
    );
    write('assets/vendor-EEEEEEEE.js', 'x'.repeat(3000));
    write('assets/vendor-EEEEEEEE.js.br', 'x'.repeat(700));
    write('assets/start-CCCCCCCC.js', 'export const start=1;');
    write('assets/index-DDDDDDDD.css', 'body{margin:0}');
    write('assets/lazy-FFFFFFFF.js', 'x'.repeat(5000));
    const measured = measureStartPage(dist)!;
    expect(measured.files.map(({ file }) => file).sort()).toEqual([
      'assets/early-AAAAAAAA.js',
      'assets/index-BBBBBBBB.js',
      'assets/index-DDDDDDDD.css',
      'assets/start-CCCCCCCC.js',
      'assets/vendor-EEEEEEEE.js',
    ]);
    const vendor = measured.files.find(({ file }) => file.includes('vendor'))!;
    expect(vendor.brotliBytes).toBe(700);
    expect(measured.brotliBytes).toBe(
      measured.files.reduce((sum, { brotliBytes }) => sum + brotliBytes, 0),
    );
  });
});

describe('the per-route report', () => {
  it('ties every route of the table to its lazily loaded page module', () => {
    const table = `
const StartPage = lazyPage(
  () => afterStartData(import('./pages/start-page')),
  startPageIfLoaded,
);
const ReadPostPage = lazyPage(() => import('./pages/read-post-page'));
const AdminRolesPage = lazyPage(() => import('@/features/admin/routes/roles-route'));
const adminPages = { [paths.admin.roles.path]: AdminRolesPage };
export const routeTable = [
  { path: paths.home.path, layout: 'default', guards: [auth], title: t.start, page: StartPage },
  { path: paths.news.path, layout: 'default', guards: [auth], title: t.news, page: ReadPostPage },
  ...[paths.crisis.path, paths.advert.path].map((path) => ({ path, page: ReadPostPage })),
];`;
    expect(routesOfTable(table)).toEqual([
      { path: 'paths.home.path', page: 'start-page' },
      { path: 'paths.news.path', page: 'read-post-page' },
      { path: 'paths.crisis.path', page: 'read-post-page' },
      { path: 'paths.advert.path', page: 'read-post-page' },
      { path: 'paths.admin.roles.path', page: 'roles-route' },
    ]);
  });

  it('counts the entry, the page chunk and their static imports, not lazy ones', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'bundle-'));
    mkdirSync(path.join(dist, 'assets'));
    const write = (file: string, code: string) => writeFileSync(path.join(dist, file), code);
    write('index.html', '<script type="module" src="/assets/index-AAAAAAAA.js"></script>');
    write(
      'assets/index-AAAAAAAA.js',
      'import{a}from"./shared-BBBBBBBB.js";import("./start-page-CCCCCCCC.js");',
    );
    write('assets/shared-BBBBBBBB.js', 'export const a=1;');
    write(
      'assets/start-page-CCCCCCCC.js',
      'import{b}from"./news-DDDDDDDD.js";import("./editor-EEEEEEEE.js");',
    );
    write('assets/news-DDDDDDDD.js', 'export const b="x".repeat(500);');
    write('assets/editor-EEEEEEEE.js', 'export const c=2;');
    const report = measureBundle(dist, [{ path: '/', page: 'start-page' }]);
    expect(report.initialJsFiles).toEqual(['assets/index-AAAAAAAA.js']);
    expect(report.routes).toEqual([
      { paths: ['/'], page: 'start-page', jsGzipBytes: expect.any(Number), files: 4 },
    ]);
    const sizes = new Map(report.largestChunks.map((chunk) => [chunk.file, chunk.gzipBytes]));
    expect(report.routes[0]!.jsGzipBytes).toBe(
      report.totalJsGzipBytes - sizes.get('assets/editor-EEEEEEEE.js')!,
    );
  });
});
