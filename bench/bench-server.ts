/** The portal as a child process for the load runs: start, sign in, stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { portalNodeFlags } from '../apps/server/src/node-flags';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts `apps/server/src/main.ts` on `port` and resolves once /ready answers.
 * With BENCH_CPU_PROFILE=<folder>, the server writes a V8 CPU profile there
 * when it stops (open it in Chrome's DevTools).
 */
export function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child = spawn(
    process.execPath,
    [...portalNodeFlags, ...profile, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        // Load runs sign in far more often than a person would.
        LOGIN_RATE_LIMIT_MAX: '100000',
        LOGIN_RATE_LIMIT_ACCOUNT_MAX: '100000',
        LOGIN_RATE_LIMIT_ADDRESS_MAX: '100000',
        WRITE_RATE_LIMIT_PER_MINUTE: '100000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    // A large seeded database takes a while to open.
    const deadline = Date.now() + 180_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://localhost:${port}/ready`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error('server did not become ready'));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

export async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Signs in a demo account and returns the Cookie header for later requests. */
export async function signIn(port: number, username: string) {
  const response = await fetch(`http://localhost:${port}/api/core/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo-2026!' }),
  });
  if (!response.ok) throw new Error(`bench sign-in as ${username} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
