/**
 * Compiles the server, with the shared package it imports, to JavaScript that
 * plain `node` runs (decision 0047): esbuild bundles apps/server/src into
 * apps/server/dist/ (entry main.js, the backup and restore commands beside
 * it), leaving every npm package outside the bundle, to be loaded from
 * node_modules as the production install (`npm ci --omit=dev`) has it. The
 * migrations are copied beside the bundle, where the database layer looks for
 * them. The sources' hash is kept in apps/server/dist/.sources-hash, so
 * `--if-changed` builds only when the server or shared sources changed.
 *
 * The build refuses a bundle that imports a package which is not among the
 * production dependencies of apps/server or packages/shared: such an import
 * would work here and fail after `npm ci --omit=dev`.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { sourcesHash } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const serverDist = path.join(root, 'apps/server/dist');
const stampFile = path.join(serverDist, '.sources-hash');

/** The commands compiled beside the server, each its own entry. */
export const serverEntries = {
  main: 'apps/server/src/main.ts',
  backup: 'apps/server/src/backup/backup-command.ts',
  restore: 'apps/server/src/backup/restore-command.ts',
  // The migration job's command (MIGRATE_AT_START=false, docs/operations/kubernetes.md).
  migrate: 'apps/server/src/migrate.ts',
};

/** Everything the server build reads besides node_modules (whose state the lockfile names). */
export const serverBuildInputs = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];

/** Tests are not part of the build: changing one leaves the build current. */
export const isServerBuildInput = (file) => !/\.test\.ts$/.test(file);

export function serverSourcesHash(base = root) {
  return sourcesHash(base, serverBuildInputs, isServerBuildInput);
}

/** Whether apps/server/dist holds a build of the sources as they are now. */
export function serverBuildIsCurrent() {
  return (
    existsSync(path.join(serverDist, 'main.js')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === serverSourcesHash()
  );
}

const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** Packages the production install has for the server: its own and the shared package's dependencies. */
export function productionPackages() {
  return new Set(
    ['apps/server/package.json', 'packages/shared/package.json'].flatMap((file) =>
      Object.keys(readJson(file).dependencies ?? {}),
    ),
  );
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const builtins = new Set(builtinModules);
const isBuiltin = (specifier) =>
  specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]);

/** The workspace's own packages are compiled into the bundle; every other package stays outside. */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@skolportalen/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The packages `metafile`'s bundle imports from node_modules that `allowed` does not hold. */
export function packagesOutsideDependencies(metafile, allowed) {
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (external && !isBuiltin(specifier) && !allowed.has(packageName(specifier)))
        missing.add(packageName(specifier));
    }
  }
  return [...missing].sort();
}

/**
 * Builds into `outdir` (apps/server/dist unless told; another folder must sit
 * at the same depth in apps/server, whose paths the server's code counts from).
 */
export async function buildServer({ outdir = serverDist } = {}) {
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [packagesOutside],
  });
  const missing = packagesOutsideDependencies(result.metafile, productionPackages());
  if (missing.length > 0) {
    rmSync(outdir, { recursive: true, force: true });
    throw new Error(
      `The server imports ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not ` +
        'among the dependencies of apps/server or packages/shared (npm ci --omit=dev would leave ' +
        'it out): move it from devDependencies to dependencies.',
    );
  }
  // apps/server/src/db/client.ts reads them from `migrations` beside itself, which is here.
  cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
  });
  writeFileSync(path.join(outdir, '.sources-hash'), serverSourcesHash());
}

/** Whether the build tools (dev dependencies: esbuild, and vite for the web app) are installed under `base`. */
export function canBuild(base = root) {
  const require = createRequire(path.join(base, 'package.json'));
  try {
    require.resolve('esbuild', { paths: [base] });
    require.resolve('vite', { paths: [base, path.join(base, 'apps/web')] });
    return true;
  } catch {
    return false;
  }
}

/**
 * What `NODE_ENV=production npm start` says when it cannot run: a build is
 * missing or stale (`stale` names them) and no build tools are here to make
 * it. Null when it can run, building first or not.
 */
export function productionStartRefusal(stale, buildToolsHere) {
  if (stale.length === 0 || buildToolsHere) return null;
  return (
    `Skolportalen could not start: the build of ${stale.join(' and ')} is missing or older ` +
    'than the sources, and this install has no build tools (npm ci --omit=dev). Run ' +
    '`npm ci && npm run build` where the dev dependencies are installed (the image build ' +
    'stage), then install for production.'
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  if (process.argv.includes('--if-changed') && serverBuildIsCurrent()) {
    console.log('server: built from these sources already');
  } else {
    const started = performance.now();
    await buildServer();
    console.log(
      `server: compiled to apps/server/dist in ${Math.round(performance.now() - started)} ms`,
    );
  }
}
