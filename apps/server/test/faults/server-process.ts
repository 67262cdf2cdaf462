import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { demoPassword } from '../../src/db/seed/demo-data';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr, for the report when something goes wrong. */
  stderr(): string;
  /** SIGKILL: no shutdown hook, no flush, nothing. */
  kill(): Promise<void>;
  /** SIGTERM: the orderly shutdown. */
  stop(): Promise<void>;
}

/**
 * The real server, `npm start` style, as a child process: what a crash test
 * needs, since only a process can be killed with -9.
 */
export async function startServer(env: Record<string, string>, readyWithinMs = 180_000) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      // Production seeds no demo accounts unless asked; these tests sign in as them.
      SEED_DEMO: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'false',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LOGIN_RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_ACCOUNT_MAX: '100000',
      LOGIN_RATE_LIMIT_ADDRESS_MAX: '100000',
      WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => (await fetch(`${url}/ready`)).ok,
    readyWithinMs,
    () => {
      if (child.exitCode !== null) throw new Error(`the server stopped: ${stderr}`);
    },
  );
  const server: ServerProcess = {
    url,
    child,
    stderr: () => stderr,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  return server;
}

/** Polls until the check passes; `guard` may throw to give up early. */
export async function waitUntil(
  check: () => Promise<boolean>,
  withinMs: number,
  guard: () => void = () => undefined,
  everyMs = 100,
) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    guard();
    try {
      if (await check()) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Signs in over HTTP and returns the Cookie header. */
export async function signInOverHttp(url: string, username: string) {
  const response = await fetch(`${url}/api/core/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}
