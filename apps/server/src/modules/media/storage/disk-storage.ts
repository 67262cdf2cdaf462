import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertStoredName,
  isStoredName,
  type MediaStorage,
  type StagedFiles,
} from './media-storage';

const stagingFolder = '.staging';

/**
 * Media on the local disk under `root` (DATA_DIR/media). Files are written to
 * a staging folder on the same file system and renamed into place, so a file
 * appears whole or not at all.
 */
export function createDiskStorage(root: string): MediaStorage {
  const staging = path.join(root, stagingFolder);

  return {
    async stage(files) {
      files.forEach((file) => assertStoredName(file.name));
      await mkdir(staging, { recursive: true });
      const entries = files.map((file) => ({
        temporary: path.join(staging, `${randomUUID()}-${file.name}`),
        final: path.join(root, file.name),
        data: file.data,
      }));
      const staged: StagedFiles = {
        async commit() {
          for (const entry of entries) await rename(entry.temporary, entry.final);
        },
        async discard() {
          await Promise.all(
            entries.flatMap((entry) => [
              rm(entry.temporary, { force: true }),
              rm(entry.final, { force: true }),
            ]),
          );
        },
      };
      try {
        // `wx`: never overwrite; every staged name is new.
        await Promise.all(
          entries.map((entry) => writeFile(entry.temporary, entry.data, { flag: 'wx' })),
        );
      } catch (error) {
        await staged.discard();
        throw error;
      }
      return staged;
    },

    async open(name) {
      if (!isStoredName(name)) return null;
      const file = path.join(root, name);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(names) {
      names.forEach(assertStoredName);
      await Promise.all(names.map((name) => rm(path.join(root, name), { force: true })));
    },

    async sweepAbandoned(olderThanMs = 60 * 60 * 1000) {
      let names: string[];
      try {
        names = await readdir(staging);
      } catch {
        return;
      }
      const cutoff = Date.now() - olderThanMs;
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(staging, name);
          const info = await stat(file).catch(() => null);
          if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
        }),
      );
    },
  };
}
