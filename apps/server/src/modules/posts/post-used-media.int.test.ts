import type { PostListItem, PostResponse } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  clientFor,
  createPost,
  postUrl,
  roleCategory,
  type Client,
} from '../../../test/posts-helpers';
import { media } from '../../db/schema';

let t: TestContext;
let school: number;
let teacher: Client;
let pupil: Client;
let pupilElsewhere: Client;

type Stored = { id: number; filename: string };
let photo: Stored;
let banner: Stored;
let animation: Stored;
let leaflet: Stored;

/** A library row as an upload stores it: the original and, for an image, its two webp copies. */
function libraryRow(
  name: string,
  fileType: 'jpeg' | 'png' | 'gif' | 'pdf',
  size: [number, number] | null,
) {
  const base = name.replace(/\.\w+$/, '');
  const copy = (box: number) => {
    const scale = Math.min(1, box / Math.max(...size!));
    return {
      filename: `${base}-${box === 320 ? 'thumb' : 'card'}.webp`,
      width: Math.round(size![0] * scale),
      height: Math.round(size![1] * scale),
    };
  };
  return {
    title: base,
    alt: `Bild ${base}`,
    categoryId: fileType === 'pdf' ? 8 : 2,
    fileType,
    filename: name,
    originalName: `original-${name}`,
    size: 12_345,
    width: size?.[0] ?? null,
    height: size?.[1] ?? null,
    renditions: size ? { thumb: copy(320), card: copy(960) } : null,
  };
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const author = await buildUser(t, { role: 'role_teacher' });
  school = author.school!.id;
  teacher = await clientFor(t, author);
  pupil = await clientFor(t, await buildUser(t, { role: 'role_student', school: author.school }));
  pupilElsewhere = await clientFor(t, await buildUser(t, { role: 'role_student' }));
  const rows = await t.db
    .insert(media)
    .values([
      libraryRow('foto.jpg', 'jpeg', [1200, 630]),
      libraryRow('banderoll.png', 'png', [800, 400]),
      libraryRow('vinkar.gif', 'gif', [400, 300]),
      libraryRow('lapp.pdf', 'pdf', null),
    ])
    .returning({ id: media.id, filename: media.filename });
  [photo, banner, animation, leaflet] = rows as [Stored, Stored, Stored, Stored];
});
afterAll(() => t.close());

const readAs = async (client: Client, slug: string) => {
  const response = await client('GET', `${postUrl}/${slug}`);
  return {
    status: response.statusCode,
    body: response.body,
    post: response.json() as PostResponse,
  };
};

/** A published news item for the pupils of the teacher's school. */
const news = (overrides: Parameters<typeof createPost>[1]) =>
  createPost(teacher, { nodeIds: [school], categoryIds: [roleCategory.student], ...overrides });

describe('the images a post shows, with their sizes (issue 32)', () => {
  it('come with the post for its reader: picture and block images, sized, with their webp copies; no pdf', async () => {
    const post = await news({
      title: 'Med bilder i blocken',
      mediaId: photo.id,
      mediaIds: [leaflet.id],
      content: [
        {
          id: 'bild',
          type: 'image',
          // The editor's picker stores the card copy's address (features/media).
          props: { imgSrc: '/media/vinkar-card.webp', caption: 'Vi vinkar', alt: 'Elever vinkar' },
        },
        {
          id: 'kort',
          type: 'card',
          props: { title: 'Kort', text: '', imgSrc: `/media/${banner.filename}` },
        },
      ],
    });

    const { status, post: read } = await readAs(pupil, post.slug);
    expect(status).toBe(200);
    expect(read.usedMedia).toEqual([
      {
        id: photo.id,
        filename: 'foto.jpg',
        title: 'foto',
        alt: 'Bild foto',
        width: 1200,
        height: 630,
        renditions: {
          thumb: { url: '/media/foto-thumb.webp', width: 320, height: 168 },
          card: { url: '/media/foto-card.webp', width: 960, height: 504 },
        },
      },
      expect.objectContaining({ id: banner.id, width: 800, height: 400 }),
      expect.objectContaining({
        id: animation.id,
        filename: 'vinkar.gif',
        renditions: {
          thumb: { url: '/media/vinkar-thumb.webp', width: 320, height: 240 },
          card: { url: '/media/vinkar-card.webp', width: 400, height: 300 },
        },
      }),
    ]);
    // What the library keeps to itself stays there: no original name, size, category or usage.
    for (const item of read.usedMedia!) {
      expect(Object.keys(item).sort()).toEqual(
        ['alt', 'filename', 'height', 'id', 'renditions', 'title', 'width'].sort(),
      );
    }
    expect(read.media).toMatchObject({
      id: photo.id,
      width: 1200,
      height: 630,
      renditions: { card: { url: '/media/foto-card.webp' } },
    });
    // A pdf in the gallery is listed there, with no size to reserve.
    expect(read.medias).toEqual([
      expect.objectContaining({ id: leaflet.id, width: null, height: null, renditions: null }),
    ]);
  });

  it('follows the post as it changes, and is empty for a post without images', async () => {
    const post = await news({
      title: 'Bara text först',
      content: [{ id: 'text', type: 'html', props: { html: '<p>Ingen bild här.</p>' } }],
    });
    expect((await readAs(pupil, post.slug)).post.usedMedia).toEqual([]);

    const edited = await teacher('PUT', `${postUrl}/${post.id}`, {
      type: 'news',
      title: 'Bara text först',
      nodeIds: [school],
      categoryIds: [roleCategory.student],
      content: [
        {
          id: 'bild',
          type: 'image',
          props: { imgSrc: `/media/${banner.filename}`, caption: '', alt: 'En banderoll' },
        },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = (await readAs(pupil, post.slug)).post;
    expect(read.usedMedia!.map((item) => item.id)).toEqual([banner.id]);
  });

  it('goes no further than the post: hidden from those it does not reach, and never in lists', async () => {
    const post = await news({
      title: 'Bara för skolan',
      content: [
        {
          id: 'bild',
          type: 'image',
          props: { imgSrc: `/media/${photo.filename}`, caption: '', alt: 'Skolgården' },
        },
      ],
    });
    const outside = await readAs(pupilElsewhere, post.slug);
    expect(outside.status).toBe(404);
    expect(outside.body).not.toContain('foto');

    const list = await pupil('POST', '/api/core/v1/GetPosts', { perPage: 100 });
    const items = list.json() as (PostListItem & { usedMedia?: unknown })[];
    const listed = items.find((item) => item.id === post.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('usedMedia');
  });
});
