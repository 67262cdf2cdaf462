import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, type PostListItem, type ReachedChild } from '@skolportalen/shared';
import { mustReadNoticeTexts } from '@skolportalen/shared/texts/start-page';
import { useId, useRef, useState } from 'react';
import { contentLanguageProps } from '@/lib/content-language-props';
import { useMustReadNotices } from '../api/get-posts';
import { MachineTranslatedMark } from '../components/machine-translated-mark';
import { AcknowledgeButtons } from './acknowledge-buttons';
import { MustReadDeadline } from './must-read-deadline';
import { joinNames } from './names';
import { ReachedChildren } from './reached-children';

const t = mustReadNoticeTexts.notices;

/** What a confirmation said, for the polite status message. */
export function confirmedMessage(post: Pick<PostListItem, 'title'>, children: ReachedChild[]) {
  return children.length === 0
    ? format(t.confirmed, { title: post.title })
    : format(t.confirmedFor, {
        title: post.title,
        names: joinNames(children.map((child) => child.name)),
      });
}

function MustReadNotice({
  post,
  onConfirmed,
}: {
  post: PostListItem;
  onConfirmed: (children: ReachedChild[]) => void;
}) {
  const titleId = useId();
  const overdue = post.myAcknowledgement?.overdue ?? false;
  const language = contentLanguageProps(post);
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ borderLeft: 6, borderLeftColor: overdue ? 'error.main' : 'primary.main' }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack spacing={1}>
          <Typography
            id={titleId}
            component="h3"
            variant="h6"
            sx={{ fontSize: '1.1rem' }}
            {...language}
          >
            {post.url ? (
              <Link href={post.url} color="inherit">
                {post.title}
              </Link>
            ) : (
              post.title
            )}
          </Typography>
          {post.reachedChildren.length > 0 ? (
            <Box>
              <ReachedChildren reached={post.reachedChildren} />
            </Box>
          ) : null}
          {post.excerpt ? <Typography {...language}>{post.excerpt}</Typography> : null}
          {post.machineTranslated ? (
            <Box>
              <MachineTranslatedMark post={post} />
            </Box>
          ) : null}
          <MustReadDeadline post={post} />
          <AcknowledgeButtons post={post} onConfirmed={onConfirmed} describedBy={titleId} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The must-read notices the reader still has to confirm, pinned above
 * everything else on the start page (decision 0040), the nearest deadline
 * first. A confirmed notice leaves the list; a polite message says so and
 * takes the focus its button had.
 */
export function MustReadNotices() {
  const headingId = useId();
  const notices = useMustReadNotices();
  const [status, setStatus] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const items = notices.data?.items ?? [];
  if (items.length === 0 && status === null) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {t.heading}
      </Typography>
      <div role="status">
        {status ? (
          <Alert
            ref={statusRef}
            tabIndex={-1}
            severity="success"
            onClose={() => setStatus(null)}
            sx={{ mb: 1.5 }}
          >
            {status}
          </Alert>
        ) : null}
      </div>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((post) => (
          <li key={post.id}>
            <MustReadNotice
              post={post}
              onConfirmed={(children) => {
                setStatus(confirmedMessage(post, children));
                requestAnimationFrame(() => statusRef.current?.focus());
              }}
            />
          </li>
        ))}
      </Stack>
    </Box>
  );
}
