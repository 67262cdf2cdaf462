import type { Config } from '../config';
import { createDatabase, type DatabaseHandle } from './client';

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
