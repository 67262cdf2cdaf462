import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { format, sv, type BrokenLinkItem } from '@skolportalen/shared';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';
import { longDate } from '../components/dates';

const t = sv.brokenLinks;

export function problemText(item: BrokenLinkItem) {
  return format(t.problems[item.problem], { status: item.httpStatus ?? '' });
}

/** One broken link: the post (to read and to edit), the address and what was wrong. */
function BrokenLinkRow({ item }: { item: BrokenLinkItem }) {
  return (
    <Box sx={{ py: 1.5, display: 'grid', gap: 0.5 }}>
      <Typography component="p" sx={{ fontWeight: 700 }}>
        {item.post.url ? (
          <Link component={RouterLink} to={item.post.url}>
            {item.post.title}
          </Link>
        ) : (
          item.post.title
        )}{' '}
        ·{' '}
        <Link
          component={RouterLink}
          to={paths.createContent.href(item.post.id)}
          aria-label={`${t.edit}: ${item.post.title}`}
          sx={{ fontWeight: 400 }}
        >
          {t.edit}
        </Link>
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <span>{t.columns.link}: </span>
        <code>{item.url}</code>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {problemText(item)} · {t.columns.since} {longDate(item.brokenSince)}
      </Typography>
    </Box>
  );
}

export function BrokenLinkList({ items, label }: { items: BrokenLinkItem[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        borderTop: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '& > li + li': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      {items.map((item) => (
        <li key={item.id}>
          <BrokenLinkRow item={item} />
        </li>
      ))}
    </Box>
  );
}

/** A page of links grouped by owner, in the server's order (by owner). */
export function groupByOwner(items: BrokenLinkItem[]) {
  const groups: { key: string; name: string; items: BrokenLinkItem[] }[] = [];
  for (const item of items) {
    const key = item.owner ? String(item.owner.id) : 'none';
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, name: item.owner?.name ?? t.unowned, items: [item] });
  }
  return groups;
}
