import StarOutline from '@mui/icons-material/StarOutline';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { layout, sv } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { paths } from '@/lib/paths';
import { useFavorites } from '../api/favorites';
import { FavoritesLinks } from './favorites-links';

const t = sv.toolsAndProfile.favorites;

/** The header's favourites button for teachers, opening the favourites dialog (spec §2, width 1200). */
export function FavoritesButton() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  // Spec §6: teachers get their favourites loaded with the page.
  const favorites = useFavorites();
  const close = () => setOpen(false);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<StarOutline />}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t.open}
      </Button>
      <Dialog
        open={open}
        onClose={close}
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
          <Button href={paths.profile.favorites.href()} onClick={close}>
            {t.edit}
          </Button>
          <Button variant="contained" onClick={close}>
            {sv.header.close}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The mobile menu's favourites tab: the same links, one column, and the way to edit them. */
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
        {t.edit}
      </Button>
    </>
  );
}
