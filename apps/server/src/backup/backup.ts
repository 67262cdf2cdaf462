import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, openAsBlob, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import type { Config } from '../config';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { assertSafeKey, fileStoresOf, type FileStore } from './file-stores';
import { readTarGz, writeTarGz } from './tar';

/**
 * `npm run backup` and `npm run restore` (decision 0047,
 * docs/operations/backup-and-restore.md). An archive is a gzip-compressed tar:
 * `manifest.json` first, then the database (PGlite: its data folder as
 * PGlite dumps it; PostgreSQL: `pg_dump` in its custom format), then every
 * file of the media and document stores under `files/<store>/<key>`. The
 * manifest names each entry with its size and SHA-256 and holds every table's
 * row count, read in the same snapshot as the dump.
 */
export const backupFormat = 'skolportalen-backup';
export const backupVersion = 1;

export interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof backupFormat;
  version: number;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; entry: ManifestEntry; tables: Record<string, number> };
  files: ManifestEntry[];
}

type BackupConfig = Pick<
  Config,
  'database' | 'migrationDatabaseUrl' | 'dataDir' | 'documents' | 'fileStorage'
>;

export interface BackupReport {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Every table outside PostgreSQL's own schemas, `schema.table`, in a fixed order. */
const tablesQuery = `select schemaname || '.' || tablename as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema') order by 1`;

const quoted = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** Each table's row count, read through `query`. */
export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of (await query(tablesQuery)).rows as { name: string }[]) {
    const { rows } = await query(`select count(*)::int as count from ${quoted(name)}`);
    counts[name] = Number((rows[0] as { count?: number } | undefined)?.count ?? 0);
  }
  return counts;
}

/**
 * The PostgreSQL client tools' arguments for `url`: its password goes in the
 * environment (PGPASSWORD), never on a command line other users may list.
 */
function clientToolConnection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: `--dbname=${parsed.toString()}`,
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} is not installed: install PostgreSQL's client tools (Debian: postgresql-client) in the version of the server or newer`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

