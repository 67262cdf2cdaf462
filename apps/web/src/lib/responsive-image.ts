import type { PostMedia } from '@skolportalen/shared';
import { apiPaths } from './paths';

/**
 * Library images at the size their column needs (issue 32): a `srcset` of
 * the webp copies and the original, a `sizes` that says how wide the column
 * is, and the original's width and height so the browser reserves the space
 * before the file arrives (no layout shift).
 */

/** From `minWidth` px of viewport up, a width of `vw` % of the viewport plus `px`. */
export interface WidthStep {
  minWidth: number;
  vw: number;
  px: number;
}

/** How wide a list of blocks is: widest viewport first, the last step from 0 px. */
export type BlockFrame = readonly WidthStep[];

/** MUI's breakpoints, where a column changes its share of the row. */
const breakpoints = { xs: 0, sm: 600, md: 900 } as const;

/** The share of its row a column takes at each breakpoint, in twelfths. */
export type ColumnShare = Record<keyof typeof breakpoints, number>;

/** Space between columns (the row's `spacing={3}`, 8 px each). */
const columnGap = 24;

/**
 * A reading page's article: at most 960 px, inside the page's side padding
 * (16 px on a phone, 24 px from 600 px up; app/layouts/default-layout.tsx).
 */
export const articleFrame: BlockFrame = [
  { minWidth: 960 + 48, vw: 0, px: 960 },
  { minWidth: breakpoints.sm, vw: 100, px: -48 },
  { minWidth: 0, vw: 100, px: -32 },
];

const stepAt = (frame: BlockFrame, width: number) =>
  frame.find((step) => step.minWidth <= width) ?? frame[frame.length - 1]!;

const shareAt = (share: ColumnShare, width: number) =>
  width >= breakpoints.md ? share.md : width >= breakpoints.sm ? share.sm : share.xs;

/** The frame of a column inside `frame`: its share of the row, less its part of the gaps. */
export function columnFrame(frame: BlockFrame, share: ColumnShare): BlockFrame {
  const edges = [...new Set([...frame.map((step) => step.minWidth), ...Object.values(breakpoints)])]
    .filter((edge) => edge >= 0)
    .sort((a, b) => b - a);
  const steps = edges.map((minWidth) => {
    const step = stepAt(frame, minWidth);
    const part = shareAt(share, minWidth) / 12;
    return { minWidth, vw: step.vw * part, px: step.px * part - (1 - part) * columnGap };
  });
  // A step the same as the one below it says nothing more.
  return steps.filter(
    (step, index) =>
      index === steps.length - 1 ||
      step.vw !== steps[index + 1]!.vw ||
      step.px !== steps[index + 1]!.px,
  );
}

function cssLength({ vw, px }: WidthStep): string {
  const vwText = `${Math.round(vw * 100) / 100}vw`;
  const pxRounded = Math.round(px);
  if (vw === 0) return `${Math.max(pxRounded, 1)}px`;
  if (pxRounded === 0) return vwText;
  return `calc(${vwText} ${pxRounded < 0 ? '-' : '+'} ${Math.abs(pxRounded)}px)`;
}

/** The `sizes` attribute of an image as wide as the frame. */
export function sizesOf(frame: BlockFrame): string {
  return frame
    .map((step, index) =>
      index === frame.length - 1 || step.minWidth === 0
        ? cssLength(step)
        : `(min-width: ${step.minWidth}px) ${cssLength(step)}`,
    )
    .join(', ');
}

/** The stored file name an address on this site names (`/media/{filename}`), or null. */
export function mediaFilenameOf(address: string): string | null {
  const match = /^\/media\/([^/?#\s]+)/.exec(address.trim());
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

/**
 * The post's images by every file name they are stored under: a block may
 * show the original or one of its copies (the editor's picker gives the card copy).
 */
export function mediaByFilename(items: readonly PostMedia[] | undefined) {
  const byName = new Map<string, PostMedia>();
  for (const item of items ?? []) {
    byName.set(item.filename, item);
    for (const copy of Object.values(item.renditions ?? {})) {
      const name = mediaFilenameOf(copy.url);
      if (name) byName.set(name, item);
    }
  }
  return byName;
}

/** The attributes of an `<img>` that shows a library image in a frame. */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
}

const isGif = (filename: string) => /\.gif$/i.test(filename);

/**
 * How to show `src` when the post says which library image it is: unknown
 * media, or one without a size, stays as it is. A GIF shows its own file, as
 * its copies would stand still; others offer their copies and the original,
 * each file once, by width.
 */
export function responsiveImage(
  src: string,
  media: PostMedia | undefined,
  frame: BlockFrame,
): ResponsiveImage {
  if (!media?.width || !media.height) return { src };
  const size = { width: media.width, height: media.height };
  const original = { url: apiPaths.mediaFile(media.filename), width: media.width };
  if (isGif(media.filename)) return { src: original.url, ...size };
  if (!media.renditions) return { src, ...size };
  const candidates = [media.renditions.thumb, media.renditions.card, original]
    .filter((file, index, all) => all.findIndex((other) => other.width === file.width) === index)
    .sort((a, b) => a.width - b.width);
  return {
    src,
    srcSet: candidates.map((file) => `${file.url} ${file.width}w`).join(', '),
    sizes: sizesOf(frame),
    ...size,
  };
}
