import { lazy, Suspense, useDeferredValue } from 'react';
import ReadPostRoute from '@/features/content/routes/read-post-route';
import { ChunkLoadError } from '@/lib/chunk-reload';

// Likes and comments, with the comment form and its dialogs, load after the text they are
// under (issue 32): a reader opening a link sees the text first.
const PostReactions = lazy(() =>
  import('@/features/reactions').then(
    (module) => ({ default: module.PostReactions }),
    (error: unknown) => {
      throw new ChunkLoadError(error);
    },
  ),
);

/** A news item or page with its likes and comments under it. */
export default function ReadPostPage() {
  // The reactions come in a second commit right after the text's, so neither is a long task.
  const withReactions = useDeferredValue(true, false);
  return (
    <ReadPostRoute
      belowPost={(post) =>
        withReactions ? (
          <Suspense fallback={null}>
            <PostReactions post={post} />
          </Suspense>
        ) : null
      }
    />
  );
}
