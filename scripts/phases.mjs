// Runs the check's phases (one command each, or a group of them side by side),
// times them, reads the test counts from what the runners print, and keeps a
// row per phase in a report file so that .ci/run can print one table of all
// its phases at the end, however many processes ran them.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

// Colour codes: the escape character, then `[`, numbers and a letter.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');

/**
 * The counts a test runner prints at its end: vitest's "Tests  437 passed |
 * 11 skipped (448)", playwright's "83 passed (11.4m)" / "2 flaky" / "1 skipped",
 * node's test runner's "# pass 12", the plain "image: 24 passed, 0 failed".
 */
export function countsFrom(output) {
  const counts = {};
  const add = (kind, n) => {
    counts[kind] = (counts[kind] ?? 0) + Number(n);
  };
  for (const raw of output.split('\n')) {
    const line = raw.replace(ansi, '').trim();
    const vitest = /^Tests\s+(.+?)\s*\(\d+\)$/.exec(line);
    if (vitest) {
      // Vitest closes with one such line: the last one wins over any a test printed before.
      for (const kind of Object.keys(counts)) delete counts[kind];
      for (const part of vitest[1].split('|')) {
        const match = /(\d+)\s+(passed|failed|skipped|todo)/.exec(part);
        if (match) add(match[2], match[1]);
      }
      continue;
    }
    const playwright = /^(\d+)\s+(passed|failed|flaky|skipped|did not run|interrupted)\b/.exec(
      line,
    );
    if (playwright) {
      add(playwright[2], playwright[1]);
      continue;
    }
    // The plain closing line, a word with a colon before it: `image: 24 passed, 0 failed`.
    const plain = /^(?:[\w-]+:\s+)?(\d+) passed, (\d+) failed$/.exec(line);
    if (plain) {
      add('passed', plain[1]);
      if (Number(plain[2]) > 0) add('failed', plain[2]);
    }
  }
  return counts;
}

export function describeCounts(counts) {
  return Object.entries(counts)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
}

/** Spawns one command; its lines go to stdout as they come, prefixed when it runs beside others. */
function run({ command, args = [], env = {}, prefix = '' }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let pending = { stdout: '', stderr: '' };
    const forward = (stream, target) => (chunk) => {
      const text = chunk.toString();
      output += text;
      if (!prefix) {
        target.write(text);
        return;
      }
      const lines = (pending[stream] + text).split('\n');
      pending[stream] = lines.pop();
      for (const line of lines) target.write(`${prefix}${line}\n`);
    };
    child.stdout.on('data', forward('stdout', process.stdout));
    child.stderr.on('data', forward('stderr', process.stderr));
    child.on('close', (code, signal) => {
      for (const [stream, rest] of Object.entries(pending)) {
        if (rest)
          (stream === 'stdout' ? process.stdout : process.stderr).write(`${prefix}${rest}\n`);
      }
      resolve({ status: code ?? (signal ? 1 : 0), output });
    });
    child.on('error', (error) => {
      output += String(error);
      resolve({ status: 1, output });
    });
  });
}

const secondsSince = (start) => Math.round((Date.now() - start) / 100) / 10;

function record(row) {
  const file = process.env.PHASE_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

/**
 * Runs one phase: a step, or several steps side by side (each a separate
 * row, and the group's own wall time). Resolves with true when every step
 * passed; every step is let finish, so all their failures are shown.
 */
export async function phase(name, steps) {
  const list = Array.isArray(steps) ? steps : [{ name, ...steps }];
  const together = list.length > 1;
  console.log(`\n▶ ${name}${together ? ` (${list.map((step) => step.name).join(' ‖ ')})` : ''}`);
  const started = Date.now();
  const results = await Promise.all(
    list.map(async (step) => {
      const stepStarted = Date.now();
      const { status, output } = await run({ ...step, prefix: together ? `[${step.name}] ` : '' });
      return {
        phase: together ? `  › ${step.name}` : name,
        seconds: secondsSince(stepStarted),
        counts: countsFrom(output),
        ok: status === 0,
      };
    }),
  );
  const ok = results.every((row) => row.ok);
  const seconds = secondsSince(started);
  if (together) record({ phase: name, seconds, counts: {}, ok });
  for (const row of results) record(row);
  console.log(`◀ ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
  return ok;
}

/** The report file's rows as a table: phase, seconds, tests. */
export function phaseTable(file) {
  if (!existsSync(file)) return '';
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const width = Math.max(5, ...rows.map((row) => row.phase.length));
  const lines = [
    `${'phase'.padEnd(width)}  ${'seconds'.padStart(8)}  result  tests`,
    `${'-'.repeat(width)}  ${'-'.repeat(8)}  ------  -----`,
  ];
  for (const row of rows) {
    lines.push(
      `${row.phase.padEnd(width)}  ${row.seconds.toFixed(1).padStart(8)}  ${(row.ok ? 'ok' : 'FAILED').padEnd(6)}  ${describeCounts(row.counts)}`,
    );
  }
  return lines.join('\n');
}
