import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrationsFolder, type DatabaseHandle } from './client';
import { pendingMigrations, requireMigrated, SchemaNotMigratedError } from './run-migrations';

const tags = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((entry) => entry.tag);

/**
 * MIGRATE_AT_START=false: an instance leaves migrating to the migration job and only checks that
 * the schema has every migration it knows (decision 0048). A database of its own, in memory.
 */
describe('the check an instance makes when the migration job migrates', () => {
  let database: DatabaseHandle;
  afterAll(async () => database?.close());

  it('counts every migration as missing on an empty database, none once migrated, and the one taken away', async () => {
    database = await createDatabase({ kind: 'pglite' });
    expect(tags.length).toBeGreaterThan(30);
    expect(await pendingMigrations(database)).toEqual(tags);
    await expect(requireMigrated(database)).rejects.toThrow(SchemaNotMigratedError);

    await database.migrate();
    expect(await pendingMigrations(database)).toEqual([]);
    await expect(requireMigrated(database)).resolves.toBeUndefined();

    // The schema of the version before: its last migration not yet applied.
    await database.executeSql(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    expect(await pendingMigrations(database)).toEqual([tags.at(-1)]);
    const refused = await requireMigrated(database).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SchemaNotMigratedError);
    expect((refused as Error).message).toContain(tags.at(-1));
    expect((refused as Error).message).toContain('MIGRATE_AT_START=false');
  }, 90_000);
});
