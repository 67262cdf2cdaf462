import { flattenBlocks, type Block, type PostMedia } from '@skolportalen/shared';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  articleFrame,
  columnFrame,
  mediaByFilename,
  mediaFilenameOf,
  responsiveImage,
  type BlockFrame,
  type ColumnShare,
} from '@/lib/responsive-image';
import { safeUrl } from './sanitize';

/** What image and card blocks need to know about the page they are on. */
interface BlockImages {
  /** The post's library images by file name (the post's `usedMedia`). */
  media: ReadonlyMap<string, PostMedia>;
  /** How wide the blocks here are (narrowed by each column). */
  frame: BlockFrame;
  /** The block with the first image the reader meets: loaded at once, ahead of the rest. */
  firstImageBlockId: string | null;
}

// Without a provider (the editor, a version's view) images load lazily, at the article's width.
const BlockImagesContext = createContext<BlockImages>({
  media: new Map(),
  frame: articleFrame,
  firstImageBlockId: null,
});

/** The first block, in reading order, that shows an image. */
export function firstImageBlockId(blocks: readonly Block[]): string | null {
  const first = flattenBlocks(blocks).find(
    (block) => (block.type === 'image' || block.type === 'card') && safeUrl(block.props.imgSrc),
  );
  return first?.id ?? null;
}

interface BlockImagesProviderProps {
  /** The post's `usedMedia`; left out, images show as their blocks name them. */
  media: readonly PostMedia[] | undefined;
  frame?: BlockFrame;
  firstImageBlockId?: string | null;
  children: ReactNode;
}

export function BlockImagesProvider({
  media,
  frame = articleFrame,
  firstImageBlockId = null,
  children,
}: BlockImagesProviderProps) {
  const value = useMemo(
    () => ({ media: mediaByFilename(media), frame, firstImageBlockId }),
    [media, frame, firstImageBlockId],
  );
  return <BlockImagesContext.Provider value={value}>{children}</BlockImagesContext.Provider>;
}

/** The blocks inside a column are as wide as its share of the row. */
export function ColumnImages({ share, children }: { share: ColumnShare; children: ReactNode }) {
  const outer = useContext(BlockImagesContext);
  const value = useMemo(
    () => ({ ...outer, frame: columnFrame(outer.frame, share) }),
    [outer, share],
  );
  return <BlockImagesContext.Provider value={value}>{children}</BlockImagesContext.Provider>;
}

/**
 * The `<img>` attributes of a block's image: its size and copies when the post
 * knows it, and eager with high priority when it is the first the reader meets.
 */
export function useBlockImage(blockId: string, src: string) {
  const { media, frame, firstImageBlockId } = useContext(BlockImagesContext);
  const name = mediaFilenameOf(src);
  const known = name === null ? undefined : media.get(name);
  const first = blockId === firstImageBlockId;
  return {
    ...responsiveImage(src, known, frame),
    ...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const }),
  };
}
