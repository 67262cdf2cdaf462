import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { timeQuery, watchDatabasePool } from '../metrics/metrics';
import { installJobQueueSchema, type SqlExecutor } from './job-queue-schema';
import { namedStatementsOn } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; the same query API as the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob | File;
      /**
       * Held in memory rather than in `dataDir`: started from this image (a dump written by
       * `writeImage`) when it exists, else empty. Nothing is kept when the process ends.
       */
      memoryImage?: string;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseOptions['kind'];
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Plain SQL for the job queue (pg-boss): `$1…` parameters, or several statements without them. */
  executeSql: SqlExecutor['executeSql'];
  /** PGlite only: a snapshot of the whole database, used to start test databases quickly. */
  dump?(): Promise<Blob | File>;
  /** PGlite only: writes that snapshot to a file, from which `memoryImage` starts a database. */
  writeImage?(file: string): Promise<void>;
  /** PostgreSQL only: the connection pool's clients, all and idle (a held client that is never released is a leak). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * On PostgreSQL, the database by the executor that plans prepared statements
 * once (`plannedOnce`: connections of their own), and how `plannedRows`
 * reads there. PGlite has no entry: every statement outside a transaction
 * is kept parsed under a name there (pglite-statements.ts).
 */
interface PlannedOnce {
  db: Executor;
  rows: (query: SQL) => Promise<unknown[]>;
  /** A statement already written, under the name its caller keeps for its text. */
  named: (name: string, text: string, values: unknown[]) => Promise<unknown[]>;
}

const plannedOnceBy = new WeakMap<object, PlannedOnce>();

/**
 * Where to run a named statement whose good plan does not depend on the
 * values it is given (the feed's: one index range per group and category):
 * on PostgreSQL a small pool of its own whose connections keep one generic
 * plan per statement, so it is planned once per connection rather than at
 * every execution, where planning cost more than running (decision 0050);
 * on PGlite its one connection, with the statement kept parsed under a name
 * (decision 0054). Everywhere else PostgreSQL plans for the values (a count
 * over many posts or few). Inside a transaction the statement stays in the
 * transaction.
 */
export function plannedOnce(db: Executor): Executor {
  return plannedOnceBy.get(db)?.db ?? db;
}

const dialect = new PgDialect();

/**
 * Rows of a raw SQL query whose good plan does not depend on its values
 * (lookups by key), sent as a named statement where `plannedOnce` runs
 * statements: planned once per connection. On PGlite and in a transaction
 * as `rowsOf`.
 */
export async function plannedRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const planned = plannedOnceBy.get(db);
  if (!planned) return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  return (await planned.rows(query)) as Row[];
}

/**
 * Rows of a statement its caller has written and named once (`statementName`)
 * and runs again and again with other values, on the pool of `plannedRows`;
 * undefined where there is none (PGlite, a transaction), so the caller runs
 * it as a query of its own.
 */
export function plannedNamedRows<Row>(
  db: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> | undefined {
  return plannedOnceBy.get(db)?.named(name, text, values) as Promise<Row[]> | undefined;
}

/** Names given, by text: the code's statements are few, and each is met at every page. */
const namesGiven = new Map<string, string>();
const maxNamesKept = 2_000;

/** The name `plannedRows` gives a statement: the same text, the same name, on every connection. */
export function statementName(text: string): string {
  let name = namesGiven.get(text);
  if (name === undefined) {
    name = `planned_${createHash('sha1').update(text).digest('base64url')}`;
    if (namesGiven.size >= maxNamesKept) namesGiven.clear();
    namesGiven.set(text, name);
  }
  return name;
}
/** Any fixed number; every instance takes the same lock so only one migrates at a time. */
const migrationLockId = 724_311_019;

/**
 * drizzle-orm 0.45 (node-postgres) checks a client out for a transaction and
 * sends BEGIN before its try/finally: when BEGIN fails (the connection was
 * just killed, the database restarted) the client is never given back, and
 * after a few such failures every request waits for a connection that never
 * comes (drizzle-team/drizzle-orm#6241, #6023). Until that is fixed upstream,
 * a failed BEGIN gives the client back here, marked broken so the pool drops it.
 */
function releaseClientWhenBeginFails(pool: pg.Pool) {
  const patched = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      // Only drizzle's own single-statement BEGIN; batches (the job queue's) are left alone.
      if (typeof text !== 'string' || !/^begin\b[^;]*$/.test(text) || !(result instanceof Promise))
        return result;
      return result.catch((error: unknown) => {
        const release = client.release;
        // Whoever holds the client may still release it (the migrator does): once is enough.
        client.release = () => undefined;
        release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    };
  });
}

/** Times every statement a pg client sends (skolportalen_db_query_duration_seconds). */
function timeStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const done = timeQuery();
    const result = query(...args);
    // The promise itself goes back, unchanged: the BEGIN guard above tells it by its identity.
    if (result instanceof Promise) result.then(done, done);
    else done();
    return result;
  };
}

/**
 * Times PGlite's statements, inside transactions too, and counts the callers
 * of its one connection: `busy` is how many hold or wait for it. Answers the
 * pool's figures, and `timed` for a query function of one's own.
 */
