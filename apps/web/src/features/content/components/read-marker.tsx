import CheckCircle from '@mui/icons-material/CheckCircle';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { format, type PostListItem } from '@skolportalen/shared';
import { postReaderTexts } from '@skolportalen/shared/texts/start-page';
import { useMarkRead } from '../api/mark-read';

const t = postReaderTexts;

/**
 * "Markera som läst" and the read state. The state sits in a live region, so
 * the change is announced when the reader marks it. Editors also see how many
 * of the targeted readers have read it. A post that asks the reader to confirm
 * it has "Jag har läst" instead (the must-read panel), which marks it read too.
 */
export function ReadMarker({ post }: { post: PostListItem }) {
  const markRead = useMarkRead();
  const confirmsInstead = post.myAcknowledgement !== null;
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
      {post.isRead || confirmsInstead ? null : (
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
