import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, plannedRows, type Database } from './client';
import { rowsOf } from './raw-rows';

const pupils = (db: Database) => rowsOf<{ name: string }>(db, sql`select name from pupils`);

/**
 * An in-memory PGlite (PGLITE_IN_MEMORY) starts from the image a seeding wrote, keeps what is
 * written while it runs, and leaves the image and the disk as they were. PGlite's own: the
 * PGlite pass runs it (the PostgreSQL pass has nothing of its own to add).
 */
const folder = mkdtempSync(path.join(tmpdir(), 'skolportalen-image-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DB === 'postgres')('a PGlite database held in memory', () => {
  it('starts from the image once one is written, and never writes back to it', async () => {
    const image = path.join(folder, 'data', 'pglite.image');
    const first = await createDatabase({ kind: 'pglite', memoryImage: image });
    await first.db.execute(sql`create table pupils (name text)`);
    await first.db.execute(sql`insert into pupils values ('Elsa')`);
    await first.writeImage!(image);
    await first.close();
    const written = readFileSync(image);

    const second = await createDatabase({ kind: 'pglite', memoryImage: image });
    expect(await pupils(second.db)).toEqual([{ name: 'Elsa' }]);
    await second.db.execute(sql`insert into pupils values ('Leo')`);
    expect(await pupils(second.db)).toHaveLength(2);
    await second.close();

    // What the second one wrote was never kept: the image is as written, and no files appeared.
    expect(readFileSync(image).equals(written)).toBe(true);
    expect(existsSync(path.join(folder, 'data', 'pglite'))).toBe(false);
  }, 90_000);
});

/** DATABASE_POOL_SIZE: each of a process's two pools opens no more connections than it says. */
describe.skipIf(process.env.TEST_DB !== 'postgres')('the PostgreSQL pools', () => {
  it('open at most `poolSize` connections each, and queue the rest', async () => {
    const database = await createDatabase({
      kind: 'postgres',
      url: process.env.TEST_DATABASE_URL!,
      poolSize: 2,
    });
    try {
      const sleep = sql`select pg_sleep(0.3)`;
      const running = [
        // drizzle sends a statement once it is awaited: `then` starts it now.
        ...Array.from({ length: 5 }, () => database.db.execute(sleep).then(() => undefined)),
        ...Array.from({ length: 5 }, () => plannedRows(database.db, sleep)),
      ];
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(database.poolStats?.()).toEqual({ total: 4, idle: 0, waiting: 6 });
      await Promise.all(running);
    } finally {
      await database.close();
    }
  });
});
