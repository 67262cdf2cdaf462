import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { svShell } from '@skolportalen/shared';
import { paths } from '@/lib/paths';

function BrandMark() {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      sx={{ width: 32, height: 32, flexShrink: 0 }}
    >
      <rect width="32" height="32" rx="6" fill="#ffffff" />
      <path d="M6 13 16 7l10 6-10 6z" fill="#00487c" />
      <path d="M10 16v6c0 1.5 3 3 6 3s6-1.5 6-3v-6l-6 3.5z" fill="#00487c" />
    </Box>
  );
}

/** The portal's logo and name; always leads to the start page. */
export function BrandLink() {
  return (
    <Link
      href={paths.home.href()}
      aria-label={svShell.header.home}
      underline="none"
      color="inherit"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, fontWeight: 700 }}
    >
      <BrandMark />
      {/* On the narrowest phones the mark alone leaves room for the menu buttons (WCAG 1.4.10). */}
      <Box
        component="span"
        sx={{
          fontSize: '1.25rem',
          letterSpacing: 0.2,
          '@media (max-width: 359.95px)': { display: 'none' },
        }}
      >
        {svShell.app.name}
      </Box>
    </Link>
  );
}
