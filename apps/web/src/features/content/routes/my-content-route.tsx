import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv } from '@skolportalen/shared';
import { useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useMyPosts } from '../api/post-lists';
import { useDebounced } from '@/lib/use-debounced';
import { usePostActions } from '../components/post-actions';
import { PostFilters, type PostFilterValues } from '../components/post-filters';
import { PostsTable } from '../components/posts-table';

const t = sv.posts.lists;

/** /profile/my-content: what the user wrote or edits, with status, filters and actions. */
export default function MyContentRoute() {
  const [filters, setFilters] = useState<PostFilterValues>({ type: '', status: '', search: '' });
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const search = useDebounced(filters.search.trim(), 300);
  const posts = useMyPosts({
    type: filters.type ? [filters.type] : undefined,
    status: filters.status ? [filters.status] : undefined,
    search: search || undefined,
    page,
    perPage,
    sort: 'updated DESC',
  });
  const actions = usePostActions();
  const filtered = Boolean(filters.type || filters.status || search);

  return (
    <Stack spacing={2}>
      <div>
        <PageHeading>{sv.pageTitles.myContent}</PageHeading>
        <Typography>{t.myContentIntro}</Typography>
      </div>
      <div>
        <Button variant="contained" startIcon={<Add />} href={paths.createContent.href()}>
          {t.createNew}
        </Button>
      </div>
      <PostFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {actions.elements}
      {posts.isFetching ? <LinearProgress aria-hidden /> : null}
      {posts.isError ? <Alert severity="warning">{sv.posts.reader.loadFailed}</Alert> : null}
      {posts.data ? (
        posts.data.items.length === 0 ? (
          <Typography>{filtered ? t.empty : t.none}</Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" role="status">
              {format(t.total, { n: posts.data.total })}
            </Typography>
            <PostsTable
              posts={posts.data.items}
              total={posts.data.total}
              page={page}
              perPage={perPage}
              onPage={setPage}
              onPerPage={(value) => {
                setPerPage(value);
                setPage(1);
              }}
              onAction={actions.run}
              busy={actions.busy}
            />
          </>
        )
      ) : null}
    </Stack>
  );
}
