import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  canBuild,
  packageName,
  packagesOutsideDependencies,
  productionPackages,
  productionStartRefusal,
  serverSourcesHash,
} from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Beside apps/server/dist, at its depth (the server counts the repository from there), so a
// build being served elsewhere is left alone.
const outdir = path.join(root, `apps/server/dist-test-${process.pid}`);

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the compiled server', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'build-server-'));
    await buildServer({ outdir });
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is plain JavaScript with the migrations beside it and the stamp of its sources', () => {
    const main = readFileSync(path.join(outdir, 'main.js'), 'utf8');
    expect(main).not.toMatch(/from ["']@skolportalen\/shared/);
    expect(main).not.toMatch(/["']tsx["']/);
    expect(existsSync(path.join(outdir, 'migrations/meta/_journal.json'))).toBe(true);
    expect(readFileSync(path.join(outdir, '.sources-hash'), 'utf8')).toBe(serverSourcesHash());
  });

  it('starts with plain node on PGlite and answers /health and /ready', async () => {
    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    const deadline = Date.now() + 100_000;
    let health: Response | undefined;
    while (!health && Date.now() < deadline && child.exitCode === null) {
      health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.status, output).toBe(200);
    expect(await health!.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`http://127.0.0.1:${port}/ready`);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'pglite' });
  }, 120_000);
});

describe('the production dependencies check', () => {
  it('names a package by its name, without the path inside it', () => {
    expect(packageName('drizzle-orm/pg-core')).toBe('drizzle-orm');
    expect(packageName('@aws-sdk/client-s3')).toBe('@aws-sdk/client-s3');
    expect(packageName('@fastify/swagger/lib/x.js')).toBe('@fastify/swagger');
  });

  it('refuses a bundle importing a package only the dev install has', () => {
    const metafile = {
      outputs: {
        'main.js': {
          imports: [
            { path: 'node:fs', external: true },
            { path: 'crypto', external: true },
            { path: 'fastify', external: true },
            { path: 'drizzle-orm/pg-core', external: true },
            { path: 'smtp-server', external: true },
            { path: './chunk.js', external: false },
          ],
        },
        'chunk.js': { imports: [{ path: 'fast-check/lib/x.js', external: true }] },
      },
    };
    expect(packagesOutsideDependencies(metafile, productionPackages())).toEqual([
      'fast-check',
      'smtp-server',
    ]);
  });

  it('counts the server and the shared package, not their dev dependencies', () => {
    const allowed = productionPackages();
    expect(allowed.has('fastify')).toBe(true);
    expect(allowed.has('dompurify')).toBe(true);
    expect(allowed.has('tsx')).toBe(false);
    expect(allowed.has('drizzle-kit')).toBe(false);
  });
});

describe('npm start in production', () => {
  it('finds the build tools here, and none where only production packages are installed', () => {
    expect(canBuild(root)).toBe(true);
    const bare = mkdtempSync(path.join(tmpdir(), 'no-build-tools-'));
    try {
      expect(canBuild(bare)).toBe(false);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('runs a current build, builds a stale one where it can, and refuses one it cannot build', () => {
    expect(productionStartRefusal([], false)).toBeNull();
    expect(productionStartRefusal(['the server (apps/server/dist)'], true)).toBeNull();
    expect(productionStartRefusal(['the server (apps/server/dist)'], false)).toMatch(
      /the server \(apps\/server\/dist\) is missing or older than the sources.*npm ci && npm run build/,
    );
  });
});
