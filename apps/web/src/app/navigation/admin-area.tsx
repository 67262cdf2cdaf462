import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { sv } from '@skolportalen/shared';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { adminLinks, type MenuLink } from './screens';

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

function AdminLinkList({ links, current }: { links: MenuLink[]; current: string }) {
  return (
    <List dense disablePadding>
      {links.map((link) => {
        const here = link.href === current;
        return (
          <li key={link.href}>
            <ListItemButton
              href={link.href}
              selected={here}
              aria-current={here ? 'page' : undefined}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText primary={link.label} />
            </ListItemButton>
          </li>
        );
      })}
    </List>
  );
}

/**
 * The administration's one navigation, beside every admin screen: each screen
 * the person may open. On wide screens a side column; on phones a button that
 * opens the list above the page.
 */
export default function AdminArea({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const links = user ? adminLinks(user) : [];
  const current = withoutTrailingSlash(pathname);
  const currentLabel = links.find((link) => link.href === current)?.label;

  const nav = (
    <Box
      component="nav"
      aria-label={sv.admin.nav}
      sx={{
        mb: { xs: 2, md: 0 },
        position: { md: 'sticky' },
        top: { md: 16 },
        displayPrint: 'none',
      }}
    >
      {small ? (
        <Button
          variant="outlined"
          fullWidth
          aria-expanded={open}
          aria-controls={listId}
          endIcon={open ? <ExpandLess /> : <ExpandMore />}
          onClick={() => setOpen((value) => !value)}
          sx={{ justifyContent: 'space-between', textAlign: 'left' }}
        >
          {currentLabel ? `${sv.admin.headerLink}: ${currentLabel}` : sv.admin.headerLink}
        </Button>
      ) : (
        <Box
          component="p"
          sx={{ typography: 'overline', fontWeight: 700, color: 'text.secondary', m: 0, px: 2 }}
        >
          {sv.admin.headerLink}
        </Box>
      )}
      <Box id={listId} hidden={small && !open}>
        <AdminLinkList links={links} current={current} />
      </Box>
    </Box>
  );

  return (
    <Box
      sx={{
        display: { md: 'grid' },
        // On paper the screen has the page's whole width, without the navigation.
        displayPrint: 'block',
        gridTemplateColumns: { md: '240px minmax(0, 1fr)' },
        gap: { md: 4 },
        alignItems: 'start',
      }}
    >
      {nav}
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
