import cluster from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { metricsListener } from './http/metrics-route';
import { listeningOn } from './listen-address';
import { createDatabase, type DatabaseHandle } from './db/client';
import { requireMigrated, runMigrations, SchemaNotMigratedError } from './db/run-migrations';
import { ensureBaseData } from './db/seed/base-data';
import { seedDemoDocuments } from './db/seed/demo-documents';
import { seedDemoIfEmpty } from './db/seed/demo-municipality';
import { createMediaStorage } from './media-storage/create-media-storage';
import { createDocumentStorage } from './modules/documents/storage';
import { warnOfMissingNodeFlags } from './node-flags';
import { runPortalProcesses } from './portal-processes';

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  if (config.processes > 1 && cluster.isPrimary) {
    // PORTAL_PROCESSES: this process prepares the database and starts the portal's processes.
    await runPortalProcesses(config, async () => {
      const database = await createDatabase(config.database);
      try {
        await prepareDatabase(config, database);
      } finally {
        await database.close();
      }
    });
    return;
  }
  const database = await createDatabase(config.database);
  // A process of several finds the database prepared by the one that started it.
  const seeded = cluster.isWorker
    ? (await requireMigrated(database), false)
    : await prepareDatabase(config, database);

  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  // Of several processes, the first one serves their metrics, added up (portal-processes.ts).
  const metrics =
    config.metrics?.port && !cluster.isWorker ? metricsListener(config.metrics) : null;
  if (metrics && config.metrics?.port) {
    await metrics.listen({ port: config.metrics.port, host: config.host });
    app.log.info({ port: config.metrics.port }, 'metrics served at /metrics on their own port');
  }
  app.log.info(
    {
      database: database.kind,
      seeded,
      startupMs: Math.round(performance.now() - startedAt),
    },
    listeningOn(app.server.address()),
  );
  // The processes of several are started by the first, with its flags, which it has checked.
  if (!cluster.isWorker) warnOfMissingNodeFlags(config.env, app.log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    // Ctrl-C reaches every process of several, and then the first one's SIGTERM too.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    // Tell the load balancer first, then stop taking requests and let those in flight finish.
    app.lifecycle.draining = true;
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    await metrics?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Migrations (or the check that they ran), the base data and the demo seed; true when seeded. */
async function prepareDatabase(config: Config, database: DatabaseHandle): Promise<boolean> {
  if (config.migrateAtStart) await runMigrations(config, database);
  else await requireMigrated(database);
  await ensureBaseData(database.db);
  const seeded = config.seedDemo
    ? await seedDemoIfEmpty(database.db, { mediaStorage: createMediaStorage(config) })
    : false;
  if (seeded) await seedDemoDocuments(database.db, createDocumentStorage(config));
  return seeded;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SchemaNotMigratedError) {
    console.error(error.message);
  } else {
    console.error('Skolportalen could not start:', error);
  }
  process.exit(1);
});
