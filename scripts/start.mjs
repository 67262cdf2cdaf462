/**
 * `npm start`. With NODE_ENV=production it runs the compiled server
 * (apps/server/dist/main.js) with plain node, building the server and the web
 * app first when a build is missing or older than the sources; on an install
 * without the build tools (`npm ci --omit=dev`) a missing or stale build is
 * refused, since it cannot be made there (decision 0047). Otherwise it runs
 * the TypeScript sources through tsx, as development always has.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { canBuild, productionStartRefusal, serverBuildIsCurrent } from './build-server.mjs';
import { webBuildIsCurrent } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');

function build(script) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', script), '--if-changed'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.NODE_ENV === 'production') {
  const stale = [
    serverBuildIsCurrent() ? null : 'the server (apps/server/dist)',
    webBuildIsCurrent() ? null : 'the web app (apps/web/dist)',
  ].filter(Boolean);
  const refusal = productionStartRefusal(stale, stale.length > 0 && canBuild());
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  if (stale.length > 0) {
    build('build-server.mjs');
    build('build-web.mjs');
  }
  await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
} else {
  build('build-web.mjs');
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
}
