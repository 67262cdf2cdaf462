import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countsFrom, phase, phaseTable } from './phases.mjs';

describe('test counts read from what a runner prints', () => {
  it("reads vitest's closing line, colours and all", () => {
    const output = [
      ' Test Files  88 passed (88)',
      '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m437 passed\u001b[39m\u001b[22m | 11 skipped (448)',
      '   Duration  41.2s',
    ].join('\n');
    expect(countsFrom(output)).toEqual({ passed: 437, skipped: 11 });
  });

  it("reads playwright's summary, flaky tests included", () => {
    const output = ['  1 flaky', '    [chromium] › a.spec.ts:3:1 › x', '  82 passed (11.4m)'].join(
      '\n',
    );
    expect(countsFrom(output)).toEqual({ flaky: 1, passed: 82 });
  });

  it('reads the plain closing line of a script (npm run image:test)', () => {
    expect(countsFrom('  ✓ answers /health\n\nimage: 24 passed, 0 failed\n')).toEqual({
      passed: 24,
    });
    expect(countsFrom('image: 20 passed, 4 failed')).toEqual({ passed: 20, failed: 4 });
  });

  it("takes vitest's own closing line over one a test printed earlier", () => {
    const output = ['      Tests  3 passed (3)', '      Tests  12 passed | 1 failed (13)'].join(
      '\n',
    );
    expect(countsFrom(output)).toEqual({ passed: 12, failed: 1 });
  });

  it('counts nothing in output without a closing line', () => {
    expect(
      countsFrom('Checking formatting...\nAll matched files use Prettier code style!'),
    ).toEqual({});
  });
});

// Each phase starts node processes: on a busy machine that takes seconds.
describe('a phase', { timeout: 30_000 }, () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'phases-'));
    process.env.PHASE_REPORT = path.join(folder, 'phases.jsonl');
  });
  afterEach(() => {
    delete process.env.PHASE_REPORT;
    rmSync(folder, { recursive: true, force: true });
  });

  const node = (code: string) => ({ command: process.execPath, args: ['-e', code] });

  it('records its seconds, its result and its counts', async () => {
    const ok = await phase('Unit', node("console.log('      Tests  3 passed (3)')"));
    expect(ok).toBe(true);
    const [row] = readFileSync(process.env.PHASE_REPORT!, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(row).toMatchObject({ phase: 'Unit', ok: true, counts: { passed: 3 } });
    expect(row.seconds).toBeGreaterThanOrEqual(0);
  });

  it('runs steps side by side, lets every step finish, and fails when one fails', async () => {
    const signal = path.join(folder, 'signal');
    // "waiting" passes only if "failing" runs while it waits: one after the other, it would give up.
    const waitForSignal = `const fs = require('node:fs'); const until = Date.now() + 20000;
      const poll = () => fs.existsSync(${JSON.stringify(signal)}) ? process.exit(0)
        : Date.now() > until ? process.exit(1) : setTimeout(poll, 20); poll();`;
    const ok = await phase('Checks', [
      { name: 'waiting', ...node(waitForSignal) },
      {
        name: 'failing',
        ...node(`require('node:fs').writeFileSync(${JSON.stringify(signal)}, ''); process.exit(3)`),
      },
    ]);
    expect(ok).toBe(false);
    const table = phaseTable(process.env.PHASE_REPORT!);
    expect(table).toMatch(/^Checks\s+[\d.]+\s+FAILED/m);
    expect(table).toMatch(/› waiting\s+[\d.]+\s+ok/);
    expect(table).toMatch(/› failing\s+[\d.]+\s+FAILED/);
  });
});
