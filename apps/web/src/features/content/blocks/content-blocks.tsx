import type { Block, PostMedia } from '@skolportalen/shared';
import { useMemo } from 'react';
import type { BlockFrame } from '@/lib/responsive-image';
import { BlockImagesProvider, firstImageBlockId } from './block-images';
import { BlockList } from './block-list';

/** Blocks in a reading page's first commit; the rest come in the second (lib/second-commit.ts). */
export const firstCommitBlocks = 3;

/** The blocks a reading page draws in a commit: the first few, then all of them. */
export function blocksInCommit(blocks: readonly Block[], whole: boolean): readonly Block[] {
  return whole ? blocks : blocks.slice(0, firstCommitBlocks);
}

interface ContentBlocksProps {
  blocks: readonly Block[];
  /** The post's `usedMedia`: the images its blocks show, with sizes and copies. */
  media: readonly PostMedia[] | undefined;
  /** How wide the blocks are on the page; the article's unless told. */
  frame?: BlockFrame;
  /** Whether the blocks' first image is the first the reader meets (nothing above it). */
  firstImageFirst?: boolean;
}

/**
 * A post's or course's blocks as a reading page shows them: each library
 * image at the size its column needs, with its space kept while it loads,
 * and the first one loaded at once.
 */
export function ContentBlocks({
  blocks,
  media,
  frame,
  firstImageFirst = true,
}: ContentBlocksProps) {
  const first = useMemo(
    () => (firstImageFirst ? firstImageBlockId(blocks) : null),
    [blocks, firstImageFirst],
  );
  return (
    <BlockImagesProvider media={media} frame={frame} firstImageBlockId={first}>
      <BlockList blocks={blocks} />
    </BlockImagesProvider>
  );
}
