import type { Block } from '@skolportalen/shared';
import { blockRenderers, type BlockRenderer } from './registry';

/** Renders a list of blocks with the renderer registered for each type. */
export function BlockList({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block) => {
        const Renderer = blockRenderers[block.type] as BlockRenderer<Block>;
        return <Renderer key={block.id} block={block} />;
      })}
    </>
  );
}
