import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { format, type CommentResponse } from '@skolportalen/shared';
import { commentTexts, likeTexts } from '@skolportalen/shared/texts/reactions';
import { useId, useRef, useState } from 'react';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { flattenComments, useComments } from '../api/comments';
import { useDeleteComment } from '../api/delete-comment';
import { useToggleCommentLike } from '../api/likes';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { likeCountText } from './like-button';
import type { ReactionRights } from './reaction-rights';

const t = commentTexts;

// Asked only when someone removes a comment: its code loads then, not with the post.
const DeleteCommentDialog = lazyOverlay(() =>
  import('./delete-comment-dialog').then((module) => module.DeleteCommentDialog),
);

interface CommentsSectionProps {
  postId: number;
  userId: number | undefined;
  rights: ReactionRights;
  announce: (message: string) => void;
}

/**
 * The comments under a post, oldest first, with the form below them. After a
 * comment is deleted the focus goes to the heading, since the button that had
 * it is gone; what happened is announced in the page's live region.
 */
export function CommentsSection({ postId, userId, rights, announce }: CommentsSectionProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const comments = useComments(postId);
  const toggleLike = useToggleCommentLike(postId);
  const remove = useDeleteComment(postId);
  const [toDelete, setToDelete] = useState<CommentResponse | null>(null);
  // The deleted comment's button is gone: the dialog hands the focus to the heading instead.
  const focusHeading = useRef(false);
  const { items, total } = flattenComments(comments.data);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        focusHeading.current = true;
        setToDelete(null);
        announce(t.deleted);
      },
      onError: () => setToDelete(null),
    });
  };

  const onToggleLike = (comment: CommentResponse) =>
    toggleLike.mutate(
      { comment },
      {
        onSuccess: (answer) =>
          announce(
            format(answer.liked ? likeTexts.announceLiked : likeTexts.announceUnliked, {
              count: likeCountText(answer.count),
            }),
          ),
      },
    );

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        component="h2"
        variant="h5"
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        sx={{ mb: 1, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 2 } }}
      >
        {comments.isSuccess ? format(t.headingWithCount, { n: total }) : t.heading}
      </Typography>
      {comments.isPending ? (
        <Typography role="status" color="text.secondary">
          {t.loading}
        </Typography>
      ) : null}
      {comments.isError ? <Alert severity="warning">{t.loadFailed}</Alert> : null}
      {comments.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary">{t.none}</Typography>
      ) : null}
      {items.length > 0 ? (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              canLike={rights.like}
              canUnlike={rights.unlike}
              likePending={toggleLike.isPending && toggleLike.variables.comment.id === comment.id}
              onToggleLike={onToggleLike}
              onDelete={setToDelete}
            />
          ))}
        </Box>
      ) : null}
      {comments.hasNextPage ? (
        <Button
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          {format(t.showMore, { n: total - items.length })}
        </Button>
      ) : null}
      <Box sx={{ mt: 3 }}>
        {rights.comment ? (
          <CommentForm postId={postId} onPosted={() => announce(t.posted)} />
        ) : (
          <Typography color="text.secondary">{t.noRight}</Typography>
        )}
      </Box>
      <DeleteCommentDialog
        open={toDelete !== null}
        comment={toDelete}
        own={toDelete !== null && toDelete.author.id === userId}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        onClosed={() => {
          if (focusHeading.current) headingRef.current?.focus();
          focusHeading.current = false;
        }}
      />
    </Box>
  );
}
