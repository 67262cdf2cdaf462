import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import { createS3Client, type S3Client } from '../../object-store/s3-client';

/** Where document bytes live: the file system, or an S3-compatible bucket (FILE_STORAGE). */
export interface DocumentStorage {
  /** Stores the bytes completely or not at all, and answers with the key to read them by. */
  put(bytes: Buffer): Promise<string>;
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}

const keyPattern = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

const checked = (key: string) => {
  if (!keyPattern.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
};

const newKey = () => {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
};

/** The configured store: DATA_DIR/documents, or `<S3_PREFIX>documents/` in the bucket. */
export function createDocumentStorage(
  config: Pick<Config, 'documents' | 'fileStorage'>,
): DocumentStorage {
  const storage = config.fileStorage;
  if (storage.kind === 's3')
    return objectStorage(createS3Client(storage.s3), `${storage.prefix}documents/`);
  return fileStorage(config.documents.storageDir);
}

/** Objects under `prefix` in an S3-compatible bucket; a PUT is whole or not at all. */
export function objectStorage(client: S3Client, prefix: string): DocumentStorage {
  return {
    async put(bytes) {
      const key = newKey();
      await client.put(`${prefix}${key}`, bytes);
      return key;
    },
    async read(key) {
      const found = await client.get(`${prefix}${checked(key)}`);
      if (!found) throw Object.assign(new Error(`no stored document ${key}`), { code: 'ENOENT' });
      return found.stream;
    },
    async remove(key) {
      await client.remove(`${prefix}${checked(key)}`);
    },
  };
}

/** Files under `root`, spread over 256 folders; a key never names a path outside. */
export function fileStorage(root: string): DocumentStorage {
  const pathOf = (key: string) => path.join(root, checked(key));
  return {
    async put(bytes) {
      const key = newKey();
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
