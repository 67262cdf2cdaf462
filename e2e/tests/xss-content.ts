import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ids, limits } from '@skolportalen/shared';
import { xssVectors } from '../../apps/server/test/xss-vectors';
import { missingTexts } from './xss-tripwire';

/**
 * Puts the corpus into the portal through its API, field by field, and keeps
 * count: how many vectors each field was sent, how many it stored, and, for
 * plain-text fields, which stored values a page was later seen to show.
 */
export class Tally {
  private readonly fields = new Map<
    string,
    { sent: number; stored: number; shown: Set<string>; seen: Set<string> }
  >();

  private field(name: string) {
    let entry = this.fields.get(name);
    if (!entry) {
      entry = { sent: 0, stored: 0, shown: new Set(), seen: new Set() };
      this.fields.set(name, entry);
    }
    return entry;
  }

  count(name: string, stored: boolean, times = 1) {
    const entry = this.field(name);
    entry.sent += times;
    if (stored) entry.stored += times;
  }

  /** These stored texts must turn up, as text or in an alt/title/label, on some page. */
  expectShown(name: string, texts: readonly string[]) {
    for (const text of texts) this.field(name).shown.add(text);
  }

  /**
   * Notes which of the fields' expected texts the current page shows. A page
   * renders after its data arrives, so it looks again until what it finds
   * stops growing.
   */
  async look(page: Page, names: readonly string[]) {
    const pending = names.map((name) => {
      const entry = this.field(name);
      return { entry, texts: [...entry.shown].filter((text) => !entry.seen.has(text)) };
    });
    const wanted = pending.flatMap(({ texts }) => texts);
    let found = -1;
    for (let tries = 0; tries < 15; tries += 1) {
      const missing = new Set(await missingTexts(page, wanted));
      for (const { entry, texts } of pending)
        for (const text of texts) if (!missing.has(text)) entry.seen.add(text);
      const now = wanted.length - missing.size;
      if (missing.size === 0 || (now > 0 && now === found)) return;
      found = now;
      await page.waitForTimeout(400);
    }
  }

  neverShown(): string[] {
    return [...this.fields].flatMap(([name, entry]) =>
      [...entry.shown].filter((text) => !entry.seen.has(text)).map((text) => `${name}: ${text}`),
    );
  }

  get size() {
    return this.fields.size;
  }

  lines(): string[] {
    return [...this.fields].map(([name, entry]) => {
      const shown = entry.shown.size ? `, shown ${entry.seen.size}/${entry.shown.size}` : '';
      return `${name}: sent ${entry.sent}, stored ${entry.stored}${shown}`;
    });
  }
}

export const fits = (vector: string, max: number, min = 1) =>
  vector.trim().length >= min && vector.trim().length <= max;
export const fitting = (max: number, min = 1) =>
  xssVectors.filter((vector) => fits(vector, max, min));

/** Runs the jobs six at a time: quick, without flooding the server. */
export async function inParallel<T>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

export interface Audience {
  nodeIds: number[];
  categoryIds: number[];
}

function block(id: string, type: string, props: object, children: object[] = []) {
  return { id, type, version: 1, props, children };
}

