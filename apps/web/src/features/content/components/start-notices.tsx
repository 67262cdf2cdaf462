import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PostListItem, PostType } from '@skolportalen/shared';
import { startPageTexts } from '@skolportalen/shared/texts/start-page';
import { useId } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { contentLanguageProps } from '@/lib/content-language-props';
import { MachineTranslatedMark } from './machine-translated-mark';
import { apiPaths } from '@/lib/paths';
import { useStartNotices } from '../api/get-posts';
import { ReachedChildren } from '../must-read/reached-children';

const t = startPageTexts;

/**
 * The notices of these types; one still to confirm is left out, since it is
 * pinned with its "Jag har läst" above everything else (MustReadNotices).
 */
function byType(items: readonly PostListItem[] | undefined, types: readonly PostType[]) {
  return (items ?? []).filter(
    (post) =>
      types.includes(post.type) &&
      !(post.myAcknowledgement && !post.myAcknowledgement.acknowledged),
  );
}

function Notice({ post, severity }: { post: PostListItem; severity: AlertColor }) {
  const titleId = useId();
  const language = contentLanguageProps(post);
  return (
    // An alert's look, but not role="alert": a notice present on load must not interrupt a screen reader.
    <Alert
      severity={severity}
      variant={severity === 'error' ? 'filled' : 'standard'}
      role="article"
      aria-labelledby={titleId}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle
        id={titleId}
        component="h3"
        sx={{ fontWeight: 700, fontSize: '1.05rem', m: 0 }}
        {...language}
      >
        {post.title}
      </AlertTitle>
      {post.reachedChildren.length > 0 ? (
        <Box sx={{ mt: 0.5 }}>
          <ReachedChildren reached={post.reachedChildren} />
        </Box>
      ) : null}
      {post.excerpt ? (
        <Typography sx={{ mt: 0.5 }} {...language}>
          {post.excerpt}
        </Typography>
      ) : null}
      {post.machineTranslated ? (
        <Box sx={{ mt: 0.5 }}>
          <MachineTranslatedMark post={post} />
        </Box>
      ) : null}
      {post.url ? (
        <Link
          href={post.url}
          color="inherit"
          sx={{ display: 'inline-block', mt: 0.5, fontWeight: 600 }}
        >
          {t.readMore}
          <span style={visuallyHidden}>
            : <span {...language}>{post.title}</span>
          </span>
        </Link>
      ) : null}
    </Alert>
  );
}

function NoticeSection({
  title,
  posts,
  severityOf,
}: {
  title: string;
  posts: readonly PostListItem[];
  severityOf: (post: PostListItem) => AlertColor;
}) {
  const headingId = useId();
  if (posts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" sx={visuallyHidden}>
        {title}
      </Typography>
      <Stack spacing={1.5}>
        {posts.map((post) => (
          <Notice key={post.id} post={post} severity={severityOf(post)} />
        ))}
      </Stack>
    </Box>
  );
}

/** Crisis information (spec type alert) at the very top of the start page. */
export function CrisisAlerts() {
  const notices = useStartNotices();
  return (
    <NoticeSection
      title={t.alerts}
      posts={byType(notices.data?.items, ['alert'])}
      severityOf={() => 'error'}
    />
  );
}

/** Information messages: the important ones first, in warning colours. */
export function InfoMessages() {
  const notices = useStartNotices();
  const posts = byType(notices.data?.items, ['info-important', 'info']).sort(
    (a, b) => Number(b.type === 'info-important') - Number(a.type === 'info-important'),
  );
  return (
    <NoticeSection
      title={t.messages}
      posts={posts}
      severityOf={(post) => (post.type === 'info-important' ? 'warning' : 'info')}
    />
  );
}

/**
 * A teaser card linking to a post: pinned information blocks and placed
 * pages. The title is the link; it stretches over the card, so the whole
 * card is clickable while the link's name stays the title.
 */
export function PostCard({ post, headingLevel = 3 }: { post: PostListItem; headingLevel?: 2 | 3 }) {
  const language = contentLanguageProps(post);
  return (
    <Card
      sx={{
        height: '100%',
        position: 'relative',
        '&:hover': { boxShadow: 3 },
        '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      {post.media ? (
        <CardMedia
          component="img"
          image={apiPaths.mediaFile(post.media.filename)}
          // The webp copies: a card is the row on a phone, half of it from 600 px and a third
          // (of at most 1500 px) from 1200 px.
          srcSet={
            post.media.renditions
              ? `${post.media.renditions.thumb.url} 320w, ${post.media.renditions.card.url} 960w`
              : undefined
          }
          sizes="(min-width: 1200px) 480px, (min-width: 600px) 50vw, 100vw"
          alt=""
          sx={{ height: 140 }}
        />
      ) : null}
      <CardContent>
        <Typography component={`h${headingLevel}`} variant="h6" gutterBottom {...language}>
          {post.url ? (
            <Link
              href={post.url}
              underline="hover"
              color="inherit"
              sx={{
                '&::after': { content: '""', position: 'absolute', inset: 0 },
                '&:focus-visible': { outline: 'none' },
              }}
            >
              {post.title}
            </Link>
          ) : (
            post.title
          )}
        </Typography>
        {post.reachedChildren.length > 0 ? (
          <Box sx={{ mb: 1 }}>
            <ReachedChildren reached={post.reachedChildren} />
          </Box>
        ) : null}
        {post.excerpt ? (
          <Typography variant="body2" color="text.secondary" {...language}>
            {post.excerpt}
          </Typography>
        ) : null}
        {post.machineTranslated ? (
          <Box sx={{ mt: 1 }}>
            <MachineTranslatedMark post={post} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Pinned information blocks ("Informationsblock") as cards. */
export function PinnedBlocks() {
  const headingId = useId();
  const notices = useStartNotices();
  const posts = byType(notices.data?.items, ['pinned-news']);
  if (notices.isPending) return <NoticesSkeleton />;
  if (notices.isError) {
    return <Alert severity="warning">{t.noticesFailed}</Alert>;
  }
  if (posts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {t.pinned}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {posts.map((post) => (
          <Grid key={post.id} component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
            <PostCard post={post} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function NoticesSkeleton() {
  return (
    <Stack spacing={1} aria-hidden>
      <Skeleton variant="rounded" height={64} />
    </Stack>
  );
}
