import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeAudit } from './audit.mjs';

const root = path.resolve(import.meta.dirname, '..');
const lockfile = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};

interface Advisory {
  id: number;
  url: string;
  title: string;
  severity: string;
  vulnerable_versions: string;
  cwe: string[];
  cvss: { score: number };
}

/**
 * A registry that answers the audit endpoint as told; npm also fetches the
 * packument of each flagged package, answered from the lockfile's version.
 */
function fakeRegistry(answer: { status: number; advisories?: Record<string, Advisory[]> }) {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method === 'POST') {
        response.statusCode = answer.status;
        response.setHeader('content-type', 'application/json');
        response.end(answer.status === 200 ? JSON.stringify(answer.advisories ?? {}) : '');
        return;
      }
      const name = decodeURIComponent((request.url ?? '/').slice(1));
      const version = lockfile.packages[`node_modules/${name}`]?.version ?? '1.0.0';
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          name,
          'dist-tags': { latest: version },
          versions: { [version]: { name, version, dist: { tarball: 'http://127.0.0.1/x.tgz' } } },
        }),
      );
    });
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** npm keeps what it learnt about an advisory in its cache: each run gets an empty one of its own. */
function runAuditScript(registry: string) {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'audit-cache-'));
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/audit.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        npm_config_registry: registry,
        npm_config_cache: cache,
        npm_config_fetch_retries: '0',
      },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => {
      rmSync(cache, { recursive: true, force: true });
      resolve({ code, out });
    });
  });
}

function advisory(severity: string, title: string): Advisory {
  return {
    id: 1,
    url: 'https://github.com/advisories/GHSA-0000-0000-0000',
    title,
    severity,
    vulnerable_versions: '<999.0.0',
    cwe: [],
    cvss: { score: 7.5 },
  };
}

describe('scripts/audit.mjs against an advisory service', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('passes when the service knows nothing about the production dependencies', async () => {
    const registry = await fakeRegistry({ status: 200, advisories: {} });
    close = registry.close;
    const { code, out } = await runAuditScript(registry.url);
    expect(out).toContain('0 critical, 0 high, 0 moderate');
    expect(code).toBe(0);
  }, 60_000);

  it('fails on a high finding and names the package and the advisory', async () => {
    const registry = await fakeRegistry({
      status: 200,
      advisories: { fastify: [advisory('high', 'Request smuggling')] },
    });
    close = registry.close;
    const { code, out } = await runAuditScript(registry.url);
    expect(out).toMatch(/HIGH fastify/);
    expect(out).toContain('Request smuggling https://github.com/advisories/GHSA-0000-0000-0000');
    expect(code).toBe(1);
  }, 60_000);

  it('reports a moderate finding without failing', async () => {
    const registry = await fakeRegistry({
      status: 200,
      advisories: { fastify: [advisory('moderate', 'Slow header parsing')] },
    });
    close = registry.close;
    const { code, out } = await runAuditScript(registry.url);
    expect(out).toMatch(/0 critical, 0 high, [1-9]\d* moderate/);
    expect(code).toBe(0);
  }, 60_000);

  it('says loudly that no check was made when the service answers 405, and passes', async () => {
    const registry = await fakeRegistry({ status: 405 });
    close = registry.close;
    const { code, out } = await runAuditScript(registry.url);
    expect(out).toContain('could not be reached, so NO vulnerability check was made');
    expect(out).toContain('405');
    expect(code).toBe(0);
  }, 60_000);

  it('says the same when nothing listens at the registry address', async () => {
    const registry = await fakeRegistry({ status: 200 });
    await registry.close();
    const { code, out } = await runAuditScript(registry.url);
    expect(out).toContain('NO vulnerability check was made');
    expect(code).toBe(0);
  }, 60_000);
});

describe('judgeAudit', () => {
  it('counts a critical finding reached only through another package', () => {
    const verdict = judgeAudit({
      auditReportVersion: 2,
      vulnerabilities: {
        wrapper: { name: 'wrapper', severity: 'critical', via: ['inner'], range: '*' },
      },
      metadata: { vulnerabilities: { critical: 1 } },
    });
    expect(verdict.outcome).toBe('fail');
    expect(verdict.lines.join('\n')).toContain('through inner');
  });

  it('treats any other npm failure (a missing lockfile, garbage) as an error, not a pass', () => {
    expect(
      judgeAudit({ error: { code: 'ENOLOCK', summary: 'This command requires a lockfile' } })
        .outcome,
    ).toBe('error');
    expect(judgeAudit(null).outcome).toBe('error');
  });
});
