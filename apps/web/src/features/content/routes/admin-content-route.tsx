import Autocomplete from '@mui/material/Autocomplete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  format,
  postStatuses,
  sv,
  type NodeResponse,
  type PostStatus,
  type UserListItem,
} from '@skolportalen/shared';
import { userEndpoints } from '@skolportalen/shared/endpoints/users';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { callList } from '@/lib/api-client';
import { useGroups } from '@/lib/groups';
import { useAllPosts } from '../api/post-lists';
import { useDebounced } from '@/lib/use-debounced';
import { usePostActions } from '../components/post-actions';
import { PostFilters, type PostFilterValues } from '../components/post-filters';
import { PostsTable } from '../components/posts-table';

const t = sv.posts.lists;

function AuthorFilter({
  value,
  onChange,
}: {
  value: UserListItem | null;
  onChange: (user: UserListItem | null) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 300);
  const users = useQuery({
    queryKey: ['posts', 'author-search', search],
    enabled: search.length >= 2,
    queryFn: async ({ signal }) =>
      (await callList(userEndpoints.list, { query: { perPage: 20, search }, signal })).items,
  });
  return (
    <Autocomplete
      size="small"
      options={users.data ?? []}
      value={value}
      filterOptions={(options) => options}
      getOptionLabel={(user) => user.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, user) => onChange(user)}
      loading={users.isFetching}
      renderInput={(params) => (
        <TextField {...params} label={t.author} placeholder={t.allAuthors} />
      )}
      sx={{ minWidth: 220 }}
    />
  );
}

function GroupFilter({
  value,
  onChange,
}: {
  value: NodeResponse | null;
  onChange: (node: NodeResponse | null) => void;
}) {
  const groups = useGroups();
  return (
    <Autocomplete
      size="small"
      options={groups.data ?? []}
      value={value}
      getOptionLabel={(node) => `${node.name} (${node.type})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, node) => onChange(node)}
      renderInput={(params) => <TextField {...params} label={t.group} placeholder={t.allGroups} />}
      sx={{ minWidth: 220 }}
    />
  );
}

/** /profile/admin/content: all posts (GetPostsAll) with filters, paging and bulk status changes. */
export default function AdminContentRoute() {
  const [filters, setFilters] = useState<PostFilterValues>({ type: '', status: '', search: '' });
  const [author, setAuthor] = useState<UserListItem | null>(null);
  const [group, setGroup] = useState<NodeResponse | null>(null);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<PostStatus>('draft');
  const search = useDebounced(filters.search.trim(), 300);
  const posts = useAllPosts({
    type: filters.type ? [filters.type] : undefined,
    // GetPostsAll defaults to published; the administration sees every status unless it filters.
    status: filters.status ? [filters.status] : [...postStatuses],
    authorId: author?.id,
    nodeIds: group ? [group.id] : undefined,
    search: search || undefined,
    page,
    perPage,
    sort: 'updated DESC',
  });
  const actions = usePostActions();
  const items = posts.data?.items ?? [];
  const chosen = items.filter((post) => selected.has(post.id));
  const resetPage = () => {
    setPage(1);
    setSelected(new Set());
  };

  return (
    <Stack spacing={2}>
      <div>
        <PageHeading>{sv.pageTitles.adminContent}</PageHeading>
        <Typography>{t.adminContentIntro}</Typography>
      </div>
      <PostFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          resetPage();
        }}
      >
        <AuthorFilter
          value={author}
          onChange={(user) => {
            setAuthor(user);
            resetPage();
          }}
        />
        <GroupFilter
          value={group}
          onChange={(node) => {
            setGroup(node);
            resetPage();
          }}
        />
      </PostFilters>
      {actions.elements}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" role="status">
          {format(t.selectedCount, { n: chosen.length })}
        </Typography>
        <TextField
          select
          size="small"
          label={t.bulkLabel}
          value={bulkStatus}
          onChange={(event) => setBulkStatus(event.target.value as PostStatus)}
          sx={{ minWidth: 220 }}
        >
          {postStatuses
            .filter((status) => status !== 'future')
            .map((status) => (
              <MenuItem key={status} value={status}>
                {sv.content.statuses[status]}
              </MenuItem>
            ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={chosen.length === 0 || actions.busy}
          onClick={() => {
            actions.bulk(chosen, bulkStatus);
            setSelected(new Set());
          }}
        >
          {t.bulkApply}
        </Button>
      </Stack>
      {posts.isFetching ? <LinearProgress aria-hidden /> : null}
      {posts.isError ? <Alert severity="warning">{sv.posts.reader.loadFailed}</Alert> : null}
      {posts.data ? (
        items.length === 0 ? (
          <Typography>{t.empty}</Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {format(t.total, { n: posts.data.total })}
            </Typography>
            <PostsTable
              posts={items}
              total={posts.data.total}
              page={page}
              perPage={perPage}
              onPage={(next) => {
                setPage(next);
                setSelected(new Set());
              }}
              onPerPage={(value) => {
                setPerPage(value);
                resetPage();
              }}
              onAction={actions.run}
              busy={actions.busy}
              showAuthor
              selected={selected}
              onSelect={(ids, on) =>
                setSelected((current) => {
                  const next = new Set(current);
                  for (const id of ids) {
                    if (on) next.add(id);
                    else next.delete(id);
                  }
                  return next;
                })
              }
            />
          </>
        )
      ) : null}
    </Stack>
  );
}
