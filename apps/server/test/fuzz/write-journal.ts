import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/raw-rows';

/**
 * Columns a request writes as bookkeeping, not as a change to the data: a
 * token's last use is noted at most once a minute by whichever request comes
 * (decision 0019), refused or not.
 */
const bookkeeping: Record<string, string> = { tokens: 'last_used_at' };

export interface JournalEntry {
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE' | 'TRUNCATE';
}

/**
 * A test-only journal of every row written to the application's tables: a
 * trigger on each table appends (table, operation) to `zz_write_journal`.
 * A rolled-back transaction takes its journal rows with it, so "nothing in the
 * journal since the request" means the request left the database as it was.
 */
export async function installWriteJournal(db: Database) {
  await db.execute(sql`
    create table if not exists zz_write_journal (
      id bigserial primary key,
      tbl text not null,
      op text not null
    )`);
  await db.execute(sql`
    create or replace function zz_write_journal_record() returns trigger
    language plpgsql as $$
    begin
      insert into zz_write_journal (tbl, op) values (tg_table_name, tg_op);
      return null;
    end $$`);
  const tables = await listTables(db);
  for (const table of tables) {
    const ignored = bookkeeping[table];
    for (const statement of [
      `drop trigger if exists zz_write_journal_rows on "${table}"`,
      `create trigger zz_write_journal_rows after insert or delete on "${table}"
         for each row execute function zz_write_journal_record()`,
      `drop trigger if exists zz_write_journal_updates on "${table}"`,
      `create trigger zz_write_journal_updates after update on "${table}" for each row
         ${ignored ? `when ((to_jsonb(old) - '${ignored}') is distinct from (to_jsonb(new) - '${ignored}'))` : ''}
         execute function zz_write_journal_record()`,
      `drop trigger if exists zz_write_journal_truncate on "${table}"`,
      `create trigger zz_write_journal_truncate after truncate on "${table}"
         for each statement execute function zz_write_journal_record()`,
    ])
      await db.execute(sql.raw(statement));
  }
  let last = await latestId(db);
  return {
    tables,
    /** The writes since the previous call. */
    async since(): Promise<JournalEntry[]> {
      const rows = await rowsOf<{ id: string; tbl: string; op: JournalEntry['op'] }>(
        db,
        // Ordered by the number: `order by id` would sort the text alias, "10" before "9".
        sql`select id::text as id, tbl, op from zz_write_journal where id > ${last} order by zz_write_journal.id`,
      );
      if (rows.length > 0) last = Number(rows.at(-1)!.id);
      return rows.map((row) => ({ table: row.tbl, op: row.op }));
    },
  };
}

async function latestId(db: Database) {
  const [row] = await rowsOf<{ id: string | null }>(
    db,
    sql`select max(id)::text as id from zz_write_journal`,
  );
  return Number(row?.id ?? 0);
}

/** The application's tables in the current schema (not the journal, not the workers' attempt log). */
export async function listTables(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'
          and table_name <> 'zz_write_journal'
          -- Written by the background workers whenever a recurring job runs
          -- (every few minutes), never by a request itself.
          and table_name <> 'job_attempts'
        order by table_name`,
  );
  return rows.map((row) => row.name);
}

/**
 * Row count and a checksum of every table (or of the tables named): the
 * independent check that a run of refused requests left the data exactly as
 * it was. One statement for all tables, so one round trip however many.
 */
export async function databaseFingerprint(
  db: Database,
  tables?: string[],
): Promise<Record<string, string>> {
  const names = tables ?? (await listTables(db));
  const parts = names.map((table) => {
    const ignored = bookkeeping[table];
    const text = ignored ? `(to_jsonb(t) - '${ignored}')::text` : 't::text';
    return `select '${table}' as tbl, count(*)::text as rows, md5(string_agg(${text}, '|' order by ${text})) as sum from "${table}" t`;
  });
  const rows = await rowsOf<{ tbl: string; rows: string; sum: string | null }>(
    db,
    sql.raw(parts.join('\nunion all\n')),
  );
  return Object.fromEntries(rows.map((row) => [row.tbl, `${row.rows}:${row.sum ?? '-'}`]));
}
