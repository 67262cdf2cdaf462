import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { layout, sv } from '@skolportalen/shared';
import { useId } from 'react';
import { paths } from '@/lib/paths';
import { useFavorites } from '../api/favorites';
import { FavoritesLinks } from './favorites-links';

const t = sv.toolsAndProfile.favorites;

/** The favourites dialog (spec §2, width 1200): the links, and the way to edit them. */
export function FavoritesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const favorites = useFavorites();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: layout.favoritesDialogWidth } } }}
    >
      <DialogTitle id={titleId}>{t.dialogTitle}</DialogTitle>
      <DialogContent dividers>
        {favorites.isPending ? (
          <CircularProgress aria-label={sv.app.loadingBar} />
        ) : (
          <FavoritesLinks favorites={favorites.data ?? []} />
        )}
      </DialogContent>
      <DialogActions>
        <Button href={paths.profile.favorites.href()} onClick={onClose}>
          {t.edit}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {sv.header.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
