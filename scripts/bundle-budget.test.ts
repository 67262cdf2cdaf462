import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBundle, routesOfTable } from '../bench/bundle-size';
import { budgetProblems, initialJsBudgetBytes } from './bundle-budget';

const report = (initialJsGzipBytes: number, initialJsFiles: string[]) => ({
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
