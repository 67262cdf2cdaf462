import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { metricsListener } from './http/metrics-route';
import { listeningOn } from './listen-address';
import { createDatabase } from './db/client';
import { requireMigrated, runMigrations, SchemaNotMigratedError } from './db/run-migrations';
import { ensureBaseData } from './db/seed/base-data';
import { seedDemoDocuments } from './db/seed/demo-documents';
import { seedDemoIfEmpty } from './db/seed/demo-municipality';
import { createMediaStorage } from './media-storage/create-media-storage';
import { createDocumentStorage } from './modules/documents/storage';

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  const database = await createDatabase(config.database);
  if (config.migrateAtStart) await runMigrations(config, database);
  else await requireMigrated(database);
  await ensureBaseData(database.db);
  const seeded = config.seedDemo
    ? await seedDemoIfEmpty(database.db, { mediaStorage: createMediaStorage(config) })
    : false;
  if (seeded) await seedDemoDocuments(database.db, createDocumentStorage(config));

  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const metrics = config.metrics?.port ? metricsListener(config.metrics) : null;
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

  const shutdown = async (signal: string) => {
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SchemaNotMigratedError) {
    console.error(error.message);
  } else {
    console.error('Skolportalen could not start:', error);
  }
  process.exit(1);
});
