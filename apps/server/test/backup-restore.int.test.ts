import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BackupError, createBackup, restoreBackup, rowCounts } from '../src/backup/backup';
import { writeTarGz } from '../src/backup/tar';
import type { Config } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { createMediaStorage } from '../src/media-storage/create-media-storage';
import { createDocumentStorage } from '../src/modules/documents/storage';
import { databaseUrl, requiredServerUrl, withAdmin } from './database-templates';
import { testConfig } from './harness';

/**
 * `npm run backup` and `npm run restore` (decision 0047): a portal with the
 * demo municipality and files in both stores is backed up, restored into a
 * fresh one, and every table's row count and every file's checksum compared.
 * On the backend the suite runs on (TEST_DB): PGlite, or the PostgreSQL server.
 */
const templates = inject('databaseTemplates');
const serverUrl = templates.kind === 'postgres' ? requiredServerUrl() : '';
const folders: string[] = [];
const databases: string[] = [];
const folder = (name: string) => {
  const made = mkdtempSync(path.join(tmpdir(), `skolportalen-${name}-`));
  folders.push(made);
  return made;
};

/** A portal's settings and database: the demo municipality, or nothing at all. */
async function portal(
  contents: 'demo' | 'empty',
): Promise<{ config: Config; open: () => Promise<DatabaseHandle> }> {
  const dataDir = folder('portal');
  if (templates.kind === 'pglite') {
    const config = testConfig({ DATA_DIR: dataDir });
    if (contents === 'demo') {
      const handle = await createDatabase({
        kind: 'pglite',
        dataDir: path.join(dataDir, 'pglite'),
        loadDataDir: await openAsBlob(templates.demo),
      });
      await handle.close();
    }
    return { config, open: () => createDatabase(config.database) };
  }
  const name = `skolportalen_backup_${randomBytes(6).toString('hex')}`;
  databases.push(name);
  await withAdmin(serverUrl, (admin) =>
    admin.query(
      contents === 'demo'
        ? `create database ${name} template ${templates.demo}`
        : `create database ${name}`,
    ),
  );
  const config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(serverUrl, name) });
  return { config, open: () => createDatabase(config.database) };
}

async function countsOf(open: () => Promise<DatabaseHandle>) {
  const handle = await open();
  try {
    return await rowCounts((text) => handle.executeSql(text));
  } finally {
    await handle.close();
  }
}

/** Every file under the portal's media and document folders, with its SHA-256. */
function filesOf(config: Config) {
  const found: Record<string, string> = {};
  const walk = (root: string, relative = '') => {
    const dir = path.join(root, relative);
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const key = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(root, key);
      else
        found[`${path.basename(root)}/${key}`] = createHash('sha256')
          .update(readFileSync(path.join(root, key)))
          .digest('hex');
    }
  };
  walk(path.join(config.dataDir, 'media'));
  walk(config.documents.storageDir);
  return found;
}

let source: Awaited<ReturnType<typeof portal>>;
let archive: string;
beforeAll(async () => {
  source = await portal('demo');
  // Pictures and documents as the portal stores them.
  const media = createMediaStorage(source.config);
  const staged = await media.stage([
    { name: 'skolgard-abc123.jpg', data: randomBytes(300_000) },
    { name: 'skolgard-abc123-thumb.webp', data: randomBytes(4_000) },
    { name: 'tom-fil.png', data: Buffer.alloc(0) },
  ]);
  await staged.commit();
  const documents = createDocumentStorage(source.config);
  await documents.put(Buffer.from('Läsårstider 2026/27\n'));
  await documents.put(randomBytes(70_000));
  archive = path.join(folder('archive'), 'portal.tar.gz');
  await createBackup({ config: source.config, file: archive });
}, 120_000);

afterAll(async () => {
  for (const name of databases)
    await withAdmin(serverUrl, (admin) =>
      admin.query(`drop database if exists ${name} with (force)`),
    );
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

describe(`backup and restore on ${templates.kind}`, () => {
  it('restores into a fresh portal every row of every table and every file, byte for byte', async () => {
    const target = await portal('empty');
    const report = await restoreBackup({ config: target.config, file: archive });

    const before = await countsOf(source.open);
    const after = await countsOf(target.open);
    expect(Object.keys(before).length).toBeGreaterThan(50);
    expect(before['public.users']).toBeGreaterThan(10);
    expect(Object.values(before).filter((count) => count > 0).length).toBeGreaterThan(15);
    expect(after).toEqual(before);
    expect(report.tables).toBe(Object.keys(before).length);

    const files = filesOf(source.config);
    expect(Object.keys(files)).toHaveLength(5);
    expect(filesOf(target.config)).toEqual(files);
    expect(report.files).toBe(5);
  }, 120_000);

  it('refuses a target that holds a portal, and replaces it with --force', async () => {
    const target = await portal('empty');
    await restoreBackup({ config: target.config, file: archive });
    const extra = createMediaStorage(target.config);
    await (await extra.stage([{ name: 'ny-bild.jpg', data: randomBytes(10) }])).commit();

    const refusal = await restoreBackup({ config: target.config, file: archive }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as Error).message).toMatch(/the target is not empty .*--force/);
    expect(Object.keys(filesOf(target.config))).toContain('media/ny-bild.jpg');

    await restoreBackup({ config: target.config, file: archive, force: true });
    expect(filesOf(target.config)).toEqual(filesOf(source.config));
    expect(await countsOf(target.open)).toEqual(await countsOf(source.open));
  }, 120_000);

  it('writes nothing from a damaged archive or one that is not a backup', async () => {
    const target = await portal('empty');
    const damaged = path.join(folder('archive'), 'damaged.tar.gz');
    const manifest = Buffer.from(
      JSON.stringify({
        format: 'skolportalen-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        database: {
          kind: templates.kind,
          entry: { path: 'database/x', bytes: 3, sha256: 'a'.repeat(64) },
          tables: {},
        },
        files: [],
      }),
    );
    const tar = writeTarGz(damaged);
    await tar.add('manifest.json', manifest.length, manifest);
    await tar.add('database/x', 3, Buffer.from('abc'));
    await tar.close();
    await expect(restoreBackup({ config: target.config, file: damaged })).rejects.toThrow(
      /does not match its checksum/,
    );

    const foreign = path.join(folder('archive'), 'foreign.tar.gz');
    const other = writeTarGz(foreign);
    await other.add('readme.txt', 2, Buffer.from('hi'));
    await other.close();
    await expect(restoreBackup({ config: target.config, file: foreign })).rejects.toThrow(
      /not a Skolportalen backup/,
    );
    expect(filesOf(target.config)).toEqual({});
    expect(Object.keys(await countsOf(target.open))).not.toContain('public.users');
  }, 120_000);

  it('refuses to overwrite an existing archive', async () => {
    await expect(createBackup({ config: source.config, file: archive })).rejects.toThrow(
      /exists already/,
    );
  });
});