function timePglite(client: PGlite) {
  let busy = 0;
  const timed =
    <Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>, holds: boolean) =>
    async (...args: Args) => {
      if (holds) busy += 1;
      const done = timeQuery();
      try {
        return await run(...args);
      } finally {
        done();
        if (holds) busy -= 1;
      }
    };
  const inTransaction = (tx: object) =>
    new Proxy(tx, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        return (key === 'query' || key === 'exec') && typeof value === 'function'
          ? timed((value as (...args: unknown[]) => Promise<unknown>).bind(target), false)
          : value;
      },
    });
  client.query = timed(client.query.bind(client), true) as typeof client.query;
  client.exec = timed(client.exec.bind(client), true) as typeof client.exec;
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: (tx: object) => Promise<unknown>) => {
    busy += 1;
    try {
      return await transaction((tx) => callback(inTransaction(tx)));
    } finally {
      busy -= 1;
    }
  }) as typeof client.transaction;
  return {
    stats: (): { total: number; idle: number; waiting: number } => ({
      total: 1,
      idle: busy === 0 ? 1 : 0,
      waiting: Math.max(0, busy - 1),
    }),
    timed,
  };
}

/**
 * The PGlite client drizzle is given: its `query` keeps each statement
 * parsed under a name (pglite-statements.ts), except one that reads or
 * writes a file (`blob`), which PGlite's own `query` handles. A class, so
 * drizzle takes it for a client rather than for its own options. A
 * transaction's statements go through PGlite's own transaction.
 */
class KeptStatementsPglite {
  constructor(
    private readonly client: PGlite,
    private readonly named: PGlite['query'],
  ) {}

  query: PGlite['query'] = (text, params, options) =>
    options?.blob ? this.client.query(text, params, options) : this.named(text, params, options);
  exec: PGlite['exec'] = (...args) => this.client.exec(...args);
  transaction: PGlite['transaction'] = (callback) => this.client.transaction(callback);
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'pglite') {
    const inMemory = options.memoryImage !== undefined;
    const image =
      inMemory && existsSync(options.memoryImage!)
        ? new Blob([readFileSync(options.memoryImage!)])
        : options.loadDataDir;
    if (options.dataDir && !inMemory) mkdirSync(options.dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(options.dataDir && !inMemory ? { dataDir: options.dataDir } : {}),
      ...(image ? { loadDataDir: image } : {}),
    });
    const timing = timePglite(client);
    const stopWatching = watchDatabasePool(timing.stats);
    // Every statement outside a transaction, the "planned once" ones too, is kept parsed:
    // PGlite has one connection, so `plannedOnce` needs no pool of its own (decision 0054).
    const keptClient = new KeptStatementsPglite(
      client,
      timing.timed(namedStatementsOn(client), true) as PGlite['query'],
    );
    const db = drizzlePglite(keptClient as unknown as PGlite, { schema }) as unknown as Database;
    // PGlite's extended protocol takes one statement; pg-boss sends its schema scripts without parameters.
    const executeSql = async (text: string, values?: unknown[]) =>
      values?.length
        ? { rows: (await client.query(text, values as unknown[])).rows }
        : { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
    return {
      db,
      kind: 'pglite',
      executeSql,
      migrate: async () => {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
        await installJobQueueSchema({ executeSql });
      },
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        stopWatching();
        await client.close();
      },
      dump: () => client.dumpDataDir('none'),
      writeImage: async (file) => {
        const dump = await client.dumpDataDir('none');
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      },
    };
  }

  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // While the database is away a request waits this long for a connection, then fails (503)
    // instead of hanging; /ready answers unready instead of not at all.
    connectionTimeoutMillis: 5_000,
    // Short OLTP queries: JIT compiling them (triggered by cost estimates) only adds latency.
    options: '-c jit=off',
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor one that a request holds between two queries when the server drops it (a restart,
  // pg_terminate_backend): its next query fails and is answered 503, and the pool discards
  // the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    timeStatements(client);
  });
  releaseClientWhenBeginFails(pool);
  const plannedPool = new pg.Pool({
    connectionString: options.url,
    // As large as the main pool: the start page's reads all go here at once.
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    options: '-c jit=off -c plan_cache_mode=force_generic_plan',
  });
  plannedPool.on('error', () => undefined);
  plannedPool.on('connect', (client) => {
    client.on('error', () => undefined);
    timeStatements(client);
  });
  // Both pools: the main one and the one for statements planned once.
  const poolStats = () => ({
    total: pool.totalCount + plannedPool.totalCount,
    idle: pool.idleCount + plannedPool.idleCount,
    waiting: pool.waitingCount + plannedPool.waitingCount,
  });
  const stopWatching = watchDatabasePool(poolStats);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  plannedOnceBy.set(db, {
    db: drizzlePg(plannedPool, { schema }) as unknown as Database,
    rows: async (query) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await plannedPool.query({ name: statementName(text), text, values: params })).rows;
    },
    named: async (name, text, values) => (await plannedPool.query({ name, text, values })).rows,
  });
  const executorOn = (client: pg.Pool | pg.PoolClient): SqlExecutor => ({
    executeSql: async (text, values) => {
      // Several statements answer with one result each; the last one is what a caller wants.
      const result = (await client.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
    },
  });
  return {
    db,
    kind: 'postgres',
    executeSql: executorOn(pool).executeSql,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockId]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        await installJobQueueSchema(executorOn(client));
      } finally {
        await client
          .query('select pg_advisory_unlock($1)', [migrationLockId])
          .catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats,
    close: async () => {
      stopWatching();
      await Promise.all([pool.end(), plannedPool.end()]);
    },
  };
}

/** A statement's text, as `plannedRows` names it. */
export function statementText(query: SQL): string {
  return dialect.sqlToQuery(query).sql;
}

/** A statement's text and its values in order, as drizzle writes them. */
export function writtenStatement(query: SQL): { text: string; values: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, values: params };
}
