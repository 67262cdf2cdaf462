import { randomUUID } from 'node:crypto';
import type { S3Client } from '../object-store/s3-client';
import {
  assertStoredName,
  isStoredName,
  type MediaStorage,
  type StagedFiles,
} from './media-storage';

/**
 * Media in an S3-compatible bucket under `prefix` (e.g. `media/`). Staging
 * is an upload under `prefix.staging/`; commit copies each file to its name
 * and deletes the staged copy, so a file appears whole or not at all, as on
 * disk. Every instance behind the load balancer sees the same files.
 */
export function createS3Storage(client: S3Client, prefix: string): MediaStorage {
  const stagingPrefix = `${prefix}.staging/`;
  const keyOf = (name: string) => `${prefix}${name}`;

  return {
    async stage(files) {
      files.forEach((file) => assertStoredName(file.name));
      const entries = files.map((file) => ({
        temporary: `${stagingPrefix}${randomUUID()}-${file.name}`,
        final: keyOf(file.name),
        data: file.data,
      }));
      const staged: StagedFiles = {
        async commit() {
          for (const entry of entries) {
            try {
              await client.copy(entry.temporary, entry.final);
            } catch (error) {
              // Another instance recovering after a crash may have moved it already.
              if (!(await client.get(entry.final).then(drain))) throw error;
            }
            await client.remove(entry.temporary);
          }
        },
        async discard() {
          await Promise.all(
            entries.flatMap((entry) => [
              client.remove(entry.temporary),
              client.remove(entry.final),
            ]),
          );
        },
      };
      try {
        await Promise.all(entries.map((entry) => client.put(entry.temporary, entry.data)));
      } catch (error) {
        await staged.discard().catch(() => undefined);
        throw error;
      }
      return staged;
    },

    async open(name) {
      if (!isStoredName(name)) return null;
      return client.get(keyOf(name));
    },

    async remove(names) {
      names.forEach(assertStoredName);
      await Promise.all(names.map((name) => client.remove(keyOf(name))));
    },

    async recover(referenced) {
      const report = { movedIntoPlace: 0, removed: 0 };
      const stagedNames = (await client.list(stagingPrefix))
        .map((object) => ({
          key: object.key,
          name: object.key.slice(stagingPrefix.length).replace(/^[0-9a-f-]{36}-/, ''),
        }))
        .filter((entry) => isStoredName(entry.name));
      const stored = (await client.list(prefix, true))
        .map((object) => object.key.slice(prefix.length))
        .filter(isStoredName);
      const held = await referenced([...new Set([...stagedNames.map((e) => e.name), ...stored])]);
      for (const entry of stagedNames) {
        if (!held.has(entry.name)) continue;
        if (!stored.includes(entry.name)) await client.copy(entry.key, keyOf(entry.name));
        await client.remove(entry.key);
        report.movedIntoPlace += 1;
      }
      for (const name of stored) {
        if (held.has(name)) continue;
        await client.remove(keyOf(name));
        report.removed += 1;
      }
      return report;
    },

    async sweepAbandoned(olderThanMs = 60 * 60 * 1000) {
      const cutoff = Date.now() - olderThanMs;
      const old = (await client.list(stagingPrefix)).filter(
        (object) => object.lastModified.getTime() < cutoff,
      );
      await Promise.all(old.map((object) => client.remove(object.key)));
    },
  };
}

/** Whether a read found the object; its stream is not needed. */
function drain(found: { stream: NodeJS.ReadableStream } | null) {
  if (!found) return false;
  found.stream.resume();
  return true;
}
