import EventBusy from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { format, type PostListItem } from '@skolportalen/shared';
import { mustReadNoticeTexts } from '@skolportalen/shared/texts/start-page';
import { weekdayDateTime } from '../components/dates';

const t = mustReadNoticeTexts.notices;

/**
 * "Bekräfta senast fredag 4 december kl. 12.00", and "Sista dag har passerat"
 * once the deadline is gone and the reader has not confirmed.
 */
export function MustReadDeadline({
  post,
}: {
  post: Pick<PostListItem, 'acknowledgeBy' | 'myAcknowledgement'>;
}) {
  const overdue = post.myAcknowledgement?.overdue ?? false;
  if (!post.acknowledgeBy && !overdue) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
      {post.acknowledgeBy ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <time dateTime={post.acknowledgeBy}>
            {format(t.deadline, { date: weekdayDateTime(post.acknowledgeBy) })}
          </time>
        </Typography>
      ) : null}
      {overdue ? (
        <Typography
          variant="body2"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            fontWeight: 700,
            color: 'error.main',
          }}
        >
          <EventBusy sx={{ fontSize: 18 }} aria-hidden />
          {t.overdue}
        </Typography>
      ) : null}
    </Box>
  );
}
