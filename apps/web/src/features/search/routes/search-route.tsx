import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { format, searchQueryMax, sv } from '@skolportalen/shared';
import { useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { searchPerPage, useSearch } from '../api/search';
import { SearchBlockField } from '../components/search-block-field';
import { SearchHit } from '../components/search-hit';
import { isSearchGroup, searchGroupKeys, type SearchGroup } from '../search-groups';

const t = sv.search;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** What the live region reads out: the count, or why there is nothing. */
function statusText(q: string, group: SearchGroup, total: number): string {
  if (total === 0) {
    return group === 'all'
      ? format(t.none, { q })
      : format(t.noneInType, { q, type: t.groups[group].toLowerCase() });
  }
  return total === 1 ? format(t.countOne, { q }) : format(t.count, { n: total, q });
}

/** /sok?q=…&typ=…&sida=…: the hits for a text, by type, a page at a time. */
export default function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const typ = params.get('typ');
  const group: SearchGroup = isSearchGroup(typ) ? typ : 'all';
  const page = pageOf(params.get('sida'));
  const search = useSearch({ q, group, page });
  const filterLabelId = useId();
  const status = useRef<HTMLParagraphElement>(null);
  const tooLong = q.length > searchQueryMax;

  const go = (next: { group?: SearchGroup; page?: number }) => {
    const target = paths.search.href(q, {
      group: (next.group ?? group) === 'all' ? undefined : (next.group ?? group),
      page: next.page ?? 1,
    });
    setParams(new URLSearchParams(target.split('?')[1] ?? ''));
  };

  const data = search.data;
  const pages = data ? Math.ceil(data.total / searchPerPage) : 0;
  const message = !q
    ? t.prompt
    : tooLong
      ? format(t.validation.tooLong, { n: searchQueryMax })
      : data && !search.isPlaceholderData
        ? statusText(q, group, data.total)
        : search.isError
          ? ''
          : t.searching;

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <PageHeading>{q ? format(t.headingFor, { q }) : t.heading}</PageHeading>
      <SearchBlockField
        key={q}
        landmarkLabel={t.refine}
        label={t.pageField}
        hrefFor={(text) => paths.search.href(text, { group: group === 'all' ? undefined : group })}
      />
      {q && !tooLong ? (
        <Box>
          <Typography id={filterLabelId} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
            {t.typeFilter}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={group}
            onChange={(_event, next: SearchGroup | null) => {
              if (next) go({ group: next, page: 1 });
            }}
            aria-labelledby={filterLabelId}
            sx={{
              flexWrap: 'wrap',
              gap: 0.5,
              // MUI's grey text is too faint on white (WCAG 1.4.3).
              '& .MuiToggleButton-root': { borderRadius: 1, color: 'text.secondary' },
              '& .MuiToggleButton-root.Mui-selected': { color: 'primary.main', fontWeight: 700 },
            }}
          >
            {searchGroupKeys.map((key) => (
              <ToggleButton key={key} value={key} sx={{ px: 1.5 }}>
                {t.groups[key]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      ) : null}
      {search.isFetching ? <LinearProgress aria-hidden /> : null}
      <Typography
        ref={status}
        role="status"
        tabIndex={-1}
        sx={{ fontWeight: q && !tooLong ? 600 : 400, '&:focus': { outline: 'none' } }}
      >
        {message}
      </Typography>
      {search.isError ? <Alert severity="warning">{t.loadFailed}</Alert> : null}
      {data && data.total === 0 && q && !tooLong && !search.isPlaceholderData ? (
        <Typography color="text.secondary">{t.noneHint}</Typography>
      ) : null}
      {data && data.items.length > 0 ? (
        <Box component="ol" aria-label={t.results} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.items.map((hit, index) => (
            <Box component="li" key={`${hit.kind}-${hit.id}`}>
              {index > 0 ? <Divider component="div" role="presentation" /> : null}
              <SearchHit hit={hit} />
            </Box>
          ))}
        </Box>
      ) : null}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => {
            go({ page: next });
            window.scrollTo({ top: 0 });
            status.current?.focus();
          }}
          aria-label={t.pages}
          color="primary"
        />
      ) : null}
    </Stack>
  );
}
