// The long fuzzing run: many more cases than the integration suite's 10 000,
// with a fresh seed each time unless FUZZ_SEED is given (the seed is printed,
// so a failure can be replayed). FUZZ_RUNS sets the number of cases.
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS ?? '200000';
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const backend =
  process.env.TEST_DATABASE_URL && process.env.FUZZ_DB === 'postgres' ? 'postgres' : 'pglite';
console.log(`▶ fuzzing every route: ${runs} cases on ${backend}, seed ${seed}`);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server-integration', 'test/fuzz/', '--testTimeout', '0'],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: backend, FUZZ_RUNS: runs, FUZZ_SEED: seed },
  },
);
process.exit(result.status ?? 1);
