import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { courseDateTime, format, sv } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { useCalendarFeed, useChangeCalendarFeed } from '../api/calendar-feed';

const t = sv.courses.mine;

/** The personal calendar link: made (shown once), made anew, or taken away. */
export function CalendarFeedCard() {
  const headingId = useId();
  const feed = useCalendarFeed();
  const change = useChangeCalendarFeed();
  const [fresh, setFresh] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const create = () =>
    change.mutate('create', {
      onSuccess: (state) => {
        setFresh(state.url);
        setNotice(null);
      },
    });
  const revoke = () =>
    change.mutate('revoke', {
      onSuccess: () => {
        setFresh(null);
        setNotice(t.feedRevoked);
      },
    });
  const copy = async () => {
    if (!fresh) return;
    await navigator.clipboard?.writeText(fresh).catch(() => undefined);
    setNotice(t.feedCopied);
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={2}>
          <Typography id={headingId} component="h2" variant="h6">
            {t.feedHeading}
          </Typography>
          <Typography>{t.feedIntro}</Typography>
          <div role="status" aria-live="polite">
            {notice ? <Alert severity="success">{notice}</Alert> : null}
          </div>
          {fresh ? (
            <Stack spacing={1}>
              <Alert severity="info">{t.feedNew}</Alert>
              <TextField
                label={t.feedUrl}
                value={fresh}
                slotProps={{ htmlInput: { readOnly: true } }}
                onFocus={(event) => event.target.select()}
                fullWidth
              />
              <div>
                <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
                  {t.feedCopy}
                </Button>
              </div>
            </Stack>
          ) : feed.data?.active && feed.data.created ? (
            <Typography>
              {format(t.feedActive, { date: courseDateTime(feed.data.created) })}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="contained"
              onClick={create}
              disabled={change.isPending || feed.isPending}
            >
              {feed.data?.active ? t.feedRenew : t.feedCreate}
            </Button>
            {feed.data?.active ? (
              <Button color="error" onClick={revoke} disabled={change.isPending}>
                {t.feedRevoke}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
