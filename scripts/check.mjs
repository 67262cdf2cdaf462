// `npm test`: every check, in phases. Checks that do not depend on each other
// run side by side (most of an integration test is waiting for the database or
// a job, and lint, prettier and tsc each use one core). Each phase is timed and
// its test counts recorded (scripts/phases.mjs); the table is printed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { phase, phaseTable } from './phases.mjs';

const ownReport = !process.env.PHASE_REPORT;
const reportFolder = ownReport ? mkdtempSync(path.join(tmpdir(), 'skolportalen-check-')) : null;
if (ownReport) process.env.PHASE_REPORT = path.join(reportFolder, 'phases.jsonl');

const npx = (...args) => ({ command: 'npx', args });
const npm = (...args) => ({ command: 'npm', args });
const integration = (backend, workers) => ({
  name: backend === 'postgres' ? 'PostgreSQL' : 'PGlite',
  ...npx('vitest', 'run', '--project', 'server-integration*'),
  env: { TEST_DB: backend, ...(workers ? { INTEGRATION_WORKERS: String(workers) } : {}) },
});
// Two suites side by side share the cores: each gets as many workers as there are cores.
const cores = availableParallelism();
const backends = integrationBackends();

const phases = [
  () =>
    phase('Lint, format, types and imports', [
      { name: 'eslint', ...npx('eslint', '--max-warnings', '0', '.') },
      { name: 'prettier', ...npx('prettier', '--check', '--log-level', 'warn', '.') },
      // TypeScript 7's compiler (decision 0055): the five workspaces one after another in
      // a third of the time TypeScript 5.9 took for them as two compilers side by side.
      { name: 'types', command: 'node', args: ['scripts/typecheck.mjs'] },
      { name: 'imports', ...npm('run', 'arch', '--silent') },
    ]),
  () => phase('Unit tests', npm('run', 'test:unit')),
  () =>
    phase(
      'API integration tests',
      backends.length > 1
        ? backends.map((backend) => integration(backend, cores))
        : [integration(backends[0])],
    ),
  () => phase('Web build and bundle budget', npm('run', 'build:checked')),
  () => phase('End-to-end in Chromium', npm('run', 'test', '--workspace', 'e2e')),
];

/**
 * PGlite always, the PostgreSQL server too when TEST_DATABASE_URL names one. INTEGRATION_BACKENDS
 * (e.g. "postgres") narrows it: CI runs each backend once, PostgreSQL under Node 20 here and
 * PGlite in its Node 24 pass (decision 0042), instead of both here and PostgreSQL again there.
 */
function integrationBackends() {
  const available = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const asked = process.env.INTEGRATION_BACKENDS?.split(',').map((name) => name.trim());
  if (!asked?.length) return available;
  const unknown = asked.filter((name) => !available.includes(name));
  if (unknown.length) {
    console.error(
      `INTEGRATION_BACKENDS names ${unknown.join(', ')}: available here are ${available.join(', ')} (PostgreSQL needs TEST_DATABASE_URL)`,
    );
    process.exit(2);
  }
  return asked;
}

let ok = true;
for (const next of phases) {
  ok = await next();
  if (!ok) break;
}
if (ownReport) {
  console.log(`\n${phaseTable(process.env.PHASE_REPORT)}`);
  rmSync(reportFolder, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
