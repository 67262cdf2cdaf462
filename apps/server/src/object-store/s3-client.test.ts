import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3';
import { createS3Client, S3Error } from './s3-client';

let s3: FakeS3;
beforeEach(async () => {
  s3 = await startFakeS3({ pageSize: 2 });
});
afterEach(() => s3.close());

describe('S3 client', () => {
  it('stores, reads, copies, lists and removes a key with characters S3 escapes', async () => {
    const client = createS3Client(s3.settings);
    const key = 'media/å b+c~(1).png';
    await client.put(key, Buffer.from('bytes'));
    expect(s3.objects.get(key)?.data.toString()).toBe('bytes');
    const found = await client.get(key);
    expect(found?.size).toBe(5);
    expect(await text(found!.stream)).toBe('bytes');
    await client.copy(key, 'media/deeper/kopia.png');
    expect((await client.list('media/')).map((object) => object.key).sort()).toEqual([
      'media/deeper/kopia.png',
      key,
    ]);
    expect((await client.list('media/', true)).map((object) => object.key)).toEqual([key]);
    await client.remove(key);
    expect([...s3.objects.keys()]).toEqual(['media/deeper/kopia.png']);
  });

  it('answers null for a missing object, and removing one is no error', async () => {
    const client = createS3Client(s3.settings);
    expect(await client.get('media/nothing.png')).toBeNull();
    await expect(client.remove('media/nothing.png')).resolves.toBeUndefined();
  });

  it('names the call and the store’s code when the store refuses', async () => {
    const client = createS3Client(s3.settings);
    const copy = client.copy('media/nothing.png', 'media/x.png');
    await expect(copy).rejects.toThrow('S3 CopyObject answered 404 NoSuchKey');
    await expect(copy).rejects.toBeInstanceOf(S3Error);
    const otherBucket = createS3Client({ ...s3.settings, bucket: 'en-annan-hink' });
    await expect(otherBucket.list('')).rejects.toThrow(
      'S3 ListObjectsV2 answered 404 NoSuchBucket',
    );
    const otherKey = createS3Client({ ...s3.settings, accessKeyId: 'another-key' });
    await expect(otherKey.put('media/x.png', Buffer.from('x'))).rejects.toThrow(
      'S3 PutObject answered 403 InvalidAccessKeyId',
    );
    expect(s3.objects.size).toBe(0);
  });
});

describe('S3 client timeouts', () => {
  let slow: ReturnType<typeof createServer>;
  let endpoint: string;
  beforeEach(async () => {
    // Never answers an upload. Sends a download in five parts 200 ms apart, or
    // (stalled.png) its first part only.
    slow = createServer((request, response) => {
      if (request.method !== 'GET') return;
      const parts = ['ab', 'cd', 'ef', 'gh', 'ij'];
      response.writeHead(200, { 'content-length': '10' }).write(parts.shift());
      if (request.url!.includes('stalled')) return;
      const timer = setInterval(() => {
        response.write(parts.shift());
        if (parts.length === 0) {
          clearInterval(timer);
          response.end();
        }
      }, 200);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    slow.closeAllConnections();
    slow.close();
  });

  it('gives up on a store that does not answer within S3_TIMEOUT_MS, retries included', async () => {
    const client = createS3Client({ ...s3.settings, endpoint, timeoutMs: 400 });
    const started = performance.now();
    await expect(client.put('media/x.png', Buffer.from('x'))).rejects.toThrow(
      'S3 PutObject got no answer within 400 ms',
    );
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('lets a body arrive over longer than the timeout, and stops one that falls silent', async () => {
    const client = createS3Client({ ...s3.settings, endpoint, timeoutMs: 400 });
    const slowly = await client.get('media/slow.png');
    expect(await text(slowly!.stream)).toBe('abcdefghij');
    const stalled = await client.get('media/stalled.png');
    await expect(text(stalled!.stream)).rejects.toThrow(/timed out/);
  });
});
