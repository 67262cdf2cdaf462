import { describe, expect, it } from 'vitest';
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
