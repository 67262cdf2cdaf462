/** The bench municipality on PostgreSQL, shared by the morning and sign-in runs. */
import pg from 'pg';
import { startServer, stopServer } from './bench-server';
import { seedMunicipality } from './municipality-seed';

const name = 'skolportalen_bench_posts';

/** The bench database's address on the server `serverUrl` names. */
export function benchDatabaseUrl(serverUrl: string): URL {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url;
}

/**
 * Creates the bench database when the server `serverUrl` names has none, lets the portal
 * migrate it (started once on `port` with `env`) and seeds the municipality
 * (100,000 people, 100,000 posts, 2,000 tools): a minute or two, once.
 */
export async function prepareBenchDatabase(
  serverUrl: string,
  port: number,
  env: Record<string, string>,
) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  if (exists) return;
  await stopServer(await startServer(port, env));
  const seeder = new pg.Client({ connectionString: benchDatabaseUrl(serverUrl).toString() });
  await seeder.connect();
  await seedMunicipality((sql) => seeder.query(sql));
  await seeder.end();
}
