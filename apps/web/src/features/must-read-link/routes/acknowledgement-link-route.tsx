import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { courseDateTime, format, sv, type Block } from '@skolportalen/shared';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '@/components/loading-card';
import { PageHeading } from '@/components/page-heading';
import { isApiError } from '@/lib/api-client';
import { useAcknowledgementLink, useConfirmByLink } from '../api/acknowledgement-link';
import { ConfirmPanel } from '../components/confirm-panel';
import { endedKind, LinkEnded } from '../components/link-ended';

const t = sv.acknowledgementLinks.page;

interface AcknowledgementLinkRouteProps {
  /** The notice's blocks, by the reading page's renderers (src/app lends them). */
  renderContent: (blocks: Block[]) => ReactNode;
}

/**
 * /bekrafta/{token}: a must-read mail's one-click link. Without signing in,
 * the reader sees the notice and confirms it — per child for a guardian; an
 * ended link is a page of its own with the way in through signing in.
 * Opening the page confirms nothing.
 */
export default function AcknowledgementLinkRoute({ renderContent }: AcknowledgementLinkRouteProps) {
  const { token = '' } = useParams();
  const link = useAcknowledgementLink(token);
  const confirm = useConfirmByLink(token);
  const [confirmed, setConfirmed] = useState(false);
  // The address is the key: no search engine may keep it (the server says so too).
  const noIndex = <meta name="robots" content="noindex, nofollow" />;

  if (link.isPending) {
    return (
      <>
        {noIndex}
        <PageHeading>{t.title}</PageHeading>
        <PageLoading />
      </>
    );
  }
  // A link that ended while the page was open ends the page too.
  const ended = link.isError ? link.error : endedKind(confirm.error) ? confirm.error : null;
  if (ended || !link.data) {
    return (
      <>
        {noIndex}
        <LinkEnded error={ended} />
      </>
    );
  }

  const { post, reader, acknowledgeBy, myAcknowledgement: asked } = link.data;
  const deadline = acknowledgeBy ? courseDateTime(acknowledgeBy) : null;
  return (
    <Stack spacing={3}>
      {noIndex}
      <div>
        <PageHeading>{t.title}</PageHeading>
        <Typography sx={{ mt: 1 }}>
          {format(t.greeting, { name: reader.firstName })} {t.intro}
        </Typography>
        {deadline && !asked.overdue && !asked.acknowledged ? (
          <Typography sx={{ mt: 1, fontWeight: 500 }}>
            {format(t.deadline, { date: deadline })}
          </Typography>
        ) : null}
        {deadline && asked.overdue ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {format(t.overdue, { date: deadline })}
          </Alert>
        ) : null}
      </div>

      <Paper
        component="article"
        variant="outlined"
        aria-labelledby="notice-title"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="overline" color="text.secondary" component="p">
          {sv.content.types[post.type]}
        </Typography>
        <Typography id="notice-title" component="h2" variant="h5" gutterBottom>
          {post.title}
        </Typography>
        {post.publishedDate ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {format(t.published, { date: courseDateTime(post.publishedDate) })}
          </Typography>
        ) : null}
        {post.excerpt ? (
          <Typography sx={{ fontSize: '1.1rem', fontWeight: 500, mb: 2 }}>
            {post.excerpt}
          </Typography>
        ) : null}
        <Box>{renderContent(post.content)}</Box>
        {post.moreInPortal ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t.moreInPortal}
          </Typography>
        ) : null}
      </Paper>

      <ConfirmPanel
        asked={asked}
        pending={confirm.isPending}
        confirmed={confirmed}
        onConfirm={(childIds) => confirm.mutate(childIds, { onSuccess: () => setConfirmed(true) })}
      />
      {confirm.isError ? (
        <Alert severity="error">
          {isApiError(confirm.error) ? confirm.error.message : t.failed}
        </Alert>
      ) : null}

      {post.url ? (
        <Link href={post.url} sx={{ alignSelf: 'flex-start' }}>
          {t.readInPortal}
        </Link>
      ) : null}
    </Stack>
  );
}
