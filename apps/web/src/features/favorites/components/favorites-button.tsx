import StarOutline from '@mui/icons-material/StarOutline';
import Button from '@mui/material/Button';
import { svShell } from '@skolportalen/shared';
import { useState } from 'react';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { useFavorites } from '../api/favorites';

const FavoritesDialog = lazyOverlay(() =>
  import('./favorites-dialog').then((module) => module.FavoritesDialog),
);

/** The header's favourites button for teachers, opening the favourites dialog (spec §2, width 1200). */
export function FavoritesButton() {
  const [open, setOpen] = useState(false);
  // Spec §6: teachers get their favourites loaded with the page.
  useFavorites();

  return (
    <>
      <Button
        color="inherit"
        startIcon={<StarOutline />}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {svShell.toolsAndProfile.favorites.open}
      </Button>
      <FavoritesDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
