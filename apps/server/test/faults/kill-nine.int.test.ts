import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/client';
import { rowsOf } from '../../src/db/raw-rows';
import { signInOverHttp, startServer, waitUntil, type ServerProcess } from './server-process';

/**
 * `kill -9` of the server in the middle of writes (favourites and media
 * uploads): after a restart every write that was answered 2xx is there,
 * every media row has its files, and no stored file lacks its row. Runs on
 * a PGlite data directory, and on a PostgreSQL database in the suite's
 * PostgreSQL pass.
 */
const backend = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-kill-'));
let databaseUrl: string | undefined;
let adminUrl: string | undefined;
let databaseName: string | undefined;

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl && databaseName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
});

async function environment(): Promise<Record<string, string>> {
  if (backend === 'pglite') return { DATA_DIR: dataDir };
  adminUrl = process.env.TEST_DATABASE_URL!;
  databaseName = `skolportalen_kill_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
}

async function openDatabase(): Promise<DatabaseHandle> {
  return backend === 'pglite'
    ? createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') })
    : createDatabase({ kind: 'postgres', url: databaseUrl!, poolSize: 1 });
}

const png = (n: number) =>
  sharp({
    create: {
      width: 240,
      height: 200,
      channels: 3,
      background: { r: n % 256, g: Math.floor(n / 256) % 256, b: 77 },
    },
  })
    .png()
    .toBuffer();

interface Acknowledged {
  favorites: { id: number; name: string; owner: string }[];
  media: { id: number; filename: string }[];
}

function hammer(server: ServerProcess, cookies: Record<string, string>, acked: Acknowledged) {
  let stopped = false;
  let sent = 0;
  let counter = 0;
  const refusals: string[] = [];
  const favouriteWorker = (owner: string, worker: number) => async () => {
    const name = `krasch-${worker}-${(counter += 1)}`;
    sent += 1;
    const response = await fetch(`${server.url}/api/core/v1/favorite`, {
      method: 'POST',
      // A browser names the page's origin with every write (issue 20 F9).
      headers: {
        cookie: cookies[owner]!,
        origin: server.url,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name, url: `https://exempelby.se/${name}` }),
    });
    if (response.status === 201)
      acked.favorites.push({ id: ((await response.json()) as { id: number }).id, name, owner });
    else refusals.push(`favourite ${response.status} ${await response.text()}`);
  };
  const mediaWorker = (owner: string) => async () => {
    const n = (counter += 1);
    const form = new FormData();
    form.append('title', `Krasch ${n}`);
    form.append('description', `Bild nummer ${n} i krasch-testet`);
    form.append('file', new Blob([await png(n)], { type: 'image/png' }), `krasch-${n}.png`);
    sent += 1;
    const response = await fetch(`${server.url}/api/core/v1/media`, {
      method: 'POST',
      headers: { cookie: cookies[owner]!, origin: server.url },
      body: form,
    });
    if (response.status === 201) {
      const body = (await response.json()) as { id: number; filename: string };
      acked.media.push({ id: body.id, filename: body.filename });
    } else refusals.push(`upload ${response.status} ${await response.text()}`);
  };
  const work = [
    favouriteWorker('johan.berg', 1),
    favouriteWorker('elsa.nilsson', 2),
    favouriteWorker('karin.nilsson', 3),
    mediaWorker('eva.andersson'),
    mediaWorker('sven.svensson'),
  ];
  const running = work.map(async (step) => {
    while (!stopped) await step().catch(() => undefined);
  });
  return {
    sent: () => sent,
    refusals,
    stop: async () => {
      stopped = true;
      await Promise.allSettled(running);
    },
  };
}

describe(`kill -9 of the server during writes (${backend})`, () => {
  it('loses no acknowledged write and leaves no partial record or orphan file', async () => {
    const env = await environment();
    let server = await startServer(env);
    const users = ['johan.berg', 'elsa.nilsson', 'karin.nilsson', 'eva.andersson', 'sven.svensson'];
    const cookies: Record<string, string> = {};
    for (const username of users) cookies[username] = await signInOverHttp(server.url, username);

    const acked: Acknowledged = { favorites: [], media: [] };
    const load = hammer(server, cookies, acked);
    await waitUntil(
      async () => acked.favorites.length >= 40 && acked.media.length >= 10,
      120_000,
      () => {
        if (load.refusals.length > 0)
          throw new Error(`refused: ${load.refusals.slice(0, 3).join('; ')}`);
      },
    );
    // Killed with requests in flight on every worker.
    await server.kill();
    await load.stop();
    const sent = load.sent();

    server = await startServer(env);
    try {
      // Over HTTP: each acknowledged favourite is in its owner's list, each image answers with its file.
      for (const username of ['johan.berg', 'elsa.nilsson', 'karin.nilsson']) {
        const cookie = await signInOverHttp(server.url, username);
        const list = (await (
          await fetch(`${server.url}/api/core/v1/favorite`, { headers: { cookie } })
        ).json()) as { id: number; name: string }[];
        const ids = new Set(list.map((favourite) => favourite.id));
        const missing = acked.favorites.filter((f) => f.owner === username && !ids.has(f.id));
        expect(missing, `favourites of ${username} lost`).toEqual([]);
      }
      for (const item of acked.media) {
        const file = await fetch(`${server.url}/media/${item.filename}`);
        expect(file.status, `media ${item.id} ${item.filename}`).toBe(200);
      }
    } finally {
      await server.stop();
    }

    // In the database and on disk: rows and files agree exactly.
    const database = await openDatabase();
    try {
      const favourites = await rowsOf<{ id: number }>(
        database.db,
        sql`select id from favorites where name like 'krasch-%'`,
      );
      const media = await rowsOf<{
        id: number;
        filename: string;
        renditions: Record<string, { filename: string }> | null;
      }>(database.db, sql`select id, filename, renditions from media`);
      const favouriteIds = new Set(favourites.map((row) => row.id));
      expect(acked.favorites.filter((f) => !favouriteIds.has(f.id))).toEqual([]);
      const mediaIds = new Set(media.map((row) => row.id));
      expect(acked.media.filter((m) => !mediaIds.has(m.id))).toEqual([]);

      const mediaDir = path.join(dataDir, 'media');
      const onDisk = new Set(
        readdirSync(mediaDir).filter((name) => statSync(path.join(mediaDir, name)).isFile()),
      );
      const referenced = new Set(
        media.flatMap((row) => [
          row.filename,
          ...Object.values(row.renditions ?? {}).map((r) => r.filename),
        ]),
      );
      const partial = [...referenced].filter((name) => !onDisk.has(name));
      const orphans = [...onDisk].filter((name) => !referenced.has(name));
      expect(partial, 'media rows without their files').toEqual([]);
      expect(orphans, 'stored files without a media row').toEqual([]);
      process.stdout.write(
        `kill -9 (${backend}): ${sent} writes sent, ${acked.favorites.length} favourites and ` +
          `${acked.media.length} uploads acknowledged, all found; ${favourites.length} favourites and ` +
          `${media.length} media rows in the database, ${onDisk.size} files, 0 partial, 0 orphans\n`,
      );
    } finally {
      await database.close();
    }
  }, 600_000);
});