/** Media items: one per alt text, titles taken in turn. Returns one item's address. */
export async function uploadMedia(api: APIRequestContext, png: Buffer, tally: Tally) {
  const titles = fitting(limits.mediaTitleMax);
  const alts = fitting(limits.mediaAltMax, limits.mediaAltMin);
  let address = '';
  await inParallel(alts, async (alt, index) => {
    const response = await api.post('/api/core/v1/media', {
      multipart: {
        file: { name: 'bild.png', mimeType: 'image/png', buffer: png },
        title: titles[index % titles.length]!,
        description: alt,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    if (index < titles.length) tally.count('media title', true);
    tally.count('media alt', true);
    address ||= `/media/${((await response.json()) as { filename: string }).filename}`;
  });
  tally.expectShown('media title', titles);
  tally.expectShown('media alt', alts);
  return address;
}

/**
 * Posts whose page-builder content carries every vector in an html block, a
 * card (title, rich text, button), a heading, an image (caption, alt) and a
 * table row; with blurbs, info links and a contact. Returns their ids and addresses.
 */
export async function createContentPosts(
  api: APIRequestContext,
  audience: Audience,
  picture: string,
  tally: Tally,
) {
  const perPost = 38;
  const posts: { id: number; url: string }[] = [];
  for (let start = 0; start < xssVectors.length; start += perPost) {
    const vectors = xssVectors.slice(start, start + perPost);
    const inBlocks = vectors.flatMap((vector, index) => [
      block(`h${index}`, 'html', { html: vector }),
      block(`c${index}`, 'card', {
        title: vector,
        text: vector,
        buttonLabel: fits(vector, 100) ? vector : 'Läs mer',
        buttonUrl: 'https://exempelby.se/',
      }),
      block(`r${index}`, 'heading', { text: vector, size: 3 }),
      block(`i${index}`, 'image', {
        imgSrc: picture,
        caption: vector,
        alt: fits(vector, 200) ? vector : 'Bild',
      }),
    ]);
    const caption = vectors.find((vector) => fits(vector, 200)) ?? '';
    const table = block('t', 'table', { caption }, [
      block('th', 'table-heading', { headings: vectors.slice(0, 3).join(' | ') }),
      ...vectors.map((vector, index) => block(`tr${index}`, 'table-row', { items: vector })),
    ]);
    const blurbs = vectors.slice(0, 20).map((vector, index) => ({
      title: fits(vectors[index + 20] ?? '', limits.blurbTitleMax) ? vectors[index + 20]! : '',
      text: fits(vector, limits.blurbTextMax) ? vector : '',
    }));
    const info = vectors
      .filter((vector) => fits(vector, limits.infoTitleMax))
      .slice(0, 20)
      .map((title) => ({ title, url: 'https://exempelby.se/info', openInNewWindow: false }));
    const short = vectors.filter((vector) => fits(vector, 128));
    const contact = {
      name: short[0] ?? null,
      title: short[1] ?? null,
      email: 'kontakt@exempelby.se',
      phone: vectors.find((vector) => fits(vector, 40)) ?? null,
    };
    const response = await api.post('/api/core/v1/post', {
      data: {
        type: 'news',
        title: `Innehållsprov ${posts.length + 1}`,
        ...audience,
        content: [...inBlocks, table],
        blurbs,
        info,
        contact,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    posts.push((await response.json()) as { id: number; url: string });

    for (const field of ['html block', 'card text', 'card title', 'heading', 'image caption'])
      tally.count(field, true, vectors.length);
    tally.count('table row', true, vectors.length);
    tally.count('table caption', true, caption ? 1 : 0);
    tally.count('card button', true, vectors.filter((vector) => fits(vector, 100)).length);
    tally.count('image alt', true, vectors.filter((vector) => fits(vector, 200)).length);
    tally.count(
      'blurb',
      true,
      blurbs.filter((b) => b.text).length + blurbs.filter((b) => b.title).length,
    );
    tally.count('info link title', true, info.length);
    tally.count(
      'contact',
      true,
      [contact.name, contact.title, contact.phone].filter(Boolean).length,
    );
    tally.expectShown('heading', vectors);
    tally.expectShown('card title', vectors);
    tally.expectShown('image caption', vectors);
    tally.expectShown('table row', vectors);
    tally.expectShown(
      'blurb',
      blurbs.flatMap((b) => [b.title, b.text]).filter((text) => text),
    );
    tally.expectShown(
      'info link title',
      info.map((link) => link.title),
    );
  }
  return posts;
}

/** One post per vector: the vector as title and as excerpt, where it fits. */
export async function createTitlePosts(api: APIRequestContext, audience: Audience, tally: Tally) {
  await inParallel(xssVectors, async (vector, index) => {
    const title = fits(vector, limits.postTitleMax) ? vector : `Rubrikprov ${index + 1}`;
    const excerpt = fits(vector, limits.postExcerptMax) ? vector : '';
    const response = await api.post('/api/core/v1/post', {
      data: { type: 'news', title, excerpt, ...audience },
    });
    expect(response.status(), await response.text()).toBe(201);
    tally.count('post title', title === vector);
    tally.count('post excerpt', excerpt === vector);
  });
  tally.expectShown('post title', fitting(limits.postTitleMax));
  tally.expectShown('post excerpt', fitting(limits.postExcerptMax));
}

/** Tools: one per long description (a tooltip); names and short descriptions taken in turn. */
export async function createTools(api: APIRequestContext, audience: Audience, tally: Tally) {
  const names = fitting(limits.linkNameMax, limits.linkNameMin);
  const shorts = fitting(limits.linkShortDescriptionMax, limits.linkShortDescriptionMin);
  const longs = fitting(limits.linkLongDescriptionMax, limits.linkLongDescriptionMin);
  // A tool needs an icon to be saved: any from the library's icon category.
  const icons = await api.get(`/api/core/v1/media?categoryId=${ids.mediaCategoryIcon}&perPage=1`);
  expect(icons.status(), await icons.text()).toBe(200);
  const mediaId = ((await icons.json()) as { id: number }[])[0]!.id;
  await inParallel(longs, async (longDescription, index) => {
    const response = await api.post('/api/core/v1/link', {
      data: {
        mediaId,
        name: names[index % names.length],
        shortDescription: shorts[index % shorts.length],
        longDescription,
        url: 'https://exempelby.se/verktyg',
        ...audience,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    if (index < names.length) tally.count('tool name', true);
    if (index < shorts.length) tally.count('tool short description', true);
    tally.count('tool long description', true);
  });
  tally.expectShown('tool name', names);
  tally.expectShown('tool short description', shorts);
  tally.expectShown('tool long description', longs);
}

/**
 * Comments are plain text: many vectors to a comment, written in turn by
 * several people (each may write ten a minute). The API must give each back
 * exactly as written, and the post's page must show every vector.
 */
export async function writeComments(
  writers: readonly APIRequestContext[],
  postId: number,
  tally: Tally,
) {
  const comments: string[][] = [];
  for (const vector of xssVectors) {
    const last = comments.at(-1);
    const length = last ? last.join('\n').length + vector.length + 1 : Infinity;
    if (last && length <= limits.commentTextMax) last.push(vector);
    else comments.push([vector]);
  }
  for (const [index, vectors] of comments.entries()) {
    const text = vectors.join('\n');
    const response = await writers[index % writers.length]!.post('/api/core/v1/comment', {
      data: { postId, text },
    });
    expect(response.status(), await response.text()).toBe(201);
    const stored = ((await response.json()) as { text: string }).text;
    expect(stored).toBe(text.replace(/\r\n?/g, '\n').trim());
    tally.count('comment', true, vectors.length);
  }
  tally.expectShown('comment', xssVectors);
  return comments.length;
}

/** Profile names: the administrator renames every other account, one round of vectors at a time. */
export async function renamePeople(
  api: APIRequestContext,
  tally: Tally,
  each: (round: number) => Promise<void>,
) {
  const people = (
    (await (await api.get('/api/core/v1/users?perPage=9999')).json()) as {
      id: number;
      uid: string;
      email: string | null;
      isAdmin: boolean;
    }[]
  ).filter((person) => !person.isAdmin);
  const names = fitting(limits.nameMax);
  const perRound = people.length * 2;
  for (let start = 0; start < names.length; start += perRound) {
    const round = names.slice(start, start + perRound);
    const renamed = people.slice(0, Math.ceil(round.length / 2));
    await inParallel(renamed, async (person, index) => {
      const [firstName, lastName = 'Efternamn'] = round.slice(index * 2, index * 2 + 2);
      const response = await api.put(`/api/core/v1/user/${person.id}`, {
        data: { email: person.email ?? `${person.uid}@exempelby.se`, firstName, lastName },
      });
      expect(response.status(), await response.text()).toBe(200);
    });
    tally.count('profile name', true, round.length);
    tally.expectShown('profile name', round);
    await each(start / perRound + 1);
  }
}
