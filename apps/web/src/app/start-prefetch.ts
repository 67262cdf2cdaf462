import { hasCapability } from '@skolportalen/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { relatedAccountsQuery } from '@/features/accounts/api/related-accounts';
import {
  mustReadQuery,
  newsFeedQuery,
  placementPagesQuery,
  startNoticesQuery,
} from '@/features/content/api/get-posts';
import { documentFavoritesQuery } from '@/features/documents/api/list-favorites';
import { notificationDateQuery } from '@/features/notifications/api/my-notifications';
import { toolsListQuery } from '@/features/tools/api/tools-list';
import { hasSignedInCookie } from '@/lib/cookies';
import { currentUserQuery } from '@/lib/current-user';
import { sessionQuery } from '@/lib/session';

/** How long the start page waits for its first screen's data before it shows its sections loading. */
export const startDataWaitMs = 1500;

/** The start page's first-screen requests in flight, or settled; none before the first prefetch. */
let startData: Promise<unknown> | undefined;

/** The start page's component once its code has arrived. */
let startPageComponent: ComponentType | undefined;

function importStartPage() {
  return import('./pages/start-page').then((module) => {
    startPageComponent = module.default;
    return module;
  });
}

/** The start page's component if its code is here already (see lazyPage). */
export const startPageIfLoaded = () => startPageComponent;

/** At most `startDataWaitMs` of waiting for `promise`; resolves either way. */
export function capped(promise: Promise<unknown>): Promise<void> {
  return Promise.race([
    promise.then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, startDataWaitMs)),
  ]);
}

/**
 * What every page's frame needs before it renders whole: the user first (the
 * guards and the layout wait for it; deduplicated when already asked), then
 * what the frame asks for as it appears: the session's tokens, the bell, the
 * role picker. Already answered, none of them re-renders the frame when it mounts.
 */
export function prefetchFrame(queryClient: QueryClient) {
  const user = queryClient.prefetchQuery(currentUserQuery());
  const frame = Promise.all([
    queryClient.prefetchQuery(sessionQuery()),
    queryClient.prefetchQuery(notificationDateQuery()),
    queryClient.prefetchQuery(relatedAccountsQuery()),
  ]);
  return { user, frame };
}

/**
 * The start page's code and data, asked for the moment the address is "/":
 * together with the signed-in user instead of after it, so the first screen
 * of the morning is one round of parallel requests, not a waterfall.
 * Resolves once all of it has arrived, or after `startDataWaitMs`; undefined
 * when nobody is signed in. Prefetching never rejects.
 */
export function prefetchStartPage(queryClient: QueryClient): Promise<void> | undefined {
  if (!hasSignedInCookie()) return undefined;
  const { user, frame } = prefetchFrame(queryClient);
  // "Mina dokument" only for those with the document area, once the user says so. Waited
  // for too: an answer landing while React renders the page in slices makes React throw
  // that pass away and render everything again in one blocking pass (the stores it read
  // changed under it), the longest task of the morning.
  const documents = user.then(() => {
    const capabilities = queryClient.getQueryData(currentUserQuery().queryKey)?.capabilities;
    if (capabilities && hasCapability(capabilities, 'document_repository')) {
      return queryClient.prefetchQuery(documentFavoritesQuery());
    }
  });
  startData = Promise.all([
    queryClient.prefetchQuery(mustReadQuery()),
    queryClient.prefetchQuery(startNoticesQuery()),
    queryClient.prefetchQuery(placementPagesQuery()),
    queryClient.prefetchInfiniteQuery(newsFeedQuery()),
    queryClient.prefetchQuery(toolsListQuery()),
  ]);
  // The code in a task of its own, so the requests above leave first.
  const page = new Promise((resolve) => {
    setTimeout(() => resolve(importStartPage().catch(() => undefined)));
  });
  return capped(Promise.all([user, frame, documents, startData, page]));
}

/**
 * The start page's module, handed to React once its first screen's data has
 * arrived too (at most `startDataWaitMs` later), when the page is reached
 * before everything is in (its first render did not wait, or the reader came
 * from another page): React then renders the page whole in one interruptible
 * pass instead of a blocking render per section as each answer lands.
 */
export async function afterStartData<T>(page: Promise<T>): Promise<T> {
  if (startData) await capped(startData);
  return page;
}
