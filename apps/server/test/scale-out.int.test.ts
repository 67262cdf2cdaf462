import { randomBytes } from 'node:crypto';
import { ids } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { ensureBaseData } from '../src/db/seed/base-data';
import { buildUser, fullName, signIn, type TestUser } from './factories';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { cookieHeaderFrom, createTestApp, injectAsTheBrowser, testConfig } from './harness';
import { pngImage } from './media-samples';
import { roleCategory } from './tools-helpers';
import { uploadForm } from './multipart';

/**
 * Two portal instances on one PostgreSQL database, one Redis and one
 * S3-compatible bucket, as behind a load balancer. Runs with the PostgreSQL pass of the suite when Redis is there.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(serverUrl) && Boolean(redisUrl);

describe.runIf(enabled)('two instances behind a load balancer', () => {
  const name = `skolportalen_scale_${randomBytes(5).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const namespace = randomBytes(4).toString('hex');
  let s3: FakeS3;
  /** The accounts the instances share: each test signs in as a different one. */
  let administrator: TestUser;
  let teacher: TestUser;
  let guesser: TestUser;
  let writer: TestUser;

  beforeAll(async () => {
    s3 = await startFakeS3();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i += 1) {
      const database = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
      // Both instances migrate at start, at the same moment, as after a deploy.
      handles.push(database);
    }
    await Promise.all(handles.map((handle) => handle.migrate()));
    await ensureBaseData(handles[0]!.db);
    const shared = { db: handles[0]!.db };
    administrator = await buildUser(shared, { role: 'role_admin' });
    teacher = await buildUser(shared);
    // The teacher's other account, as a guardian, to switch to on the other instance.
    await buildUser(shared, { role: 'role_caretaker', samePersonAs: teacher });
    guesser = await buildUser(shared, { role: 'role_student' });
    writer = await buildUser(shared);
    for (const database of handles) {
      const app = await buildApp({
        config: testConfig({
          REDIS_URL: redisUrl!,
          LOGIN_RATE_LIMIT_MAX: '3',
          ...s3.env,
          WRITE_RATE_LIMIT_PER_MINUTE: '4',
        }),
        database,
        logger: false,
      });
      app.get('/api/test/cache/:key', async (request) => {
        const key = `${namespace}:${(request.params as { key: string }).key}`;
        return { value: (await app.cache.get(key)) ?? null };
      });
      app.put('/api/test/cache/:key', async (request) => {
        await app.cache.set(
          `${namespace}:${(request.params as { key: string }).key}`,
          request.body,
          60_000,
        );
        return { ok: true };
      });
      app.delete('/api/test/cache/:key', async (request) => {
        await app.cache.delete(`${namespace}:${(request.params as { key: string }).key}`);
        return { ok: true };
      });
      injectAsTheBrowser(app);
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys('skolportalen:rate-limit:*');
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await s3.close();
  });

  it('a picture uploaded through one instance is served by the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const cookie = await signIn(a, administrator);
    const data = await pngImage(800, 600);
    const form = uploadForm({ fileName: 'Skolgård.png', data, contentType: 'image/png' });
    const uploaded = await a.inject({
      method: 'POST',
      url: '/api/core/v1/media',
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const served = await b.inject({ url: uploaded.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
  });

  it('a session started on one instance continues on the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const cookie = await signIn(a, teacher);
    const me = await b.inject({ url: '/api/core/v1/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().name).toBe(fullName(teacher));
    const switched = await b.inject({
      method: 'POST',
      url: `/api/portal-service/v1/user/related/${(await b.inject({ url: '/api/portal-service/v1/user/related', headers: { cookie } })).json()[1].id}/token`,
      headers: { cookie },
    });
    const asGuardian = cookieHeaderFrom(switched.cookies, cookie);
    expect(
      (await a.inject({ url: '/api/core/v1/user', headers: { cookie: asGuardian } })).json()
        .roles[0].key,
    ).toBe('role_caretaker');
  });

  it('a rate limit counts across both instances', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/core/v1/user/login',
        payload: { username: guesser.username, password: 'gissning' },
      });
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await attempt(app)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('the write limit per account counts across both instances', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const cookie = await signIn(a, writer);
    const write = (app: FastifyInstance) =>
      app.inject({
        method: 'PUT',
        url: '/api/core/v1/user/interests',
        headers: { cookie },
        payload: { nodeIds: [] },
      });
    const statuses = [];
    for (const app of [a, b, a, b, a]) statuses.push((await write(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('a post written through one instance is in the other’s lists and counts at once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const cookie = await signIn(a, administrator);
    const list = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/core/v1/GetPostsAll',
        headers: { cookie },
        payload: { perPage: 5, sort: 'created DESC' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return {
        total: Number(response.headers['x-pagination-total']),
        titles: (response.json() as { title: string }[]).map((post) => post.title),
      };
    };
    const before = await list(b);
    const created = await a.inject({
      method: 'POST',
      url: '/api/core/v1/post',
      headers: { cookie },
      payload: {
        type: 'news',
        title: 'Skriven på den andra instansen',
        excerpt: 'Syns direkt överallt.',
        nodeIds: [1],
        categoryIds: [3],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await list(b);
    expect(after.total).toBe(before.total + 1);
    expect(after.titles).toContain('Skriven på den andra instansen');
  });

  it('a post naming a reader, written on one instance, is in the reader’s list on the other at once; neither asks Redis whether posts are the reader’s own', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const reader = await buildUser({ db: handles[0]!.db }, { role: 'role_student' });
    const readerCookie = await signIn(a, reader);
    const list = async () => {
      const response = await a.inject({
        method: 'POST',
        url: '/api/core/v1/GetPosts',
        headers: { cookie: readerCookie },
        payload: { perPage: 5 },
      });
      expect(response.statusCode, response.body).toBe(200);
      return {
        total: Number(response.headers['x-pagination-total']),
        titles: (response.json() as { title: string }[]).map((post) => post.title),
      };
    };
    const before = await list();
    const created = await b.inject({
      method: 'POST',
      url: '/api/core/v1/post',
      headers: { cookie: await signIn(b, administrator) },
      payload: {
        type: 'news',
        title: 'Bara till en elev',
        excerpt: 'Når en enda elev.',
        // For the municipality's teachers, and the one pupil by name.
        nodeIds: [ids.municipalityNodeId],
        categoryIds: [roleCategory.teacher],
        userIds: [reader.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.titles).toContain('Bara till en elev');
    // Kept per instance under the content counter: a first page asks Redis nothing for it.
    const redis = new Redis(redisUrl!);
    try {
      expect(await redis.keys('skolportalen:posts:own:*')).toEqual([]);
    } finally {
      await redis.quit();
    }
  });

  it('a cache entry removed on one instance is gone on the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    await a.inject({
      method: 'PUT',
      url: '/api/test/cache/tools-list',
      payload: { tools: [1, 2, 3] },
    });
    expect((await b.inject({ url: '/api/test/cache/tools-list' })).json()).toEqual({
      value: { tools: [1, 2, 3] },
    });
    await b.inject({ method: 'DELETE', url: '/api/test/cache/tools-list' });
    expect((await a.inject({ url: '/api/test/cache/tools-list' })).json()).toEqual({ value: null });
  });
});

describe('draining', () => {
  // Starting an app takes most of a test's time on a busy machine: it belongs in the hook.
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });

  it('/ready answers 503 once the instance is shutting down', async () => {
    expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(200);
    t.app.lifecycle.draining = true;
    const draining = await t.app.inject({ url: '/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json().status).toBe('draining');
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
    await t.close();
  });
});
