import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, type LikeSummary } from '@skolportalen/shared';
import { likeTexts } from '@skolportalen/shared/texts/reactions';
import { useId } from 'react';

const t = likeTexts;

/** "3 gillar", or that nobody does yet. */
export function likeCountText(count: number) {
  return count === 0 ? t.countNone : format(t.count, { n: count });
}

interface LikeButtonProps {
  summary: LikeSummary;
  /** The button's accessible name, starting with the visible "Gilla": "Gilla inlägget". */
  label: string;
  canLike: boolean;
  canUnlike: boolean;
  pending: boolean;
  onToggle: () => void;
}

/**
 * A toggle button (aria-pressed) with the count beside it. The count and "Du
 * gillar detta" describe the button, so both are read out with it; a reader
 * without the right sees the count only. While a press is on its way the
 * button ignores the next one but keeps the focus.
 */
export function LikeButton({
  summary,
  label,
  canLike,
  canUnlike,
  pending,
  onToggle,
}: LikeButtonProps) {
  const countId = useId();
  const mayToggle = summary.liked ? canUnlike : canLike;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {mayToggle ? (
        <Button
          size="small"
          variant={summary.liked ? 'contained' : 'outlined'}
          startIcon={summary.liked ? <ThumbUp /> : <ThumbUpOutlined />}
          aria-pressed={summary.liked}
          aria-label={label}
          aria-describedby={countId}
          // Not `disabled`: that would drop the keyboard focus from the button just pressed.
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onToggle();
          }}
        >
          {t.like}
        </Button>
      ) : null}
      <Typography id={countId} variant="body2" color="text.secondary">
        {likeCountText(summary.count)}
        {summary.liked ? ` · ${t.liked}` : null}
      </Typography>
    </Stack>
  );
}
