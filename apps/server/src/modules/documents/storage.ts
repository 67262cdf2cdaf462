import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where document bytes live; an S3 (or other) store can replace the file system one. */
export interface DocumentStorage {
  /** Stores the bytes completely or not at all, and answers with the key to read them by. */
  put(bytes: Buffer): Promise<string>;
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}

const keyPattern = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** Files under `root`, spread over 256 folders; a key never names a path outside. */
export function fileStorage(root: string): DocumentStorage {
  const pathOf = (key: string) => {
    if (!keyPattern.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(bytes) {
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}`;
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target then renamed: a reader never sees half a file.
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return key;
    },
    async read(key) {
      const file = pathOf(key);
      await stat(file);
      return createReadStream(file);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
