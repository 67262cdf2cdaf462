import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertStoredName,
  isStoredName,
  type MediaStorage,
  type StagedFiles,
} from './media-storage';

const stagingFolder = '.staging';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

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
          for (const entry of entries) {
            try {
              await rename(entry.temporary, entry.final);
            } catch (error) {
              // Another instance recovering after a crash may have moved it already.
              if (!(await exists(entry.final))) throw error;
            }
          }
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

    async recover(referenced) {
      const report = { movedIntoPlace: 0, removed: 0 };
      const stagedNames = (await readdir(staging).catch(() => [] as string[]))
        .map((temporary) => ({ temporary, name: temporary.replace(/^[0-9a-f-]{36}-/, '') }))
        .filter((entry) => isStoredName(entry.name));
      const stored = (await readdir(root, { withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile() && isStoredName(entry.name))
        .map((entry) => entry.name);
      const held = await referenced([...new Set([...stagedNames.map((e) => e.name), ...stored])]);
      for (const entry of stagedNames) {
        if (!held.has(entry.name)) continue;
        const final = path.join(root, entry.name);
        if (await exists(final)) await rm(path.join(staging, entry.temporary), { force: true });
        else await rename(path.join(staging, entry.temporary), final);
        report.movedIntoPlace += 1;
      }
      for (const name of stored) {
        if (held.has(name)) continue;
        await rm(path.join(root, name), { force: true });
        report.removed += 1;
      }
      return report;
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
