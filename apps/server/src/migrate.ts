import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { pendingMigrations, runMigrations } from './db/run-migrations';

/**
 * The migration job (`node apps/server/dist/migrate.js`): migrates the schema and the job
 * queue's, as an instance does at start with MIGRATE_AT_START=true, and stops. Kubernetes runs
 * it before the instances roll (docs/operations/kubernetes.md); with MIGRATION_DATABASE_URL the
 * schema owner's connection migrates. Exit code 0 when the schema is current.
 */
async function migrate() {
  const config = loadConfig();
  const database = await createDatabase(config.database);
  try {
    const before = await pendingMigrations(database);
    await runMigrations(config, database);
    const after = await pendingMigrations(database);
    if (after.length > 0) throw new Error(`still lacking after migrating: ${after.join(', ')}`);
    process.stdout.write(
      before.length === 0
        ? 'The schema was current: nothing to migrate.\n'
        : `Migrated ${before.length}: ${before.join(', ')}.\n`,
    );
  } finally {
    await database.close();
  }
}

migrate().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Skolportalen could not migrate:', error);
  process.exit(1);
});
