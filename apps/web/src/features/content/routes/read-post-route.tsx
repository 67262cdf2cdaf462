import Alert from '@mui/material/Alert';
import { sourceLanguage, svShell, type PostResponse } from '@skolportalen/shared';
import { postReaderTexts } from '@skolportalen/shared/texts/start-page';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isSentOn } from '@/lib/api-error';
import { ChunkLoadError } from '@/lib/chunk-reload';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { usePost } from '../api/get-post';
import { LanguageBar } from '../components/language-bar';
import { ArticleSkeleton } from '../components/article-skeleton';
import { PostArticle } from '../components/post-article';
import { ReadMarker } from '../components/read-marker';

// /nyhet and /sida without an address: the news list or the list of pages, loaded only there.
const PostIndexRoute = lazy(() =>
  import('./post-index-route').then(
    (module) => ({ default: module.PostIndexRoute }),
    (error: unknown) => {
      throw new ChunkLoadError(error);
    },
  ),
);

// The must-read panel, for the readers asked to confirm the post.
const MustReadPanel = lazy(() =>
  import('../must-read/must-read-panel').then(
    (module) => ({ default: module.MustReadPanel }),
    (error: unknown) => {
      throw new ChunkLoadError(error);
    },
  ),
);

interface ReadPostRouteProps {
  /** What other features show under a post (src/app lends likes and comments). */
  belowPost?: (post: PostResponse) => ReactNode;
}

/**
 * /nyhet/{slug}, /sida/{slug} and the other reading prefixes. An unknown slug
 * answers 404 and the API client sends the reader to the 404 page; a post
 * reached under another type's prefix moves to its own address.
 */
export default function ReadPostRoute({ belowPost }: ReadPostRouteProps) {
  const { slug } = useParams();
  if (!slug)
    return (
      <Suspense fallback={<ArticleSkeleton />}>
        <PostIndexRoute />
      </Suspense>
    );
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
    if (post.data) document.title = `${post.data.title} – ${svShell.app.name}`;
  }, [post.data]);

  if (post.isPending) return <ArticleSkeleton />;
  if (post.isError) {
    // An unknown or forbidden post: the reader is on the way to the 404 page or to sign in.
    if (isSentOn(post.error)) return <ArticleSkeleton />;
    return <Alert severity="warning">{postReaderTexts.loadFailed}</Alert>;
  }
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
          {post.data.myAcknowledgement ? (
            <Suspense fallback={null}>
              <MustReadPanel post={post.data} />
            </Suspense>
          ) : null}
          <ReadMarker post={post.data} />
        </>
      }
      footer={belowPost?.(post.data)}
    />
  );
}
