/**
 * `npm run backup` and `npm run restore` (decision 0047): runs the server's
 * command compiled (apps/server/dist/<command>.js) when the build is current,
 * else its TypeScript source through tsx where the dev dependencies are
 * installed; a production install without a current build is refused, as
 * `npm start` refuses it.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverBuildIsCurrent, serverEntries } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const [command, ...args] = process.argv.slice(2);
if (!command || !(command in serverEntries) || command === 'main') {
  console.error(`usage: node scripts/server-command.mjs <backup|restore> [arguments]`);
  process.exit(2);
}

function hasTsx() {
  try {
    createRequire(path.join(root, 'package.json')).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

let argv;
if (serverBuildIsCurrent()) {
  argv = [path.join(root, 'apps/server/dist', `${command}.js`), ...args];
} else if (hasTsx()) {
  argv = ['--import', 'tsx', path.join(root, serverEntries[command]), ...args];
} else {
  console.error(
    `The server build (apps/server/dist) is missing or older than the sources, and this install ` +
      'has no build tools (npm ci --omit=dev): run `npm run build` where the dev dependencies are installed.',
  );
  process.exit(1);
}
const result = spawnSync(process.execPath, argv, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
