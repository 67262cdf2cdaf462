// Runs the API integration suite on embedded PGlite, and again on a real
// PostgreSQL server when TEST_DATABASE_URL is set (as .ci/run does).
import { spawnSync } from 'node:child_process';

const backends = ['pglite'];
if (process.env.TEST_DATABASE_URL) backends.push('postgres');

for (const backend of backends) {
  console.log(`\n▶ API integration tests on ${backend}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server-integration*'], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: backend },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
