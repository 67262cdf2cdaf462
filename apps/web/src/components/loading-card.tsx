import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { svShell } from '@skolportalen/shared';

/** "Håll ut, vi är snart där!" — shown while the signed-in user loads (spec §2). */
export function LoadingCard() {
  return (
    <Card role="status" aria-live="polite" sx={{ maxWidth: 420, mx: 'auto' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={28} aria-hidden="true" />
        <Typography>{svShell.app.loading}</Typography>
      </CardContent>
    </Card>
  );
}

/** A whole screen holding only the loading card, with the main landmark the skip link points at. */
export function LoadingScreen() {
  return (
    <Box component="main" id="main" tabIndex={-1} sx={{ px: 2, py: { xs: 6, md: 12 } }}>
      <LoadingCard />
    </Box>
  );
}

/** Shown while a page's code arrives. */
export function PageLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={svShell.app.loadingBar} />
    </Box>
  );
}
