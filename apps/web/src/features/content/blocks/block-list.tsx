import type { Block } from '@skolportalen/shared';
import { blockRenderers, type BlockRenderer } from './registry';

/**
 * Renders a list of blocks with the renderer registered for each type; a
 * block's own blocks are rendered here too and given to it as `children`.
 */
export function BlockList({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block) => {
        const Renderer = blockRenderers[block.type] as BlockRenderer<Block>;
        return (
          <Renderer key={block.id} block={block}>
            {block.children.length > 0 ? <BlockList blocks={block.children} /> : null}
          </Renderer>
        );
      })}
    </>
  );
}
