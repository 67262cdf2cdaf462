import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv } from '@skolportalen/shared';
import { PageHeading } from '@/components/page-heading';
import { useFeedbackList, useSetFeedbackStatus } from '../api/feedback';

const t = sv.about;
const dateFormat = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'long', timeStyle: 'short' });

/** Administrators read the accessibility feedback and mark it handled. */
export default function AdminFeedbackRoute() {
  const list = useFeedbackList();
  const setStatus = useSetFeedbackStatus();
  const items = list.data?.items ?? [];

  return (
    <Stack spacing={3}>
      <PageHeading>{t.adminFeedbackTitle}</PageHeading>
      {list.isSuccess && items.length === 0 ? (
        <Typography>{t.adminFeedbackEmpty}</Typography>
      ) : null}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item) => (
          <Card component="li" key={item.id} variant="outlined">
            <CardContent>
              <Stack
                direction="row"
                spacing={1}
                sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Chip
                  size="small"
                  color={item.status === 'new' ? 'warning' : 'default'}
                  label={item.status === 'new' ? t.adminFeedbackNew : t.adminFeedbackHandled}
                />
                <Typography variant="body2" component="span">
                  {dateFormat.format(new Date(item.createdAt))}
                </Typography>
                <Typography variant="body2" component="span">
                  {item.sender
                    ? format(t.adminFeedbackFrom, { name: item.sender.name })
                    : t.adminFeedbackAnonymous}
                </Typography>
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.message}</Typography>
              {item.pageUrl ? (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {format(t.adminFeedbackPage, { page: item.pageUrl })}
                </Typography>
              ) : null}
              {item.email ? (
                <Link href={`mailto:${item.email}`} variant="body2">
                  {format(t.adminFeedbackReplyTo, { email: item.email })}
                </Link>
              ) : null}
            </CardContent>
            <CardActions>
              <Button
                disabled={setStatus.isPending}
                onClick={() =>
                  setStatus.mutate({
                    id: item.id,
                    status: item.status === 'new' ? 'handled' : 'new',
                  })
                }
              >
                {item.status === 'new' ? t.adminFeedbackMarkHandled : t.adminFeedbackMarkNew}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