const sha256Of = async (file: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** The connection that may read (backup) or rebuild (restore) every table: the owner's when given. */
const ownerUrl = (config: BackupConfig) => {
  if (config.database.kind !== 'postgres') throw new Error('not PostgreSQL');
  return config.migrationDatabaseUrl ?? config.database.url;
};

/**
 * Writes the backup to `file` (which must not exist). On PGlite the portal
 * must be stopped (PGlite's folder has one user at a time); `database` hands
 * over a database already open instead. On PostgreSQL the portal may run:
 * the dump and the row counts share one snapshot.
 */
export async function createBackup({
  config,
  file,
  database,
}: {
  config: BackupConfig;
  file: string;
  database?: DatabaseHandle;
}): Promise<BackupReport> {
  if (existsSync(file)) throw new BackupError(`${file} exists already: name a new file`);
  await mkdir(path.dirname(file), { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), 'skolportalen-backup-'));
  try {
    let tables: Record<string, number>;
    const dumpFile = path.join(work, 'database');
    let entryPath: string;
    if (config.database.kind === 'pglite') {
      if (!database && config.database.memoryImage)
        throw new BackupError(
          'PGLITE_IN_MEMORY keeps the database in memory only: there is nothing on disk to back up',
        );
      const dataDir = config.database.dataDir;
      if (!database && (!dataDir || !existsSync(dataDir) || readdirSync(dataDir).length === 0))
        throw new BackupError(
          `there is no database in ${dataDir ?? 'DATA_DIR'}: check DATA_DIR (the portal's data folder)`,
        );
      const handle = database ?? (await createDatabase(config.database));
      try {
        tables = await rowCounts((text) => handle.executeSql(text));
        if (!handle.dump) throw new Error('no PGlite dump');
        await writeFile(dumpFile, Buffer.from(await (await handle.dump()).arrayBuffer()));
      } finally {
        if (!database) await handle.close();
      }
      entryPath = 'database/pglite-data.tar';
    } else {
      const client = new pg.Client({ connectionString: ownerUrl(config) });
      await client.connect();
      try {
        await client.query('begin isolation level repeatable read read only');
        const { rows } = await client.query<{ snapshot: string }>(
          'select pg_export_snapshot() as snapshot',
        );
        tables = await rowCounts((text) => client.query(text));
        const connection = clientToolConnection(ownerUrl(config));
        await run(
          'pg_dump',
          [
            '--format=custom',
            `--snapshot=${rows[0]!.snapshot}`,
            `--file=${dumpFile}`,
            connection.dbname,
          ],
          connection.env,
        );
        await client.query('commit');
      } finally {
        await client.end();
      }
      entryPath = 'database/postgres.dump';
    }
    const databasePart: Manifest['database'] = {
      kind: config.database.kind,
      entry: {
        path: entryPath,
        bytes: (await stat(dumpFile)).size,
        sha256: await sha256Of(dumpFile),
      },
      tables,
    };

    // The files are copied into the work folder first: the manifest, which comes first in the
    // archive, needs their checksums, and a file changing during the backup must not change
    // between its checksum and its bytes.
    const files: ManifestEntry[] = [];
    const copies = new Map<string, string>();
    for (const store of fileStoresOf(config)) {
      for (const { key } of await store.list()) {
        const opened = await store.open(key);
        const copy = path.join(work, `file-${files.length}`);
        const entry = {
          path: `files/${store.name}/${key}`,
          ...(await copyHashing(opened.stream, copy)),
        };
        files.push(entry);
        copies.set(entry.path, copy);
      }
    }

    const manifest: Manifest = {
      format: backupFormat,
      version: backupVersion,
      createdAt: new Date().toISOString(),
      database: databasePart,
      files,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${file}.partial`;
    // What a backup that was stopped left behind.
    await rm(partial, { force: true });
    const tar = writeTarGz(partial);
    try {
      await tar.add('manifest.json', manifestBytes.length, manifestBytes);
      await tar.add(entryPath, databasePart.entry.bytes, createReadStream(dumpFile));
      for (const entry of files)
        await tar.add(entry.path, entry.bytes, createReadStream(copies.get(entry.path)!));
      await tar.close();
      await rename(partial, file);
    } catch (error) {
      await tar.abort();
      await rm(partial, { force: true });
      throw error;
    }
    return {
      file,
      bytes: (await stat(file)).size,
      tables: Object.keys(tables).length,
      rows: Object.values(tables).reduce((sum, count) => sum + count, 0),
      files: files.length,
      fileBytes: files.reduce((sum, entry) => sum + entry.bytes, 0),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Copies `source` to `file`, answering its SHA-256 and size. */
async function copyHashing(source: Readable, file: string) {
  const hash = createHash('sha256');
  let bytes = 0;
  const out = createWriteStream(file);
  for await (const chunk of source) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return { sha256: hash.digest('hex'), bytes };
}

function parseManifest(text: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError('the archive has no readable manifest.json: not a Skolportalen backup');
  }
  if (manifest.format !== backupFormat)
    throw new BackupError('the archive is not a Skolportalen backup (manifest.json)');
  if (manifest.version > backupVersion)
    throw new BackupError(
      `the backup has format version ${manifest.version}; this portal reads up to ${backupVersion}`,
    );
  return manifest;
}

/** What the target already holds; restore refuses to overwrite it without --force. */
async function targetContents(config: BackupConfig, stores: FileStore[]): Promise<string[]> {
  const found: string[] = [];
  if (config.database.kind === 'pglite') {
    const dir = config.database.dataDir;
    if (!dir)
      throw new BackupError(
        'PGLITE_IN_MEMORY keeps the database in memory only: restore into a DATA_DIR without it',
      );
    if (existsSync(dir) && readdirSync(dir).length > 0) found.push(`the database in ${dir}`);
  } else {
    const client = new pg.Client({ connectionString: ownerUrl(config) });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      if (rows[0]!.count > 0) found.push(`${rows[0]!.count} tables in the database`);
    } finally {
      await client.end();
    }
  }
  for (const store of stores) {
    const count = (await store.list()).length;
    if (count > 0) found.push(`${count} files in ${store.where}`);
  }
  return found;
}

async function clearPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace
        where nspname not like 'pg\\_%' and nspname not in ('information_schema')`,
    );
    await client.query('begin');
    for (const { name } of rows) await client.query(`drop schema ${quoted(name)} cascade`);
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}

export interface RestoreReport {
  tables: number;
  rows: number;
  files: number;
}

/**
 * Restores the backup in `file` into the configured database and file stores,
 * which must be empty unless `force` (then what is there goes first). Every
 * entry's checksum is verified before anything is written, and every table's
 * row count after the database is restored.
 */
export async function restoreBackup({
  config,
  file,
  force = false,
}: {
  config: BackupConfig;
  file: string;
  force?: boolean;
}): Promise<RestoreReport> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const stores = fileStoresOf(config);
  const present = await targetContents(config, stores);
  if (present.length > 0 && !force)
    throw new BackupError(
      `the target is not empty (${present.join('; ')}): restore into an empty data folder or database, or add --force to replace what is there`,
    );

  const work = await mkdtemp(path.join(tmpdir(), 'skolportalen-restore-'));
  try {
    // Unpacked and checked first: a damaged archive writes nothing.
    let manifest: Manifest | null = null;
    const unpacked = new Map<string, string>();
    for await (const entry of readTarGz(file)) {
      if (!manifest) {
        if (entry.name !== 'manifest.json')
          throw new BackupError(
            'the archive does not start with manifest.json: not a Skolportalen backup',
          );
        const chunks: Buffer[] = [];
        for await (const chunk of entry.stream) chunks.push(chunk as Buffer);
        manifest = parseManifest(Buffer.concat(chunks).toString('utf8'));
        continue;
      }
      const expected =
        entry.name === manifest.database.entry.path
          ? manifest.database.entry
          : manifest.files.find((candidate) => candidate.path === entry.name);
      if (!expected)
        throw new BackupError(`the archive holds ${entry.name}, which its manifest does not name`);
      const copy = path.join(work, `entry-${unpacked.size}`);
      const copied = await copyHashing(entry.stream, copy);
      if (copied.sha256 !== expected.sha256 || copied.bytes !== expected.bytes)
        throw new BackupError(
          `${entry.name} in the archive does not match its checksum: the archive is damaged`,
        );
      unpacked.set(entry.name, copy);
    }
    if (!manifest) throw new BackupError('the archive is empty');
    const missing = [manifest.database.entry, ...manifest.files].filter(
      (entry) => !unpacked.has(entry.path),
    );
    if (missing.length > 0)
      throw new BackupError(
        `the archive lacks ${missing.length} of the entries its manifest names (${missing[0]!.path}…): it is incomplete`,
      );
    for (const entry of manifest.files) assertSafeKey(entry.path.split('/').slice(2).join('/'));
    if (manifest.database.kind !== config.database.kind)
      throw new BackupError(
        `the backup holds a ${manifest.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} database and the settings name ${config.database.kind === 'pglite' ? 'PGlite (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)'}: restore it where the same kind runs`,
      );

    const dump = unpacked.get(manifest.database.entry.path)!;
    let restored: Record<string, number>;
    if (config.database.kind === 'pglite') {
      const dataDir = config.database.dataDir!;
      if (force) await rm(dataDir, { recursive: true, force: true });
      const handle = await createDatabase({
        kind: 'pglite',
        dataDir,
        loadDataDir: await openAsBlob(dump),
      });
      try {
        restored = await rowCounts((text) => handle.executeSql(text));
      } finally {
        await handle.close();
      }
    } else {
      const url = ownerUrl(config);
      if (force) await clearPostgres(url);
      const connection = clientToolConnection(url);
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          '--single-transaction',
          connection.dbname,
          dump,
        ],
        connection.env,
      );
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        restored = await rowCounts((text) => client.query(text));
      } finally {
        await client.end();
      }
    }
    const differing = Object.keys({ ...manifest.database.tables, ...restored }).filter(
      (table) => manifest.database.tables[table] !== restored[table],
    );
    if (differing.length > 0)
      throw new BackupError(
        `the restored database differs from the backup in ${differing.length} tables (${differing.slice(0, 3).join(', ')})`,
      );

    if (force) for (const store of stores) await store.clear();
    const byName = new Map(stores.map((store) => [store.name, store]));
    for (const entry of manifest.files) {
      const [, storeName, ...key] = entry.path.split('/');
      const store = byName.get(storeName as FileStore['name']);
      if (!store) throw new BackupError(`the backup names an unknown file store: ${entry.path}`);
      await store.write(key.join('/'), await readFile(unpacked.get(entry.path)!));
    }
    return {
      tables: Object.keys(restored).length,
      rows: Object.values(restored).reduce((sum, count) => sum + count, 0),
      files: manifest.files.length,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
