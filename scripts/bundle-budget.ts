/**
 * The front end's budget (issue 11): what the first route needs is at most
 * 200 kB of gzipped JavaScript, and the editor's and the administration's code
 * is never part of it (lazy chunks). The start page, the morning's first page
 * (issue 31), loads at most 150 kB of JavaScript and CSS with Brotli, in at
 * most 15 files; a reading page (a post or a course opened from a link,
 * issue 32) at most 195 kB in 40 files. `npm run bundle-budget` after a build prints the report per
 * route, writes it to bench/results/bundle-size.json and exits 1 when the
 * budget is broken; `npm run test:e2e` (and so `npm test`) runs it after the
 * build.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureWebApp, type BundleReport } from '../bench/bundle-size';

export const initialJsBudgetBytes = 200 * 1024;
export const startPageBudget = { brotliBytes: 150 * 1024, files: 15 };
export const readingPageBudget = { brotliBytes: 195 * 1024, files: 40 };
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Chunks that only editors and administrators need. */
const lazyOnly = /(editor|admin|page-builder)/i;

export function budgetProblems(
  report: Pick<
    BundleReport,
    'initialJsGzipBytes' | 'initialJsFiles' | 'startPage' | 'readingPages'
  >,
): string[] {
  const problems: string[] = [];
  for (const [name, page] of Object.entries(report.readingPages ?? {})) {
    if (page.brotliBytes > readingPageBudget.brotliBytes) {
      problems.push(
        `the reading page ${name} loads ${kB(page.brotliBytes)} Brotli, over its ${kB(readingPageBudget.brotliBytes)} budget`,
      );
    }
    if (page.files.length > readingPageBudget.files) {
      problems.push(
        `the reading page ${name} loads ${page.files.length} JS and CSS files, over its budget of ${readingPageBudget.files}`,
      );
    }
    for (const { file } of page.files.filter(({ file }) => lazyOnly.test(path.basename(file)))) {
      problems.push(
        `${file} is loaded by the reading page ${name}; editor and admin code must be lazy`,
      );
    }
  }
  const start = report.startPage;
  if (!start) {
    problems.push('start.html is missing from the build: the start page cannot be measured');
  } else {
    if (start.brotliBytes > startPageBudget.brotliBytes) {
      problems.push(
        `the start page loads ${kB(start.brotliBytes)} Brotli, over its ${kB(startPageBudget.brotliBytes)} budget`,
      );
    }
    if (start.files.length > startPageBudget.files) {
      problems.push(
        `the start page loads ${start.files.length} JS and CSS files, over its budget of ${startPageBudget.files}`,
      );
    }
    for (const { file } of start.files.filter(({ file }) => lazyOnly.test(path.basename(file)))) {
      problems.push(`${file} is loaded by the start page; editor and admin code must be lazy`);
    }
  }
  if (report.initialJsGzipBytes > initialJsBudgetBytes) {
    problems.push(
      `initial JavaScript is ${(report.initialJsGzipBytes / 1024).toFixed(1)} kB gzip, over the ${initialJsBudgetBytes / 1024} kB budget`,
    );
  }
  for (const file of report.initialJsFiles.filter((name) => lazyOnly.test(path.basename(name)))) {
    problems.push(`${file} is loaded by the first route; editor and admin code must be lazy`);
  }
  return problems;
}

export function formatReport(report: BundleReport): string[] {
  const start = report.startPage;
  const lines = [
    ...(start
      ? [
          `start page "/": ${kB(start.brotliBytes)} Brotli in ${start.files.length} JS and CSS files (budget ${kB(startPageBudget.brotliBytes)} in ${startPageBudget.files})`,
        ]
      : []),
    ...Object.entries(report.readingPages ?? {}).map(
      ([name, page]) =>
        `reading page ${name}: ${kB(page.brotliBytes)} Brotli in ${page.files.length} JS and CSS files (budget ${kB(readingPageBudget.brotliBytes)} in ${readingPageBudget.files})`,
    ),
    `bundle: initial JS ${kB(report.initialJsGzipBytes)} gzip in ${report.initialJsFiles.length} files (budget ${initialJsBudgetBytes / 1024} kB); all JS ${kB(report.totalJsGzipBytes)}; CSS ${kB(report.cssGzipBytes)}`,
    'JS per route (gzip; entry + page chunk + their static imports):',
  ];
  for (const route of [...report.routes].sort((a, b) => a.jsGzipBytes - b.jsGzipBytes)) {
    lines.push(`  ${kB(route.jsGzipBytes).padStart(9)}  ${route.page}: ${route.paths.join(', ')}`);
  }
  lines.push('largest chunks:');
  for (const chunk of report.largestChunks) lines.push(`  ${chunk.file}: ${kB(chunk.gzipBytes)}`);
  return lines;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  const root = path.resolve(import.meta.dirname, '..');
  const report = await measureWebApp(root);
  for (const line of formatReport(report)) console.log(line);
  writeFileSync(
    path.join(root, 'bench/results/bundle-size.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  const problems = budgetProblems(report);
  for (const problem of problems) console.error(`bundle budget: ${problem}`);
  if (problems.length) process.exit(1);
}
