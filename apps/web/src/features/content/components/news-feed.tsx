import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, type PostListItem } from '@skolportalen/shared';
import { postReaderTexts, startPageTexts } from '@skolportalen/shared/texts/start-page';
import { useId } from 'react';
import { PageHeading } from '@/components/page-heading';
import { contentLanguageProps } from '@/lib/content-language-props';
import { apiPaths } from '@/lib/paths';
import { feedPageSize, useNewsFeed } from '../api/get-posts';
import { ReachedChildren } from '../must-read/reached-children';
import { MachineTranslatedMark } from './machine-translated-mark';
import { PostMeta } from './post-meta';

const t = startPageTexts;

/** One news item in the feed; an unread one has a marker and a bold title, and says so in words. */
export function NewsItem({ post }: { post: PostListItem }) {
  const unread = !post.isRead;
  const language = contentLanguageProps(post);
  return (
    <Box
      component="article"
      sx={{
        display: 'flex',
        gap: 2,
        py: 2,
        pl: 1.5,
        borderLeft: 4,
        borderColor: unread ? 'primary.main' : 'transparent',
      }}
    >
      {post.media ? (
        <Box
          component="img"
          // The 320 px copy: the box is at most 120 × 90 px, so twice that on a sharp screen.
          src={post.media.renditions?.thumb.url ?? apiPaths.mediaFile(post.media.filename)}
          alt=""
          loading="lazy"
          sx={{
            width: { xs: 72, sm: 120 },
            height: { xs: 72, sm: 90 },
            objectFit: 'cover',
            borderRadius: 1,
            flexShrink: 0,
          }}
        />
      ) : null}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          component="h3"
          variant="h6"
          sx={{ fontWeight: unread ? 700 : 500, fontSize: '1.1rem' }}
          {...language}
        >
          <Link href={post.url ?? undefined} underline="hover" color="inherit">
            {post.title}
          </Link>
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
          <Typography
            variant="body2"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              fontWeight: 600,
              color: unread ? 'primary.main' : 'text.secondary',
            }}
          >
            {unread ? <FiberManualRecord sx={{ fontSize: 12 }} aria-hidden /> : null}
            {unread ? t.unread : t.read}
          </Typography>
          <PostMeta post={post} showUpdated={false} />
          <ReachedChildren reached={post.reachedChildren} />
          <MachineTranslatedMark post={post} />
        </Box>
        {post.excerpt ? (
          <Typography sx={{ mt: 0.5 }} {...language}>
            {post.excerpt}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

function FeedSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack spacing={2} aria-hidden sx={{ py: 2 }}>
      {Array.from({ length: rows }, (_, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 2 }}>
          <Skeleton variant="rounded" width={120} height={90} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width="60%" sx={{ fontSize: '1.3rem' }} />
            <Skeleton variant="text" width="30%" />
            <Skeleton variant="text" />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** The news feed: news targeted to the reader, newest first, more on request. */
export function NewsFeed({ asPage = false }: { asPage?: boolean }) {
  const headingId = useId();
  const feed = useNewsFeed(feedPageSize);
  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const total = feed.data?.pages.at(-1)?.total ?? 0;

  let body;
  if (feed.isPending) body = <FeedSkeleton />;
  else if (feed.isError) body = <Alert severity="warning">{t.newsFailed}</Alert>;
  else if (posts.length === 0) body = <Typography sx={{ py: 2 }}>{t.newsEmpty}</Typography>;
  else {
    body = (
      <>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            '& > li + li': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          {posts.map((post) => (
            <li key={post.id}>
              <NewsItem post={post} />
            </li>
          ))}
        </Box>
        {feed.isFetchingNextPage ? <FeedSkeleton rows={1} /> : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" role="status">
            {format(t.shown, { shown: posts.length, total })}
          </Typography>
          {feed.hasNextPage ? (
            <Button
              variant="outlined"
              disabled={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              {feed.isFetchingNextPage ? t.loadingMore : t.showMore}
            </Button>
          ) : null}
        </Box>
      </>
    );
  }

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      aria-busy={feed.isPending || feed.isFetchingNextPage}
    >
      {asPage ? (
        <span id={headingId}>
          <PageHeading>{postReaderTexts.newsArchive}</PageHeading>
        </span>
      ) : (
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {t.news}
        </Typography>
      )}
      {body}
    </Box>
  );
}
