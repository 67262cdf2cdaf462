import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { sv, type FavoriteResponse } from '@skolportalen/shared';
import { visuallyHidden } from '@/components/visually-hidden';

const t = sv.toolsAndProfile;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The user's favourites as links that open in a new tab, highest first. */
export function FavoritesLinks({
  favorites,
  columns = 4,
}: {
  favorites: readonly FavoriteResponse[];
  /** Columns from md up; one column on a phone. */
  columns?: 1 | 2 | 3 | 4;
}) {
  if (favorites.length === 0) return <Typography>{t.favorites.empty}</Typography>;
  return (
    <Grid
      container
      component="ul"
      aria-label={t.favorites.listLabel}
      spacing={1.5}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {favorites.map((favorite) => (
        <Grid
          key={favorite.id}
          component="li"
          size={{ xs: 12, sm: columns > 1 ? 6 : 12, md: 12 / columns }}
        >
          <Card sx={{ height: '100%' }}>
            <CardActionArea
              href={favorite.url}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ p: 1.5, height: '100%' }}
            >
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {favorite.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {hostOf(favorite.url)}
              </Typography>
              <Box component="span" sx={visuallyHidden}>
                {t.tools.opensInNewTab}
              </Box>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
