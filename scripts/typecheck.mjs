// `npm run typecheck`: every workspace's types, with TypeScript 7's compiler (the `typescript-native`
// package, decision 0055), which checks them in a third of the time TypeScript 5.9 takes.
// ESLint's parser still needs the 5.9 API (the `typescript` package). Usage:
//   node scripts/typecheck.mjs [PROJECT_FOLDER…]   (every workspace when none is named)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const everyProject = ['apps/server', 'apps/web', 'packages/shared', 'e2e', 'bench'];
const compiler = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);

const asked = process.argv.slice(2);
const projects =
  asked.length > 0
    ? asked.map((folder) => path.resolve(folder))
    : everyProject.map((folder) => path.join(root, folder));
let failed = 0;
for (const project of projects) {
  const config = path.join(project, 'tsconfig.json');
  if (!existsSync(config)) {
    console.error(`${path.relative(root, project) || '.'}: no tsconfig.json here`);
    process.exit(2);
  }
  // Every project is checked, so one run shows every project's errors.
  const result = spawnSync(process.execPath, [compiler, '-p', config, '--noEmit'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
