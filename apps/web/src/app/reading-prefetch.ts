import type { ReadingPage } from '@skolportalen/shared/reading-page';
import type { QueryClient } from '@tanstack/react-query';
import { postQuery } from '@/features/content/api/get-post';
import { courseQuery } from '@/features/courses/api/get-course';
import { favoritesListQuery } from '@/features/favorites/api/favorites';
import { commentsInfiniteQuery } from '@/features/reactions/api/comments';
import { contentLanguagesQuery } from '@/lib/content-languages';
import { hasSignedInCookie } from '@/lib/cookies';
import { currentUserQuery } from '@/lib/current-user';
import { importReadingPage } from './reading-pages';
import { capped, prefetchFrame } from './start-prefetch';

/**
 * A reading page's code and data (issue 32), asked for the moment the address
 * is one (main.tsx loads this module only then, so the start page does not), as the start page's are (./start-prefetch.ts): what the server put
 * inside the page answers at once, the rest is one round of parallel requests.
 * Resolves once all of it is here, or after `startDataWaitMs`; undefined when
 * nobody is signed in (the page then goes to sign-in). Never rejects.
 *
 * Waiting lets the first render draw the page whole, in one interruptible pass:
 * an answer landing while React renders in slices would make it start over in
 * one blocking pass, the long task a phone feels.
 */
export function prefetchReadingPage(
  queryClient: QueryClient,
  page: ReadingPage,
): Promise<void> | undefined {
  if (!hasSignedInCookie()) return undefined;
  const { user, frame } = prefetchFrame(queryClient);
  // The frame's reads that depend on who reads: the favourites menu for teachers, and the
  // language question's languages (the same as the server's plan, shared/start-page.ts).
  const reader = user.then(() => {
    const current = queryClient.getQueryData(currentUserQuery().queryKey);
    return Promise.all([
      current?.roles.some((role) => role.key === 'role_teacher')
        ? queryClient.prefetchQuery(favoritesListQuery())
        : undefined,
      current?.askLanguage ? queryClient.prefetchQuery(contentLanguagesQuery()) : undefined,
    ]);
  });
  const content =
    page.kind === 'post'
      ? queryClient.prefetchQuery(postQuery(page.slug)).then(() => {
          const post = queryClient.getQueryData(postQuery(page.slug).queryKey);
          // The comments under a published post that takes them (as postReadRequests).
          if (post?.status === 'publish' && post.allowComments)
            return queryClient.prefetchInfiniteQuery(commentsInfiniteQuery(post.id));
        })
      : queryClient.prefetchQuery(courseQuery(page.slug));
  // The code in a task of its own, so the requests above leave first.
  const code = new Promise((resolve) => {
    setTimeout(() => resolve(importReadingPage(page.kind).catch(() => undefined)));
  });
  return capped(Promise.all([user, frame, reader, content, code]));
}
