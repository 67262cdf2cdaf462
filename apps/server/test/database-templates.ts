import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { ensureBaseData } from '../src/db/seed/base-data';
import { seedDemoMunicipality } from '../src/db/seed/demo-municipality';

/**
 * Where the integration suite's test databases are copied from: one migrated
 * database with the base data ("base") and one with the demo municipality
 * too ("demo"). Made once per run, before any test file starts; each file
 * then copies one (PostgreSQL `CREATE DATABASE … TEMPLATE`, a PGlite data
 * directory loaded from a dump) instead of migrating and seeding its own.
 */
export type DatabaseTemplates =
  { kind: 'pglite'; base: string; demo: string } | { kind: 'postgres'; base: string; demo: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; remove: () => void }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'skolportalen-templates-'));
  const files = { base: path.join(folder, 'base.tar'), demo: path.join(folder, 'demo.tar') };
  const keep = async (handle: DatabaseHandle, file: string) => {
    const dump = await handle.dump!();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  };
  const handle = await createDatabase({ kind: 'pglite' });
  try {
    await handle.migrate();
    await ensureBaseData(handle.db);
    await keep(handle, files.base);
    await seedDemoMunicipality(handle.db);
    await keep(handle, files.demo);
  } finally {
    await handle.close();
  }
  return {
    templates: { kind: 'pglite', ...files },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

async function postgresTemplates(
  serverUrl: string,
): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const suffix = randomBytes(4).toString('hex');
  const names = {
    base: `skolportalen_template_base_${suffix}`,
    demo: `skolportalen_template_demo_${suffix}`,
  };
  const remove = async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    for (const name of Object.values(names)) {
      await cleanup.query(`drop database if exists ${name} with (force)`);
    }
    await cleanup.end();
  };
  const withDatabase = async (name: string, work: (handle: DatabaseHandle) => Promise<void>) => {
    const handle = await createDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
    try {
      await work(handle);
    } finally {
      await handle.close();
    }
  };
  try {
    await withAdmin(serverUrl, (admin) => admin.query(`create database ${names.base}`));
    await withDatabase(names.base, async (handle) => {
      await handle.migrate();
      await ensureBaseData(handle.db);
    });
    // A template is copied only while nobody is connected to it: the base one is closed by now.
    await withAdmin(serverUrl, (admin) =>
      admin.query(`create database ${names.demo} template ${names.base}`),
    );
    await withDatabase(names.demo, (handle) =>
      seedDemoMunicipality(handle.db).then(() => undefined),
    );
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates: { kind: 'postgres', ...names }, remove };
}

export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Vitest global setup of the server-integration project. */
export default async function setup(project: TestProject) {
  const made =
    process.env.TEST_DB === 'postgres'
      ? await postgresTemplates(requiredServerUrl())
      : await pgliteTemplates();
  project.provide('databaseTemplates', made.templates);
  return async () => {
    await made.remove();
  };
}

export function requiredServerUrl() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return serverUrl;
}
