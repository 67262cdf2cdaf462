import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { createS3Client, type S3Client } from '../object-store/s3-client';

/**
 * The portal's file stores as a backup sees them: media (pictures and their
 * sizes) and documents (the built-in repository's files), on disk under
 * DATA_DIR or in the S3 bucket (FILE_STORAGE). Keys are paths relative to the
 * store. Staging areas and half-written files (`.staging/`, `*.tmp`) are not
 * part of a portal's content and are left out.
 */
export interface FileStore {
  name: 'media' | 'documents';
  /** Where it is, for messages: a folder or `s3://bucket/prefix`. */
  where: string;
  list(): Promise<{ key: string; size: number }[]>;
  open(key: string): Promise<{ stream: Readable; size: number }>;
  write(key: string, bytes: Buffer): Promise<void>;
  /** Takes every file away (restore --force). */
  clear(): Promise<void>;
}

const leftOut = (key: string) =>
  key.split('/').some((part) => part.startsWith('.staging')) || key.endsWith('.tmp');

/** A key from an archive may only name a file inside its store. */
export function assertSafeKey(key: string) {
  const parts = key.split('/');
  if (
    !key ||
    key.startsWith('/') ||
    parts.some((part) => part === '' || part === '.' || part === '..')
  )
    throw new Error(`the backup names a file outside its store: ${JSON.stringify(key)}`);
}

function diskStore(name: FileStore['name'], root: string): FileStore {
  async function walk(relative: string): Promise<{ key: string; size: number }[]> {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    const found: { key: string; size: number }[] = [];
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (leftOut(key)) continue;
      if (entry.isDirectory()) found.push(...(await walk(key)));
      else if (entry.isFile()) found.push({ key, size: (await stat(path.join(root, key))).size });
    }
    return found;
  }
  return {
    name,
    where: root,
    list: () => walk(''),
    async open(key) {
      assertSafeKey(key);
      const file = path.join(root, key);
      return { stream: createReadStream(file), size: (await stat(file)).size };
    },
    async write(key, bytes) {
      assertSafeKey(key);
      const target = path.join(root, key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.restore`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async clear() {
      await rm(root, { recursive: true, force: true });
    },
  };
}

function bucketStore(name: FileStore['name'], client: S3Client, bucket: string, prefix: string) {
  const store: FileStore = {
    name,
    where: `s3://${bucket}/${prefix}`,
    async list() {
      const found: { key: string; size: number }[] = [];
      for (const object of await client.list(prefix)) {
        const key = object.key.slice(prefix.length);
        if (!key || leftOut(key)) continue;
        // The listing carries no sizes: each object's comes with its bytes.
        found.push({ key, size: -1 });
      }
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    async open(key) {
      assertSafeKey(key);
      const found = await client.get(`${prefix}${key}`);
      if (!found) throw new Error(`${prefix}${key} went from the bucket during the backup`);
      return found;
    },
    async write(key, bytes) {
      assertSafeKey(key);
      await client.put(`${prefix}${key}`, bytes);
    },
    async clear() {
      for (const object of await client.list(prefix)) await client.remove(object.key);
    },
  };
  return store;
}

/** The configured media and document stores. */
export function fileStoresOf(config: Pick<Config, 'dataDir' | 'documents' | 'fileStorage'>) {
  const storage = config.fileStorage;
  if (storage.kind === 's3') {
    const client = createS3Client(storage.s3);
    return [
      bucketStore('media', client, storage.s3.bucket, `${storage.prefix}media/`),
      bucketStore('documents', client, storage.s3.bucket, `${storage.prefix}documents/`),
    ];
  }
  return [
    diskStore('media', path.join(config.dataDir, 'media')),
    diskStore('documents', config.documents.storageDir),
  ];
}
