import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { startPageTexts } from '@skolportalen/shared/texts/start-page';

/** A loading skeleton shaped like the article, so the page does not jump when it arrives. */
export function ArticleSkeleton() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }} role="status" aria-label={startPageTexts.loading}>
      <Skeleton variant="text" width={120} />
      <Skeleton variant="text" sx={{ fontSize: '2.2rem' }} width="70%" />
      <Skeleton variant="text" width={240} />
      <Skeleton variant="rectangular" height={240} />
      <Skeleton variant="text" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="60%" />
    </Stack>
  );
}
