import path from 'node:path';
import type { Config } from '../../../config';
import { createDiskStorage } from './disk-storage';
import type { MediaStorage } from './media-storage';

/** The configured media store: files under DATA_DIR/media (ARCHITECTURE §6). */
export function createMediaStorage(config: Pick<Config, 'dataDir'>): MediaStorage {
  return createDiskStorage(path.join(config.dataDir, 'media'));
}
