import type { Block, BlockOf, BlockType } from '@skolportalen/shared';
import type { ComponentType, ReactNode } from 'react';
import { CardBlock } from './card-block';
import { ColBlock, RowBlock } from './grid-blocks';
import { HeadingBlock } from './heading-block';
import { HtmlBlock } from './html-block';
import { ImageBlock } from './image-block';
import { TableBlock, TableHeadingBlock, TableRowBlock } from './table-blocks';
import { ToolBlock } from './tool-block';
import { VideoBlock } from './video-block';

/** A block's renderer; `children` holds its own blocks, already rendered (block-list.tsx). */
export type BlockRenderer<B extends Block> = ComponentType<{ block: B; children?: ReactNode }>;

/** One renderer per page-builder block type (spec §2 "Page builder blocks"), keyed by type. */
export const blockRenderers: { [T in BlockType]: BlockRenderer<BlockOf<T>> } = {
  heading: HeadingBlock,
  html: HtmlBlock,
  card: CardBlock,
  row: RowBlock,
  col: ColBlock,
  table: TableBlock,
  'table-heading': TableHeadingBlock,
  'table-row': TableRowBlock,
  image: ImageBlock,
  tool: ToolBlock,
  video: VideoBlock,
};
