import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { layout, sv } from '@skolportalen/shared';
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
            {sv.app.municipality}
          </Typography>
          <Typography variant="body2">{sv.app.municipalityTagline}</Typography>
        </div>
        <Box component="address" sx={{ fontStyle: 'normal' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {sv.footer.contact}
          </Typography>
          <Typography variant="body2">{sv.footer.address}</Typography>
          <Typography variant="body2">{sv.footer.phone}</Typography>
        </Box>
        <Box component="nav" aria-label={sv.footer.navigation}>
          <Link
            component={RouterLink}
            to={paths.accessibilityStatement.href()}
            color="inherit"
            variant="body2"
            sx={{ display: 'block' }}
          >
            {sv.footer.accessibility}
          </Link>
          <Link
            component={RouterLink}
            to={paths.privacy.href()}
            color="inherit"
            variant="body2"
            sx={{ display: 'block', mt: 0.5 }}
          >
            {sv.footer.privacy}
          </Link>
        </Box>
        <Button
          onClick={scrollToTop}
          color="inherit"
          variant="outlined"
          startIcon={<KeyboardArrowUp />}
        >
          {sv.app.scrollToTop}
        </Button>
      </Container>
    </Box>
  );
}
