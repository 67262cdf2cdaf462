import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { format, sv, type PostListItem, type PostStatus } from '@skolportalen/shared';
import { useState } from 'react';
import { useChangePostStatus } from '../api/post-lists';
import type { PostAction } from './posts-table';

const t = sv.posts.lists;

/**
 * The list actions (trash, restore as a draft, delete for good after a
 * question) and bulk status changes, with the outcome said in a status line.
 */
export function usePostActions() {
  const change = useChangePostStatus();
  const [confirming, setConfirming] = useState<PostListItem | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(
    null,
  );

  const perform = (posts: PostListItem[], status: PostStatus | 'deleted', success: string) =>
    change.mutate(
      { posts, status },
      {
        onSuccess: ({ failures }) =>
          setOutcome(
            failures.length
              ? {
                  severity: 'error',
                  text: failures
                    .map((failure) => `${failure.post.title}: ${failure.message}`)
                    .join(' '),
                }
              : { severity: 'success', text: success },
          ),
      },
    );

  const run = (post: PostListItem, action: PostAction) => {
    setOutcome(null);
    if (action === 'delete') {
      setConfirming(post);
      return;
    }
    if (action === 'trash') perform([post], 'trash', format(t.trashed, { title: post.title }));
    else perform([post], 'draft', format(t.restored, { title: post.title }));
  };

  const bulk = (posts: PostListItem[], status: PostStatus) => {
    setOutcome(null);
    perform(posts, status, format(t.bulkDone, { n: posts.length }));
  };

  const elements = (
    <>
      <div role="status">
        {outcome ? (
          <Alert severity={outcome.severity} onClose={() => setOutcome(null)} sx={{ mb: 2 }}>
            {outcome.text}
          </Alert>
        ) : null}
      </div>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="post-delete-title"
        aria-describedby="post-delete-text"
      >
        <DialogTitle id="post-delete-title">{t.confirmDeleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="post-delete-text">
            {confirming ? format(t.confirmDelete, { title: confirming.title }) : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              const post = confirming!;
              setConfirming(null);
              perform([post], 'deleted', format(t.deleted, { title: post.title }));
            }}
          >
            {t.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );

  return { run, bulk, busy: change.isPending, elements };
}
