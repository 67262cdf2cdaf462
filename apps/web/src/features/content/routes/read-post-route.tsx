import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { sourceLanguage, sv, type PostResponse } from '@skolportalen/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { usePost } from '../api/get-post';
import { usePosts } from '../api/get-posts';
import { LanguageBar } from '../components/language-bar';
import { NewsFeed } from '../components/news-feed';
import { PostArticle } from '../components/post-article';
import { ReadMarker } from '../components/read-marker';
import { MustReadPanel } from '../must-read/must-read-panel';

/** A loading skeleton shaped like the article, so the page does not jump when it arrives. */
export function ArticleSkeleton() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }} role="status" aria-label={sv.posts.start.loading}>
      <Skeleton variant="text" width={120} />
      <Skeleton variant="text" sx={{ fontSize: '2.2rem' }} width="70%" />
      <Skeleton variant="text" width={240} />
      <Skeleton variant="rectangular" height={240} />
      <Skeleton variant="text" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="60%" />
    </Stack>
  );
}

/**
 * /nyhet/{slug}, /sida/{slug} and the other reading prefixes. An unknown slug
 * answers 404 and the API client sends the reader to the 404 page; a post
 * reached under another type's prefix moves to its own address.
 */
function PageIndex() {
  const pages = usePosts({ type: ['page'], sort: 'title ASC', perPage: 200 });
  return (
    <Stack spacing={2}>
      <PageHeading>{sv.posts.reader.pageList}</PageHeading>
      {pages.isPending ? <ArticleSkeleton /> : null}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {(pages.data?.items ?? []).map((page) => (
          <li key={page.id}>
            <Link href={page.url ?? undefined}>{page.title}</Link>
            {page.excerpt ? (
              <Typography variant="body2" color="text.secondary">
                {page.excerpt}
              </Typography>
            ) : null}
          </li>
        ))}
      </Box>
    </Stack>
  );
}

/** /nyhet and /sida without an address: all news, or the list of pages. */
function PostIndexRoute() {
  const { pathname } = useLocation();
  return pathname.startsWith(paths.page.href()) ? <PageIndex /> : <NewsFeed asPage />;
}

interface ReadPostRouteProps {
  /** What other features show under a post (src/app lends likes and comments). */
  belowPost?: (post: PostResponse) => ReactNode;
}

export default function ReadPostRoute({ belowPost }: ReadPostRouteProps) {
  const { slug } = useParams();
  if (!slug) return <PostIndexRoute />;
  return <ReadPost slug={slug} belowPost={belowPost} />;
}

function ReadPost({ slug, belowPost }: { slug: string } & ReadPostRouteProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const readerLanguage = useCurrentUser().data?.preferredLanguage ?? sourceLanguage;
  const [original, setOriginal] = useState(false);
  const own = usePost(slug);
  // "Visa original på svenska" reads the post again in Swedish; the translation stays kept.
  const swedish = usePost(original ? slug : undefined, sourceLanguage);
  const post = original && swedish.data ? swedish : own;

  const canonical = post.data ? paths.post.href(post.data.type, post.data.slug) : null;
  useEffect(() => {
    if (canonical && canonical !== pathname && decodeURIComponent(pathname) !== canonical) {
      void navigate(canonical, { replace: true });
    }
  }, [canonical, pathname, navigate]);

  useEffect(() => {
    if (post.data) document.title = `${post.data.title} – ${sv.app.name}`;
  }, [post.data]);

  if (post.isPending) return <ArticleSkeleton />;
  if (post.isError) return <Alert severity="warning">{sv.posts.reader.loadFailed}</Alert>;
  return (
    <PostArticle
      post={post.data}
      languageBar={
        <LanguageBar
          post={post.data}
          postKey={slug}
          readerLanguage={readerLanguage}
          showingOriginal={original}
          translationExists={
            own.data?.language !== undefined && own.data.language !== sourceLanguage
          }
          onShowOriginal={() => setOriginal(true)}
          onShowTranslation={() => setOriginal(false)}
        />
      }
      readMarker={
        <>
          <MustReadPanel post={post.data} />
          <ReadMarker post={post.data} />
        </>
      }
      footer={belowPost?.(post.data)}
    />
  );
}
