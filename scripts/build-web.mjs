/**
 * Builds the web app, or with `--if-changed` only when its sources changed
 * since the last build: their hash is kept beside the build
 * (apps/web/dist/.sources-hash), so `npm start` on an unchanged checkout
 * serves the start page within seconds instead of waiting for Vite.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.sources-hash');

/** Everything the build reads besides node_modules (whose state the lockfile names). */
export const webBuildInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
  // The changelog page shows it (features/errors/routes/changelog-route.tsx).
  'CHANGELOG.md',
];

function filesUnder(base, relative, keep) {
  const full = path.join(base, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return keep(relative) ? [relative] : [];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules')
    .sort()
    .flatMap((name) => filesUnder(base, path.join(relative, name), keep));
}

/**
 * SHA-256 over every input's path and bytes, in a fixed order; `keep` leaves
 * out files the build does not read (the server's tests).
 */
export function sourcesHash(base = root, inputs = webBuildInputs, keep = () => true) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(base, input, keep))) {
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(readFileSync(path.join(base, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Whether apps/web/dist holds a build of the sources as they are now. */
export function webBuildIsCurrent() {
  return (
    existsSync(path.join(dist, 'index.html')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === sourcesHash()
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  if (process.argv.includes('--if-changed') && webBuildIsCurrent()) {
    console.log('web app: built from these sources already');
  } else {
    const hash = sourcesHash();
    const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(stampFile, hash);
  }
}
