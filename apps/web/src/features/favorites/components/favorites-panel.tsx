import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { sv } from '@skolportalen/shared';
import { paths } from '@/lib/paths';
import { useFavorites } from '../api/favorites';
import { FavoritesLinks } from './favorites-links';

/** The mobile menu's favourites tab: the same links as the dialog, one column, and the way to edit them. */
export function FavoritesPanel({ onNavigate }: { onNavigate: () => void }) {
  const favorites = useFavorites();
  return (
    <>
      {favorites.isPending ? (
        <CircularProgress aria-label={sv.app.loadingBar} />
      ) : (
        <FavoritesLinks favorites={favorites.data ?? []} columns={1} />
      )}
      <Button href={paths.profile.favorites.href()} onClick={onNavigate} sx={{ mt: 2 }}>
        {sv.toolsAndProfile.favorites.edit}
      </Button>
    </>
  );
}
