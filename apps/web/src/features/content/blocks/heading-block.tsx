import Typography from '@mui/material/Typography';
import type { BlockOf } from '@skolportalen/shared';

const variants = { 1: 'h4', 2: 'h5', 3: 'h6', 4: 'subtitle1', 5: 'subtitle2' } as const;

/**
 * Heading sizes 1–5 (spec §9) set the look. The page's title is its only h1,
 * so size 1 is an h2 as well, and levels never skip below the title.
 */
export function HeadingBlock({ block }: { block: BlockOf<'heading'> }) {
  const { text, size } = block.props;
  const level = Math.min(Math.max(size, 2), 5) as 2 | 3 | 4 | 5;
  return (
    <Typography
      component={`h${level}`}
      variant={variants[size]}
      sx={{ fontWeight: 700, mt: 2, mb: 1 }}
    >
      {text}
    </Typography>
  );
}
