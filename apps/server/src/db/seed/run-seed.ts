import { loadConfig } from '../../config';
import { createDatabase } from '../client';
import { runMigrations } from '../run-migrations';
import { ensureBaseData } from './base-data';
import { createDocumentStorage } from '../../modules/documents/storage';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoIfEmpty } from './demo-municipality';
import { createMediaStorage } from '../../media-storage/create-media-storage';

/** `npm run seed`: migrates, ensures base data and seeds the demo municipality into an empty database. */
const config = loadConfig();
const database = await createDatabase(config.database);
try {
  await runMigrations(config, database);
  await ensureBaseData(database.db);
  const seeded = await seedDemoIfEmpty(database.db, {
    mediaStorage: createMediaStorage(config),
  });
  if (seeded) await seedDemoDocuments(database.db, createDocumentStorage(config));
  console.warn(
    seeded ? 'Demo municipality seeded.' : 'The database already has users; nothing seeded.',
  );
  // An in-memory database would be gone: its image is what portals started in memory load.
  if (config.database.kind === 'pglite' && config.database.memoryImage && database.writeImage) {
    await database.writeImage(config.database.memoryImage);
    console.warn(`Image written to ${config.database.memoryImage}.`);
  }
} finally {
  await database.close();
}
