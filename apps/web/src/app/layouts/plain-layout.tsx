import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { svShell } from '@skolportalen/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandLink } from '@/components/brand-link';
import { paths } from '@/lib/paths';
import { RouteOutlet } from '../guards/route-outlet';

/** The plain layout's frame: a slim banner with the logo, the page, the municipality's name. */
export function PlainFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          px: { xs: 2, sm: 3 },
          py: 1.5,
        }}
      >
        <BrandLink />
      </Box>
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        maxWidth="md"
        sx={{ flex: 1, py: { xs: 3, md: 5 }, '&:focus': { outline: 'none' } }}
      >
        {children}
      </Container>
      <Box component="footer" sx={{ px: 3, py: 2, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {svShell.app.municipality} · {svShell.app.municipalityTagline}
        </Typography>
        <Box
          component="nav"
          aria-label={svShell.footer.navigation}
          sx={{ mt: 1, display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}
        >
          <Link component={RouterLink} to={paths.accessibilityStatement.href()} variant="body2">
            {svShell.footer.accessibility}
          </Link>
          <Link component={RouterLink} to={paths.privacy.href()} variant="body2">
            {svShell.footer.privacy}
          </Link>
        </Box>
      </Box>
    </Box>
  );
}

/** For sign-in and the utility pages (spec §2). */
export function PlainLayout() {
  return (
    <PlainFrame>
      <RouteOutlet />
    </PlainFrame>
  );
}
