import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import { svShell, type CurrentUserResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { lazyOverlay } from '@/lib/lazy-overlay';

const MobileMenuDrawer = lazyOverlay(() =>
  import('./mobile-menu-drawer').then((module) => module.MobileMenuDrawer),
);

/** Small screens: a menu button opening a drawer with one tab per area (spec §2). */
export function MobileMenu({ user }: { user: CurrentUserResponse }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={svShell.header.openMenu}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </IconButton>
      <MobileMenuDrawer user={user} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
