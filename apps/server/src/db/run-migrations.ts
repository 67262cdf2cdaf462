import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { createDatabase, migrationsFolder, type DatabaseHandle } from './client';

/**
 * Migrates the schema (and the job queue's) before the portal starts. With
 * MIGRATION_DATABASE_URL the owner's connection does it and is closed again,
 * so the running portal keeps only DATABASE_URL, a role that reads and writes
 * rows (docs/deployment/database-roles.sql); without it the portal's own
 * connection migrates.
 */
export async function runMigrations(config: Config, database: DatabaseHandle) {
  if (!config.migrationDatabaseUrl) {
    await database.migrate();
    return;
  }
  const migrator = await createDatabase({
    kind: 'postgres',
    url: config.migrationDatabaseUrl,
    poolSize: 1,
  });
  try {
    await migrator.migrate();
  } finally {
    await migrator.close();
  }
}

/** The migrations this build knows that the database has not had, oldest first, by name. */
export async function pendingMigrations(
  database: Pick<DatabaseHandle, 'executeSql'>,
  folder = migrationsFolder,
): Promise<string[]> {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const table = await database.executeSql(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  );
  let lastApplied = -1;
  if ((table.rows[0] as { exists?: boolean } | undefined)?.exists) {
    const last = await database.executeSql(
      'select coalesce(max(created_at), -1)::text as "createdAt" from drizzle.__drizzle_migrations',
    );
    lastApplied = Number((last.rows[0] as { createdAt?: string } | undefined)?.createdAt ?? -1);
  }
  // drizzle applies every migration whose journal time is after the last one applied.
  return journal.entries.filter((entry) => entry.when > lastApplied).map((entry) => entry.tag);
}

/**
 * With MIGRATE_AT_START=false an instance leaves migrating to the migration job
 * (`node apps/server/dist/migrate.js`, docs/operations/kubernetes.md) and only checks that the
 * job has run: an instance never serves on a schema older than its code. A schema newer than
 * the code is what a rolling update has for a while, and is fine.
 */
export async function requireMigrated(database: Pick<DatabaseHandle, 'executeSql'>) {
  const pending = await pendingMigrations(database);
  if (pending.length === 0) return;
  throw new SchemaNotMigratedError(pending);
}

export class SchemaNotMigratedError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database lacks ${pending.length} migration(s) of this version (${pending.at(0)}${pending.length > 1 ? ` … ${pending.at(-1)}` : ''}). ` +
        'MIGRATE_AT_START=false: run the migration job (node apps/server/dist/migrate.js) first.',
    );
    this.name = 'SchemaNotMigratedError';
  }
}
