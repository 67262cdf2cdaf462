import Grid from '@mui/material/Grid';
import type { BlockOf, ColumnSize } from '@skolportalen/shared';
import type { ReactNode } from 'react';
import { ColumnImages } from './block-images';

/** Column sizes 12/6/4/3/2 of twelve (spec §9) on wide screens; narrow columns share a phone's width. */
export const colBreakpoints: Record<ColumnSize, { xs: number; sm: number; md: number }> = {
  12: { xs: 12, sm: 12, md: 12 },
  6: { xs: 12, sm: 12, md: 6 },
  4: { xs: 12, sm: 6, md: 4 },
  3: { xs: 12, sm: 6, md: 3 },
  2: { xs: 6, sm: 4, md: 2 },
};

// The columns and their blocks come rendered as `children` (block-list.tsx), so the grid needs
// no renderer of its own for what it holds.
export function RowBlock({ children }: { block: BlockOf<'row'>; children?: ReactNode }) {
  return (
    <Grid container spacing={3} sx={{ my: 2 }}>
      {children}
    </Grid>
  );
}

export function ColBlock({ block, children }: { block: BlockOf<'col'>; children?: ReactNode }) {
  const share = colBreakpoints[block.props.cols] ?? colBreakpoints[6];
  return (
    <Grid size={share} sx={{ minWidth: 0 }}>
      <ColumnImages share={share}>{children}</ColumnImages>
    </Grid>
  );
}
