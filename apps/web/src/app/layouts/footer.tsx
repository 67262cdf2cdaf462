import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { layout, svShell } from '@skolportalen/shared';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';

function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** Municipal branding and the scroll-to-top button (spec §2). */
export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', mt: 6 }}>
      <Container
        sx={{
          maxWidth: `${layout.containerMaxWidth}px`,
          py: 3,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
        maxWidth={false}
      >
        <div>
          <Typography component="p" variant="h6">
            {svShell.app.municipality}
          </Typography>
          <Typography variant="body2">{svShell.app.municipalityTagline}</Typography>
        </div>
        <Box component="address" sx={{ fontStyle: 'normal' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {svShell.footer.contact}
          </Typography>
          <Typography variant="body2">{svShell.footer.address}</Typography>
          <Typography variant="body2">{svShell.footer.phone}</Typography>
        </Box>
        <Box component="nav" aria-label={svShell.footer.navigation}>
          <Link
            component={RouterLink}
            to={paths.accessibilityStatement.href()}
            color="inherit"
            variant="body2"
            sx={{ display: 'block' }}
          >
            {svShell.footer.accessibility}
          </Link>
          <Link
            component={RouterLink}
            to={paths.privacy.href()}
            color="inherit"
            variant="body2"
            sx={{ display: 'block', mt: 0.5 }}
          >
            {svShell.footer.privacy}
          </Link>
        </Box>
        <Button
          onClick={scrollToTop}
          color="inherit"
          variant="outlined"
          startIcon={<KeyboardArrowUp />}
        >
          {svShell.app.scrollToTop}
        </Button>
      </Container>
    </Box>
  );
}
