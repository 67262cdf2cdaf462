/**
 * A reading page's first screen as plain requests (issue 32): a news item,
 * page, crisis notice, advert or give-and-take post at its reading address,
 * or a course. Shared, like the start page's (./start-page.ts), by the web
 * app, which asks with them, and the server, which answers them inside the
 * page it serves at that address: both must send the same bytes.
 */
import { commentEndpoints } from './endpoints/comments';
import { courseEndpoints } from './endpoints/courses';
import { endpointUrl } from './endpoints/endpoint';
import { postEndpoints } from './endpoints/posts';
import {
  analyticsSettingRequest,
  firstScreenUrls,
  frameReaderRequests,
  frameRequests,
  type FirstScreenPlan,
  type FirstScreenReader,
  type FirstScreenRequest,
} from './start-page';

/** What a reading address shows: a post read by its slug, or a course. */
export type ReadingKind = 'post' | 'course';

/** The reading prefixes of spec §2 and what each shows (the address's last part is the slug). */
export const readingPrefixes: Readonly<Record<string, ReadingKind>> = {
  nyhet: 'post',
  sida: 'post',
  krisinformation: 'post',
  annons: 'post',
  'ge-ta': 'post',
  kurs: 'course',
};

export interface ReadingPage {
  kind: ReadingKind;
  /** The slug as the app's router gives it: the address's last part, decoded. */
  slug: string;
}

/**
 * The reading page an address shows, or null: `/nyhet/{slug}` and the other
 * reading prefixes with exactly one part after them. `/nyhet` alone is the
 * news list, not a reading page.
 */
export function readingPageOf(pathname: string): ReadingPage | null {
  const parts = pathname.split('/').filter((part) => part !== '');
  if (parts.length !== 2) return null;
  const kind = readingPrefixes[parts[0]!];
  if (!kind) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(parts[1]!);
  } catch {
    return null;
  }
  return slug === '' ? null : { kind, slug };
}

/** GET /post/{slug} as the reading page asks it: in the reader's own language. */
export const readPostRequest = (slug: string): FirstScreenRequest => ({
  method: 'GET',
  url: endpointUrl(postEndpoints.get, { id: slug }),
});

/** GET /course/{slug}: the course with its places and one's booking. */
export const readCourseRequest = (slug: string): FirstScreenRequest => ({
  method: 'GET',
  url: endpointUrl(courseEndpoints.get, { id: slug }),
});

/** Comments per page under a post; "Visa fler" fetches the next. */
export const commentsPerPage = 50;

/** The query of a page of a post's comments, oldest first. */
export const commentsQuery = (postId: number, page: number) => ({
  postId,
  page,
  perPage: commentsPerPage,
});

/** What of a post decides whether its comments are asked for with it. */
export interface ReadPostSummary {
  id?: number;
  status?: string;
  allowComments?: boolean;
}

/**
 * The first page of a post's comments, when the reading page shows them: a
 * published post that takes comments (features/reactions).
 */
export function postReadRequests(post: ReadPostSummary): FirstScreenRequest[] {
  if (typeof post.id !== 'number' || post.status !== 'publish' || post.allowComments !== true)
    return [];
  return [
    {
      method: 'GET',
      url: endpointUrl(commentEndpoints.list, undefined, commentsQuery(post.id, 1)),
    },
  ];
}

/**
 * A reading page's plan: the frame's requests and the post or course, then
 * the reader's own reads and the post's first comments.
 */
export function readingPagePlan(page: ReadingPage): FirstScreenPlan {
  const main = page.kind === 'post' ? readPostRequest(page.slug) : readCourseRequest(page.slug);
  return {
    requests: [...frameRequests(), main, analyticsSettingRequest],
    then: (answered, json) => {
      if (answered.url === firstScreenUrls.currentUser)
        return frameReaderRequests(json() as FirstScreenReader);
      if (answered === main && page.kind === 'post')
        return postReadRequests(json() as ReadPostSummary);
      return [];
    },
  };
}
