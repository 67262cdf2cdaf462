import Grid from '@mui/material/Grid';
import type { BlockOf, ColumnSize } from '@skolportalen/shared';
import { BlockList } from './block-list';

/** Column sizes 12/6/4/3/2 of twelve (spec §9) on wide screens; narrow columns share a phone's width. */
export const colBreakpoints: Record<ColumnSize, { xs: number; sm: number; md: number }> = {
  12: { xs: 12, sm: 12, md: 12 },
  6: { xs: 12, sm: 12, md: 6 },
  4: { xs: 12, sm: 6, md: 4 },
  3: { xs: 12, sm: 6, md: 3 },
  2: { xs: 6, sm: 4, md: 2 },
};

export function RowBlock({ block }: { block: BlockOf<'row'> }) {
  return (
    <Grid container spacing={3} sx={{ my: 2 }}>
      <BlockList blocks={block.children} />
    </Grid>
  );
}

export function ColBlock({ block }: { block: BlockOf<'col'> }) {
  return (
    <Grid size={colBreakpoints[block.props.cols] ?? colBreakpoints[6]} sx={{ minWidth: 0 }}>
      <BlockList blocks={block.children} />
    </Grid>
  );
}
