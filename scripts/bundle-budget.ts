/**
 * The front end's budget (issue 11): what the first route needs is at most
 * 200 kB of gzipped JavaScript, and the editor's and the administration's code
 * is never part of it (lazy chunks). `npm run bundle-budget` after a build
 * prints the report and exits 1 when the budget is broken. It is not yet part
 * of `npm test`: the first route needs 248 kB today.
 */
import path from 'node:path';
import { measureBundle } from '../bench/bundle-size';

export const initialJsBudgetBytes = 200 * 1024;
/** Chunks that only editors and administrators need. */
const lazyOnly = /(editor|admin|page-builder)/i;

export function budgetProblems(report: ReturnType<typeof measureBundle>): string[] {
  const problems: string[] = [];
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

const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
  const report = measureBundle(dist);
  console.log(
    `bundle: initial JS ${(report.initialJsGzipBytes / 1024).toFixed(1)} kB gzip in ${report.initialJsFiles.length} files (budget ${initialJsBudgetBytes / 1024} kB); all JS ${(report.totalJsGzipBytes / 1024).toFixed(1)} kB; CSS ${(report.cssGzipBytes / 1024).toFixed(1)} kB`,
  );
  for (const chunk of report.largestChunks) {
    console.log(`  ${chunk.file}: ${(chunk.gzipBytes / 1024).toFixed(1)} kB`);
  }
  const problems = budgetProblems(report);
  for (const problem of problems) console.error(`bundle budget: ${problem}`);
  if (problems.length) process.exit(1);
}
