import { ids, type Block, type PostInput } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../client';
import { links, media } from '../schema';

/** Role categories of the base data. */
export const role = { teacher: 3, student: 4, caretaker: 5, employee: 6 } as const;

/** A library picture as the demo's blocks name it. */
export interface Picture {
  id: number;
  filename: string;
  alt: string;
  /** The card copy's file, which the editor's picker puts in a block (features/media). */
  card: string | null;
}

/** What a demo post's or course's blocks are made from: the library's pictures and the tools. */
export interface DemoContext {
  /** The post's own picture, when it has one. */
  picture?: Picture;
  /** The library's pictures by title; empty when the library was not seeded. */
  pictures: ReadonlyMap<string, Picture>;
  toolIds: Record<string, number>;
}

export interface DemoPost extends Omit<
  PostInput,
  'nodeIds' | 'categoryIds' | 'editorIds' | 'content'
> {
  author: string;
  /** Group references as in demo-data.ts; "kommun" is the municipality. */
  groups: string[];
  categories: number[];
  editors?: string[];
  /** Days from the seeding day (negative: in the past). */
  publishedInDays?: number;
  /** The library picture to show, by title, when the library is seeded. */
  picture?: string;
  content?: (ctx: DemoContext) => Block[];
  /** Translations written by hand (issue 27): title and excerpt per language. */
  translations?: Record<string, { title: string; excerpt: string }>;
}

/**
 * Block builders with fixed ids (`{prefix}-1`, `{prefix}-2` …): the seed
 * gives the same tree every time. `reset` starts the count again.
 */
export function demoBlocks(prefix: string) {
  let counter = 0;
  const block = <T extends Block['type']>(
    type: T,
    props: Record<string, unknown> = {},
    children: Block[] = [],
  ): Block => {
    counter += 1;
    return { id: `${prefix}-${counter}`, type, version: 1, props, children } as unknown as Block;
  };
  return {
    reset: () => {
      counter = 0;
    },
    block,
    html: (markup: string) => block('html', { html: markup }),
    heading: (text: string, size = 2) => block('heading', { text, size }),
    row: (children: Block[]) => block('row', {}, children),
    col: (cols: number, children: Block[]) => block('col', { cols }, children),
    /** A table: the heading row's cells, then each row's, separated by "|". */
    table: (caption: string, headings: string, rows: string[]) =>
      block('table', { caption }, [
        block('table-heading', { headings }),
        ...rows.map((items) => block('table-row', { items })),
      ]),
    /** The named tools as links; a tool the demo lacks is left out. */
    tools: (names: string[], toolIds: Record<string, number>) =>
      block('tool', { toolIds: JSON.stringify(names.flatMap((name) => toolIds[name] ?? [])) }),
    /** A library picture as the editor places it: its card copy, described by its alt text. */
    picture: (picture: Picture | undefined, caption: string) =>
      picture
        ? [
            block('image', {
              imgSrc: `/media/${picture.card ?? picture.filename}`,
              caption,
              alt: picture.alt,
            }),
          ]
        : [],
  };
}

/** The library's pictures by title and the tools by name, for the demo's blocks. */
export async function demoContext(tx: Transaction): Promise<Omit<DemoContext, 'picture'>> {
  const rows = await tx
    .select({
      id: media.id,
      title: media.title,
      filename: media.filename,
      alt: media.alt,
      renditions: media.renditions,
    })
    .from(media)
    .where(eq(media.categoryId, ids.mediaCategoryDefault));
  const pictures = new Map(
    rows.map((row) => [
      row.title,
      {
        id: row.id,
        filename: row.filename,
        alt: row.alt,
        card: row.renditions?.card.filename ?? null,
      },
    ]),
  );
  const toolIds = Object.fromEntries(
    (await tx.select({ id: links.id, name: links.name }).from(links)).map((row) => [
      row.name,
      row.id,
    ]),
  );
  return { pictures, toolIds };
}
