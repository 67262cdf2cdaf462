import Print from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, sv, svShell, type PostArchiveItem } from '@skolportalen/shared';
import { versionHistoryTexts } from '@skolportalen/shared/texts/version-history';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { SwedishDateField } from '@/components/swedish-date-field';
import { isApiError } from '@/lib/api-client';
import { useAsPublished, usePostArchive } from '../api/versions';
import { longDate, longDateTime } from '../components/dates';
import { fromLocalInput, toLocalInput } from '../editor/post-form';
import { AsPublishedView } from '../versions/as-published-view';

const t = versionHistoryTexts;
const a = t.asPublished;
const localMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** On paper only the post and its facts: the portal's header, footer and menus stay on screen. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, footer, nav, [data-print="hide"]': { display: 'none !important' },
        main: { padding: '0 !important', maxWidth: 'none !important' },
        body: { background: '#fff' },
      },
    }}
  />
);

function ResultItem({
  item,
  chosen,
  onChoose,
}: {
  item: PostArchiveItem;
  chosen: boolean;
  onChoose: () => void;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.title}
        </Typography>
        <Typography component="p" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {sv.content.types[item.type]} · {item.url ?? item.slug}
        </Typography>
        <Typography component="p" variant="body2" color="text.secondary">
          {format(a.versions, {
            n: item.versions,
            first: longDate(item.firstRecordedAt),
            last: longDate(item.lastRecordedAt),
          })}
        </Typography>
      </Box>
      {item.deleted ? (
        <Chip size="small" color="warning" variant="outlined" label={a.deleted} />
      ) : (
        <Chip size="small" variant="outlined" label={sv.content.statuses[item.status]} />
      )}
      <Button
        size="small"
        variant={chosen ? 'contained' : 'outlined'}
        aria-pressed={chosen}
        aria-label={format(a.chooseLabel, { title: item.title })}
        onClick={onChoose}
      >
        {chosen ? a.chosen : a.choose}
      </Button>
    </Box>
  );
}

/**
 * `/profile/admin/as-published`: any post, deleted ones too, found by title
 * or address and shown exactly as readers were shown it at a chosen day and
 * time (issue 28), for a request for a public record; printable. What is
 * asked for stays in the address, so a reload or a shared link shows the same.
 */
export default function AsPublishedRoute() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const postId = Number(params.get('post')) || null;
  const at = params.get('at') ?? '';
  const [search, setSearch] = useState(query);
  const [moment, setMoment] = useState(() => at || toLocalInput(new Date().toISOString()));
  const resultsId = useId();
  const archive = usePostArchive(query);
  const atIso = localMoment.test(at) ? fromLocalInput(at) : null;
  const shown = useAsPublished(postId, atIso);
  const chosen = archive.data?.items.find((item) => item.postId === postId);

  const go = (next: { q: string; post?: number | null; at?: string }) => {
    const entries: Record<string, string> = { q: next.q };
    if (next.post) entries.post = String(next.post);
    if (next.post && next.at) entries.at = next.at;
    setParams(entries);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim() });
  };
  const submitMoment = (event: FormEvent) => {
    event.preventDefault();
    if (localMoment.test(moment)) go({ q: query, post: postId, at: moment });
  };

  let result = null;
  if (postId !== null && atIso !== null) {
    if (shown.isPending)
      result = (
        <Stack spacing={1} role="status" aria-label={a.loading}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      );
    else if (shown.isError)
      result = (
        <Alert
          severity={isApiError(shown.error) && shown.error.status === 404 ? 'info' : 'warning'}
        >
          {isApiError(shown.error) && shown.error.status === 404
            ? sv.versions.notPublishedAt
            : t.loadFailed}
        </Alert>
      );
    else
      result = (
        <>
          <Box data-print="hide" sx={{ mb: 2 }}>
            <Button variant="outlined" startIcon={<Print />} onClick={() => window.print()}>
              {a.print}
            </Button>
          </Box>
          <AsPublishedView version={shown.data} at={atIso} deleted={chosen?.deleted ?? false} />
        </>
      );
  }

  return (
    <>
      {printStyles}
      <Box data-print="hide">
        <PageHeading>{svShell.admin.pageTitles.asPublished}</PageHeading>
        <Typography sx={{ mb: 3, maxWidth: 900 }} color="text.secondary">
          {a.intro}
        </Typography>
        <Stack
          component="form"
          role="search"
          aria-label={a.searchForm}
          onSubmit={submitSearch}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 2 }}
        >
          <TextField
            label={a.search}
            helperText={a.searchHint}
            size="small"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ flex: '1 1 18rem', maxWidth: 560 }}
          />
          <Button type="submit" variant="contained">
            {a.searchButton}
          </Button>
        </Stack>
        {query.length >= 2 ? (
          <Box component="section" aria-labelledby={resultsId} sx={{ mb: 3 }}>
            <Typography id={resultsId} component="h2" variant="h6">
              {a.results}
            </Typography>
            {archive.isPending ? (
              <Typography role="status">{a.searching}</Typography>
            ) : archive.isError ? (
              <Alert severity="warning">{t.loadFailed}</Alert>
            ) : archive.data.items.length === 0 ? (
              <Typography role="status">{a.noResults}</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {archive.data.items.map((item) => (
                  <ResultItem
                    key={item.postId}
                    item={item}
                    chosen={item.postId === postId}
                    onChoose={() => go({ q: query, post: item.postId, at: moment })}
                  />
                ))}
              </Box>
            )}
          </Box>
        ) : null}
        {postId !== null ? (
          <Stack
            component="form"
            onSubmit={submitMoment}
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 3 }}
          >
            <SwedishDateField label={a.at} value={moment} onChange={setMoment} withTime />
            <Button type="submit" variant="contained">
              {a.show}
            </Button>
          </Stack>
        ) : null}
      </Box>
      {result}
      {atIso !== null && result !== null ? (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'none', displayPrint: 'block', mt: 2 }}
        >
          {format(a.printed, { date: longDateTime(new Date().toISOString()) })}
        </Typography>
      ) : null}
    </>
  );
}
