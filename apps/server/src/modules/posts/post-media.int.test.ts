import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, postUrl, type Client } from '../../../test/posts-helpers';
import { media, mediaUsages } from '../../db/schema';

let t: TestContext;
/** The teacher's school: a teacher aims at her own school (decision 0028). */
let school: number;
let teacher: Client;
let admin: Client;
let picture: { id: number; filename: string };
let icon: { id: number; filename: string };
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const author = await buildUser(t, { role: 'role_teacher' });
  teacher = await clientFor(t, author);
  school = author.school!.id;
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  const rows = await t.db
    .insert(media)
    .values(
      ['skolgard.jpg', 'ikon.png'].map((filename, index) => ({
        title: index === 0 ? 'Skolgård' : 'Ikon',
        alt: 'En bild för testerna',
        categoryId: index === 0 ? 2 : 7,
        fileType: index === 0 ? ('jpeg' as const) : ('png' as const),
        filename,
        originalName: filename,
        size: 1000,
        width: 800,
        height: 600,
      })),
    )
    .returning({ id: media.id, filename: media.filename });
  [picture, icon] = rows as [typeof picture, typeof icon];
});
afterAll(() => t.close());

const usagesOf = (mediaId: number) =>
  t.db
    .select({ entityId: mediaUsages.entityId })
    .from(mediaUsages)
    .where(and(eq(mediaUsages.mediaId, mediaId), eq(mediaUsages.entityType, 'post')));

describe('media a post shows (decision 0005)', () => {
  it('registers the picture, the gallery and library images in blocks, and keeps them from deletion', async () => {
    const post = await createPost(teacher, {
      nodeIds: [school],
      title: 'Med bilder',
      mediaId: picture.id,
      content: [
        {
          id: 'r',
          type: 'row',
          children: [
            {
              id: 'c',
              type: 'col',
              props: { cols: 6 },
              children: [
                {
                  id: 'i',
                  type: 'image',
                  props: {
                    imgSrc: `/media/${icon.filename}`,
                    caption: 'Ikon',
                    alt: 'Skolans ikon',
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(post.media).toMatchObject({ id: picture.id, filename: picture.filename });
    expect(await usagesOf(picture.id)).toEqual([{ entityId: String(post.id) }]);
    expect(await usagesOf(icon.id)).toEqual([{ entityId: String(post.id) }]);

    const refused = await admin('DELETE', `/api/core/v1/media/${picture.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Mediet används av 1 inlägg och kan inte tas bort. Ta bort det därifrån först.',
    );

    // Taking the picture out of the post frees it; the block image stays in use.
    const edited = await teacher('PUT', `${postUrl}/${post.id}`, {
      type: 'news',
      title: 'Med bilder',
      nodeIds: [school],
      categoryIds: [3],
      mediaIds: [icon.id],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ mediaId: null, mediaIds: [icon.id] });
    expect(await usagesOf(picture.id)).toEqual([]);
    expect(await usagesOf(icon.id)).toEqual([{ entityId: String(post.id) }]);

    // Trash keeps the usage; deleting for good releases it.
    await teacher('DELETE', `${postUrl}/${post.id}`);
    expect(await usagesOf(icon.id)).toHaveLength(1);
    await teacher('DELETE', `${postUrl}/${post.id}`);
    expect(await usagesOf(icon.id)).toEqual([]);
  });
});
