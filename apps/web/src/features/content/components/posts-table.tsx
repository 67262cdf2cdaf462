import DeleteForever from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format, sv, type PostListItem } from '@skolportalen/shared';
import { paths } from '@/lib/paths';
import { shortDateTime } from './dates';
import { PostStatusChip } from './post-status-chip';

const t = sv.posts.lists;

export type PostAction = 'trash' | 'restore' | 'delete';

interface PostsTableProps {
  posts: readonly PostListItem[];
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  onAction: (post: PostListItem, action: PostAction) => void;
  busy: boolean;
  showAuthor?: boolean;
  /** Ids chosen for a bulk change; no checkboxes when left out. */
  selected?: ReadonlySet<number>;
  onSelect?: (ids: number[], chosen: boolean) => void;
}

/** Posts with status, dates and what the user may do with each (from the server's `can`). */
export function PostsTable({
  posts,
  total,
  page,
  perPage,
  onPage,
  onPerPage,
  onAction,
  busy,
  showAuthor = false,
  selected,
  onSelect,
}: PostsTableProps) {
  const allChosen = posts.length > 0 && posts.every((post) => selected?.has(post.id));
  return (
    <>
      <TableContainer
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      >
        <Table size="small" aria-label={t.list}>
          <TableHead>
            <TableRow>
              {selected && onSelect ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChosen}
                    indeterminate={!allChosen && posts.some((post) => selected.has(post.id))}
                    onChange={(event) =>
                      onSelect(
                        posts.map((post) => post.id),
                        event.target.checked,
                      )
                    }
                    slotProps={{ input: { 'aria-label': t.selectAll } }}
                  />
                </TableCell>
              ) : null}
              <TableCell>{t.title}</TableCell>
              <TableCell>{t.status}</TableCell>
              {showAuthor ? (
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t.author}</TableCell>
              ) : null}
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t.published}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t.updated}</TableCell>
              <TableCell align="right">{t.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {posts.map((post) => {
              const readingUrl = post.status === 'publish' ? post.url : null;
              return (
                <TableRow key={post.id} hover>
                  {selected && onSelect ? (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(post.id)}
                        onChange={(event) => onSelect([post.id], event.target.checked)}
                        slotProps={{
                          input: { 'aria-label': format(t.select, { title: post.title }) },
                        }}
                      />
                    </TableCell>
                  ) : null}
                  <TableCell sx={{ minWidth: 180 }}>
                    {post.can.edit ? (
                      <Link href={paths.createContent.href(post.id)} sx={{ fontWeight: 600 }}>
                        {post.title}
                      </Link>
                    ) : (
                      <Typography component="span" sx={{ fontWeight: 600 }}>
                        {post.title}
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary">
                      {sv.content.types[post.type]}
                      {post.readCount !== null && post.targetCount !== null
                        ? ` · ${format(t.readCount, { read: post.readCount, target: post.targetCount })}`
                        : ''}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <PostStatusChip status={post.status} />
                  </TableCell>
                  {showAuthor ? (
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {post.author?.name ?? ''}
                    </TableCell>
                  ) : null}
                  <TableCell
                    sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}
                  >
                    {shortDateTime(post.publishedDate)}
                  </TableCell>
                  <TableCell
                    sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}
                  >
                    {shortDateTime(post.updated)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {post.can.edit ? (
                      <IconButton
                        href={paths.createContent.href(post.id)}
                        aria-label={format(t.edit, { title: post.title })}
                      >
                        <EditOutlined />
                      </IconButton>
                    ) : null}
                    {readingUrl ? (
                      <IconButton
                        href={readingUrl}
                        aria-label={format(t.view, { title: post.title })}
                      >
                        <Visibility />
                      </IconButton>
                    ) : null}
                    {post.status !== 'trash' && post.can.delete ? (
                      <IconButton
                        disabled={busy}
                        onClick={() => onAction(post, 'trash')}
                        aria-label={format(t.trash, { title: post.title })}
                      >
                        <DeleteOutline />
                      </IconButton>
                    ) : null}
                    {post.status === 'trash' && post.can.edit ? (
                      <IconButton
                        disabled={busy}
                        onClick={() => onAction(post, 'restore')}
                        aria-label={format(t.restore, { title: post.title })}
                      >
                        <RestoreFromTrash />
                      </IconButton>
                    ) : null}
                    {post.status === 'trash' && post.can.delete ? (
                      <IconButton
                        disabled={busy}
                        onClick={() => onAction(post, 'delete')}
                        aria-label={format(t.delete, { title: post.title })}
                        sx={{ color: 'error.main' }}
                      >
                        <DeleteForever />
                      </IconButton>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, page - 1)}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_event, next) => onPage(next + 1)}
        onRowsPerPageChange={(event) => onPerPage(Number(event.target.value))}
        labelRowsPerPage={t.rowsPerPage}
        labelDisplayedRows={({ from, to, count }) => format(t.pageOf, { from, to, count })}
      />
    </>
  );
}
