import Email from '@mui/icons-material/EmailOutlined';
import Phone from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Blurb, Contact, InfoLink } from '@skolportalen/shared';
import { postReaderTexts } from '@skolportalen/shared/texts/start-page';
import { useId } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { isExternalUrl, safeUrl } from '../blocks/sanitize';

const t = postReaderTexts;

/** Blurbs ("puffar"): short highlighted facts beside the text. */
export function Blurbs({ blurbs }: { blurbs: readonly Blurb[] }) {
  const shown = blurbs.filter((blurb) => blurb.title || blurb.text);
  if (shown.length === 0) return null;
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(220px, 1fr))' },
      }}
    >
      {shown.map((blurb, index) => (
        <Box
          component="li"
          key={index}
          sx={{ borderLeft: 4, borderColor: 'secondary.main', bgcolor: 'grey.50', px: 2, py: 1.5 }}
        >
          {blurb.title ? <Typography sx={{ fontWeight: 700 }}>{blurb.title}</Typography> : null}
          {blurb.text ? <Typography>{blurb.text}</Typography> : null}
        </Box>
      ))}
    </Box>
  );
}

/** "Mer information": the post's info links; some open in a new window. */
export function InfoLinks({ links }: { links: readonly InfoLink[] }) {
  const headingId = useId();
  const shown = links.filter((link) => safeUrl(link.url));
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {t.infoLinks}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {shown.map((link, index) => {
          // An address that leaves the portal never opens in the portal's own tab.
          const newTab = link.openInNewWindow || isExternalUrl(link.url);
          return (
            <li key={index}>
              <Link
                href={safeUrl(link.url)}
                {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
              >
                {link.title}
                {newTab ? <span style={visuallyHidden}> {t.opensInNewTab}</span> : null}
              </Link>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

/** The contact card: name, title, e-mail and phone, each when given. */
export function ContactCard({ contact }: { contact: Contact | null }) {
  const headingId = useId();
  if (!contact || !(contact.name || contact.email || contact.phone)) return null;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ maxWidth: 420 }}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {t.contact}
        </Typography>
        {contact.name ? <Typography sx={{ fontWeight: 600 }}>{contact.name}</Typography> : null}
        {contact.title ? <Typography color="text.secondary">{contact.title}</Typography> : null}
        {contact.email ? (
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <Email fontSize="small" titleAccess={t.contactEmail} />
            <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
          </Typography>
        ) : null}
        {contact.phone ? (
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <Phone fontSize="small" titleAccess={t.contactPhone} />
            <Link href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</Link>
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
