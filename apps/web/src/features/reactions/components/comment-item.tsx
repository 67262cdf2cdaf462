import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, type CommentResponse } from '@skolportalen/shared';
import { commentTexts, likeTexts } from '@skolportalen/shared/texts/reactions';
import { commentDate } from './comment-date';
import { LikeButton } from './like-button';

const t = commentTexts;

interface CommentItemProps {
  comment: CommentResponse;
  canLike: boolean;
  canUnlike: boolean;
  likePending: boolean;
  onToggleLike: (comment: CommentResponse) => void;
  onDelete: (comment: CommentResponse) => void;
}

/** One comment: who and when, the text as plain text (never HTML), its like and delete. */
export function CommentItem({
  comment,
  canLike,
  canUnlike,
  likePending,
  onToggleLike,
  onDelete,
}: CommentItemProps) {
  const date = commentDate(comment.created);
  return (
    <Box
      component="li"
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {comment.author.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={comment.created}>{date}</time>
        </Typography>
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 1 }}>
        {comment.text}
      </Typography>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <LikeButton
          summary={comment.likes}
          label={format(likeTexts.likeComment, { name: comment.author.name })}
          canLike={canLike}
          canUnlike={canUnlike}
          pending={likePending}
          onToggle={() => onToggleLike(comment)}
        />
        {comment.can.delete ? (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            aria-label={format(t.deleteLabel, { name: comment.author.name, date })}
            onClick={() => onDelete(comment)}
          >
            {t.delete}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
