import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { PagePlacement } from '@skolportalen/shared';
import { startPageTexts } from '@skolportalen/shared/texts/start-page';
import { useId } from 'react';
import { usePlacementPages } from '../api/get-posts';
import { PostCard } from './start-notices';

const titles: Record<Exclude<PagePlacement, 'none'>, string> = {
  'start-top': startPageTexts.placementTop,
  'start-bottom': startPageTexts.placementBottom,
};

/** Pages placed on the start page (pagePlacement start-top or start-bottom), as cards. */
export function PlacementPages({ placement }: { placement: Exclude<PagePlacement, 'none'> }) {
  const headingId = useId();
  const pages = usePlacementPages();
  const shown = (pages.data?.items ?? []).filter((page) => page.pagePlacement === placement);
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {titles[placement]}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {shown.map((page) => (
          <Grid key={page.id} component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
            <PostCard post={page} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
