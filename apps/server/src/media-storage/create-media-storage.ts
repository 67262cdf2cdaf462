import path from 'node:path';
import type { Config } from '../config';
import { createS3Client } from '../object-store/s3-client';
import { createDiskStorage } from './disk-storage';
import type { MediaStorage } from './media-storage';
import { createS3Storage } from './s3-storage';

/**
 * The configured media store (FILE_STORAGE): files under DATA_DIR/media
 * (ARCHITECTURE §6), or `<S3_PREFIX>media/` in an S3-compatible bucket when
 * several instances serve the portal.
 */
export function createMediaStorage(config: Pick<Config, 'dataDir' | 'fileStorage'>): MediaStorage {
  const storage = config.fileStorage;
  if (storage.kind === 's3')
    return createS3Storage(createS3Client(storage.s3), `${storage.prefix}media/`);
  return createDiskStorage(path.join(config.dataDir, 'media'));
}
