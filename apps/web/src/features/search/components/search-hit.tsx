import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { format, sv, type SearchResult } from '@skolportalen/shared';
import { visuallyHidden } from '@/components/visually-hidden';
import { paths } from '@/lib/paths';
import { HighlightedText } from './highlighted-text';

const dateFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Stockholm',
});

function hrefOf(hit: SearchResult): string | null {
  if (hit.kind === 'tool') return hit.url;
  return hit.slug && hit.type !== 'tool' ? paths.post.href(hit.type, hit.slug) : null;
}

/** One hit: its kind, the title as a link with the matching words marked, the best passages. */
export function SearchHit({ hit }: { hit: SearchResult }) {
  const href = hrefOf(hit);
  const external = hit.kind === 'tool';
  return (
    <Box component="article" sx={{ py: 2 }}>
      <Typography
        variant="overline"
        component="p"
        sx={{ color: 'text.secondary', lineHeight: 1.6, fontWeight: 600 }}
      >
        {sv.search.types[hit.type]}
      </Typography>
      <Typography variant="h6" component="h2" sx={{ fontSize: '1.15rem' }}>
        {href ? (
          <Link
            href={href}
            underline="hover"
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <HighlightedText pieces={hit.titleHighlight} />
            {external ? <Box sx={visuallyHidden}> {sv.search.opensInNewTab}</Box> : null}
          </Link>
        ) : (
          <HighlightedText pieces={hit.titleHighlight} />
        )}
      </Typography>
      {hit.snippet.length ? (
        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.primary' }}>
          <HighlightedText pieces={hit.snippet} />
        </Typography>
      ) : null}
      {hit.date ? (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {format(sv.search.published, { date: dateFormat.format(new Date(hit.date)) })}
        </Typography>
      ) : null}
    </Box>
  );
}
