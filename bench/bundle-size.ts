import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface RouteJs {
  /** The route's address pattern(s) in the route table, e.g. `/` or `/nyheter/:slug`. */
  paths: string[];
  /** The page module the route loads lazily, e.g. `start-page`. */
  page: string;
  /** Entry, the page's chunk and every chunk they import statically, gzipped. */
  jsGzipBytes: number;
  files: number;
}

/**
 * What a page served with its own HTML (start.html at "/", read.html and
 * course.html at reading addresses) loads before it can be used: its
 * scripts, preloads and styles.
 */
export interface StartPageCode {
  /** Each file with its bytes on the wire: its Brotli copy, or itself when it has none. */
  files: { file: string; brotliBytes: number }[];
  brotliBytes: number;
}

/** The pages people open cold from a link (issue 32), by their HTML file. */
export const readingPageFiles = ['read.html', 'course.html'] as const;

export interface BundleReport {
  startPage?: StartPageCode;
  /** Each reading page's code, by its HTML file; a build without one leaves it out. */
  readingPages?: Partial<Record<(typeof readingPageFiles)[number], StartPageCode>>;
  initialJsGzipBytes: number;
  initialJsFiles: string[];
  totalJsGzipBytes: number;
  cssGzipBytes: number;
  largestChunks: { file: string; gzipBytes: number }[];
  routes: RouteJs[];
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The chunks a built chunk imports statically (`import … from "./x.js"`), not its lazy imports. */
function staticImports(distDir: string, file: string): string[] {
  const code = readFileSync(path.join(distDir, file), 'utf8');
  const dir = path.posix.dirname(file);
  return [
    ...code.matchAll(/(?:^|[;}])\s*import\s*(?:[\w${},\s*]+from\s*)?["'](\.\/[^"']+\.js)["']/g),
  ].map((match) => path.posix.join(dir, match[1]!));
}

function closure(distDir: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...staticImports(distDir, file));
  }
  return seen;
}

/**
 * The files a browser fetches for a page's HTML (start.html unless named)
 * before the page can be used: the
 * scripts, module preloads and style sheets it names, and every chunk those
 * scripts import statically, as the browser follows them. A file's weight is
 * its Brotli copy (the server sends that, decision 0025); the build writes
 * none below 1 kB, and such a file goes as it is.
 */
export function measureStartPage(
  distDir: string,
  htmlName = 'start.html',
): StartPageCode | undefined {
  const htmlFile = path.join(distDir, htmlName);
  if (!existsSync(htmlFile)) return undefined;
  const html = readFileSync(htmlFile, 'utf8');
  const named = [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*\srel="(?:modulepreload|stylesheet)"[^>]*\shref)="\/([^"]+\.(?:js|css))"/g,
    ),
  ].map((match) => match[1]!);
  const scripts = named.filter((file) => file.endsWith('.js'));
  const files = [...new Set([...closure(distDir, scripts), ...named])];
  const wire = (file: string) => {
    const full = path.join(distDir, file);
    return statSync(existsSync(`${full}.br`) ? `${full}.br` : full).size;
  };
  const measured = files.map((file) => ({ file, brotliBytes: wire(file) }));
  return {
    files: measured,
    brotliBytes: measured.reduce((sum, entry) => sum + entry.brotliBytes, 0),
  };
}

/**
 * The route table's routes by page module: `const X = lazyPage(() => import('…/x'))`
 * (or `lazyPage(() => wrapper(import('…/x')), …)`) names the module, and `path: paths.a.b.path … page: X` (or the admin map
 * `[paths.a.b.path]: X`) ties a route to it. Paths are given as written.
 */
export function routesOfTable(source: string): { path: string; page: string }[] {
  const modules = new Map<string, string>();
  // The loader's first import names the module, also when it is wrapped (the start page's).
  for (const match of source.matchAll(
    /const (\w+) = lazyPage\(\s*\(\) =>[^;]*?import\('([^']+)'\)/g,
  )) {
    modules.set(match[1]!, path.posix.basename(match[2]!));
  }
  const routes: { path: string; page: string }[] = [];
  const add = (route: string, name: string) => {
    const page = modules.get(name);
    if (page && !routes.some((r) => r.path === route)) routes.push({ path: route, page });
  };
  for (const match of source.matchAll(
    /\{\s*path: (paths\.[\w.]+\.path),[^{}]*?page: (\w+),?\s*\}/g,
  )) {
    add(match[1]!, match[2]!);
  }
  for (const match of source.matchAll(
    /\[((?:paths\.[\w.]+\.path,?\s*)+)\]\.map\([\s\S]*?page: (\w+)/g,
  )) {
    for (const route of match[1]!
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      add(route, match[2]!);
    }
  }
  for (const match of source.matchAll(/\[(paths\.[\w.]+\.path)\]: (\w+)/g))
    add(match[1]!, match[2]!);
  return routes;
}

/**
 * What a browser must fetch before the first route can render: the entry
 * script of index.html and every chunk it preloads. Per route of the route
 * table: that, plus the route's page chunk and what it imports statically.
 */
export function measureBundle(
  distDir: string,
  routeTable: { path: string; page: string }[] = [],
  resolvePath: (expression: string) => string = (expression) => expression,
): BundleReport {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  const assets = readdirSync(path.join(distDir, 'assets')).map((file) => path.join('assets', file));
  const js = assets.filter((file) => file.endsWith('.js'));
  const sizes = js.map((file) => ({ file, gzipBytes: gz(path.join(distDir, file)) }));
  const sizeOf = new Map(sizes.map((entry) => [entry.file, entry.gzipBytes]));

  const byPage = new Map<string, RouteJs>();
  for (const route of routeTable) {
    const existing = byPage.get(route.page);
    if (existing) {
      existing.paths.push(resolvePath(route.path));
      continue;
    }
    const chunk = js.find((file) => new RegExp(`^assets/${route.page}-[\\w-]{8}\\.js$`).test(file));
    if (!chunk || !existsSync(path.join(distDir, chunk))) continue;
    const files = closure(distDir, [...initial, chunk]);
    byPage.set(route.page, {
      paths: [resolvePath(route.path)],
      page: route.page,
      jsGzipBytes: [...files].reduce((sum, file) => sum + (sizeOf.get(file) ?? 0), 0),
      files: files.size,
    });
  }

  return {
    startPage: measureStartPage(distDir),
    readingPages: Object.fromEntries(
      readingPageFiles.flatMap((name) => {
        const code = measureStartPage(distDir, name);
        return code ? [[name, code]] : [];
      }),
    ),
    initialJsGzipBytes: initial.reduce((sum, file) => sum + (sizeOf.get(file) ?? 0), 0),
    initialJsFiles: initial,
    totalJsGzipBytes: sizes.reduce((sum, entry) => sum + entry.gzipBytes, 0),
    cssGzipBytes: assets
      .filter((file) => file.endsWith('.css') && statSync(path.join(distDir, file)).isFile())
      .reduce((sum, file) => sum + gz(path.join(distDir, file)), 0),
    largestChunks: [...sizes].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5),
    routes: [...byPage.values()],
  };
}

/** The web app's build measured with its own route table, paths resolved to addresses. */
export async function measureWebApp(root: string): Promise<BundleReport> {
  const { paths } = await import('../apps/web/src/lib/paths');
  const resolve = (expression: string) => {
    let value: unknown = { paths };
    for (const key of expression.split('.')) value = (value as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : expression;
  };
  const table = readFileSync(path.join(root, 'apps/web/src/app/route-table.ts'), 'utf8');
  return measureBundle(path.join(root, 'apps/web/dist'), routesOfTable(table), resolve);
}
