import CheckCircle from '@mui/icons-material/CheckCircle';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { format, sv, type PostListItem } from '@skolportalen/shared';
import { useMarkRead } from '../api/mark-read';

const t = sv.posts.reader;

/**
 * "Markera som läst" and the read state. The state sits in a live region, so
 * the change is announced when the reader marks it. Editors also see how many
 * of the targeted readers have read it.
 */
export function ReadMarker({ post }: { post: PostListItem }) {
  const markRead = useMarkRead();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      <Box role="status" sx={{ display: 'inline-flex', minHeight: 24 }}>
        {post.isRead ? (
          <Typography
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              color: 'success.main',
              fontWeight: 600,
            }}
          >
            <CheckCircle aria-hidden />
            {t.isRead}
          </Typography>
        ) : null}
      </Box>
      {post.isRead ? null : (
        <Button
          variant="outlined"
          startIcon={<DoneAll />}
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(post.id)}
        >
          {markRead.isPending ? t.marking : t.markRead}
        </Button>
      )}
      {post.readCount !== null && post.targetCount !== null ? (
        <Typography variant="body2" color="text.secondary">
          {format(t.readBy, { read: post.readCount, target: post.targetCount })}
        </Typography>
      ) : null}
    </Box>
  );
}
