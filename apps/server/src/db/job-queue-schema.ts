import PgBoss from 'pg-boss';

/** Anything that runs plain SQL with `$n` parameters, as pg-boss expects of a database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The job queue's tables live in their own schema beside the portal's. */
export const jobQueueSchema = 'pgboss';

/**
 * Creates or upgrades pg-boss's tables: part of migrating, so every instance
 * that starts finds them ready and the queue itself never migrates.
 */
export async function installJobQueueSchema(executor: SqlExecutor) {
  const boss = new PgBoss({
    db: executor,
    schema: jobQueueSchema,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  // The portal may run as a role without DDL rights (docs/deployment/database-roles.sql): a new
  // queue's table is then made with the owner's rights, and only through pg-boss's own function.
  await executor.executeSql(
    `alter function ${jobQueueSchema}.create_queue(text, json) security definer set search_path = pg_catalog, pg_temp`,
  );
}
