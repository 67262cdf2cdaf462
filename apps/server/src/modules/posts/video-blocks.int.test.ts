import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, postUrl, postBody, type Client } from '../../../test/posts-helpers';
import { posts } from '../../db/schema';

/** Video blocks frame only players of the allowed services (issue 20 F7, VIDEO_EMBED_HOSTS). */
let t: TestContext;
let custom: TestContext;
let author: Client;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  custom = await createTestApp({
    env: { VIDEO_EMBED_HOSTS: 'https://play.kommunen.example, https://player.vimeo.com' },
    demo: false,
  });
  // An administrator may aim at the whole municipality, as postBody does (decision 0028).
  author = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
}, 240_000);
afterAll(async () => {
  await Promise.all([t?.close(), custom?.close()]);
});

const video = (videoSrc: string) => [{ id: 'v', type: 'video' as const, props: { videoSrc } }];
const refusal =
  'Videon måste komma från en tillåten videotjänst: youtube-nocookie.com, player.vimeo.com';

describe('video blocks', () => {
  it('refuses to save a video from a service not on the list, with a Swedish message, writing nothing', async () => {
    const before = (await t.db.select({ id: posts.id }).from(posts)).length;
    for (const videoSrc of [
      'https://angripare.example/falsk-inloggning',
      'https://www.youtube.com.angripare.example/watch?v=x',
    ]) {
      const response = await author('POST', postUrl, postBody({ content: video(videoSrc) }));
      expect(response.statusCode, videoSrc).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'content', message: refusal }]);
    }
    expect((await t.db.select({ id: posts.id }).from(posts)).length).toBe(before);
  });

  it('saves videos of the allowed services, as pasted from the browser', async () => {
    for (const videoSrc of [
      'https://www.youtube.com/watch?v=abc123',
      'https://youtu.be/abc123',
      'https://vimeo.com/12345',
      'https://www.youtube-nocookie.com/embed/abc123',
    ])
      await createPost(author, { title: videoSrc, content: video(videoSrc) });
  });

  it('refuses the same in the page builder, keeping the stored version', async () => {
    const post = await createPost(author, { title: 'Med video' });
    const url = `/api/core/v1/editor/${post.id}`;
    const response = await author('PUT', url, {
      version: 1,
      content: video('https://angripare.example/spelare'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'content', message: refusal }]);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.version).toBe(1);
  });

  it('tells the browser the allowed services, and frames nothing else (CSP frame-src)', async () => {
    const config = await t.app.inject({ url: '/api/portal-service/v1/video/config' });
    expect(config.json()).toEqual({
      embedOrigins: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
    });
    const csp = String(config.headers['content-security-policy']);
    expect(csp).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com;",
    );
  });

  it('follows VIDEO_EMBED_HOSTS', async () => {
    const config = await custom.app.inject({ url: '/api/portal-service/v1/video/config' });
    expect(config.json()).toEqual({
      embedOrigins: ['https://play.kommunen.example', 'https://player.vimeo.com'],
    });
    expect(String(config.headers['content-security-policy'])).toContain(
      "frame-src 'self' https://play.kommunen.example https://player.vimeo.com;",
    );
    expect(String(config.headers['permissions-policy'])).toContain(
      'fullscreen=(self "https://play.kommunen.example" "https://player.vimeo.com")',
    );
  });
});
