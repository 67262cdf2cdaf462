/**
 * The start page's first screen as plain requests, shared by the web app,
 * which asks with them, and the server, which answers them inside the page
 * served at "/" (apps/server/src/http/first-screen.ts). Both must send the
 * same bytes: the app finds an answer by method, address and JSON body.
 * Imported as `@skolportalen/shared/start-page` by the smallest script of
 * the page, so nothing here may import more than types and the few bytes
 * of a declared endpoint's route.
 */
import { apiRoots } from './api-roots';
import { analyticsEndpoints } from './endpoints/analytics';
import { paging } from './constants';
import { endpointUrl } from './endpoints/endpoint';
import { favoriteEndpoints } from './endpoints/favorites';
import { linkEndpoints } from './endpoints/links';
import { notificationEndpoints } from './endpoints/notifications';
import { postEndpoints } from './endpoints/posts';
import { translationEndpoints } from './endpoints/translations';
import { userEndpoints } from './endpoints/users';
import type { GetPostsRequest } from './schemas/post';

const { portal, documents } = apiRoots;

/** Newest first: the feed and every list of notices (spec §9's default is "order ASC"). */
export const newestFirst = 'publishedDate DESC, id DESC';

/**
 * Crisis alerts, information messages and pinned information blocks in one
 * request: the start page splits them by type.
 */
export const startNoticesRequest: GetPostsRequest = {
  type: ['alert', 'info-important', 'info', 'pinned-news'],
  sort: `order ASC, ${newestFirst}`,
  perPage: 50,
};

/**
 * Must-read notices the reader still has to confirm, pinned at the top of the
 * start page (decision 0040): the nearest deadline first (overdue ones lead),
 * then the newest. A reader with none pending gets an empty list.
 */
export const mustReadRequest: GetPostsRequest = {
  mustRead: 'pending',
  sort: `acknowledgeBy ASC, ${newestFirst}`,
  perPage: 20,
};

/** Pages placed on the start page (top and bottom) in one request. */
export const placementRequest: GetPostsRequest = {
  type: ['page', 'page-related'],
  pagePlacement: ['start-top', 'start-bottom'],
  sort: 'order ASC, publishedDate DESC',
  perPage: 20,
};

export const feedPageSize = 10;

/** The news feed: targeted news, newest first, a page at a time ("Visa fler"). */
export const newsFeedRequest = (page: number, perPage = feedPageSize): GetPostsRequest => ({
  type: ['news'],
  sort: newestFirst,
  page,
  perPage,
});

/** The content filter the tools list follows (spec §7: the user's groups and role category). */
export interface ToolsFilter {
  nodeIds?: readonly number[];
  categoryIds?: readonly number[];
}

/** POST /GetLinks's body: the user's grid, sorted linkSort ASC then name ASC after their own order. */
export function toolsListBody(filter: ToolsFilter) {
  return {
    ...(filter.nodeIds?.length ? { nodeId: filter.nodeIds } : {}),
    ...(filter.categoryIds?.length ? { categoryId: filter.categoryIds } : {}),
    type: ['tool', 'google-tool'],
    sort: 'linkSort ASC, name ASC',
  };
}

export interface FirstScreenRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Sent as JSON, serialised with JSON.stringify as the web app's api client does. */
  body?: unknown;
}

export const firstScreenUrls = {
  currentUser: endpointUrl(userEndpoints.current),
  session: `${portal}/saml/token`,
  notificationDate: endpointUrl(notificationEndpoints.date),
  relatedAccounts: `${portal}/user/related`,
  getPosts: endpointUrl(postEndpoints.getPosts),
  getLinks: endpointUrl(linkEndpoints.getLinks),
  documentFavorites: (maxItems = 1000) => `${documents}/favorite?maxItems=${maxItems}`,
};

/**
 * What the frame of every signed-in page asks for first: the user (always
 * first: what else is asked may depend on it), the session, the bell and the
 * role picker.
 */
export function frameRequests(): FirstScreenRequest[] {
  return [
    { method: 'GET', url: firstScreenUrls.currentUser },
    { method: 'GET', url: firstScreenUrls.session },
    { method: 'GET', url: firstScreenUrls.notificationDate },
    { method: 'GET', url: firstScreenUrls.relatedAccounts },
  ];
}

/**
 * What every signed-in reader's start page asks for first: the frame's
 * requests, the must-read notices still to confirm, the notices, placed
 * pages, first page of news, and the tools.
 */
export function startPageRequests(): FirstScreenRequest[] {
  return [
    ...frameRequests(),
    { method: 'POST', url: firstScreenUrls.getPosts, body: mustReadRequest },
    { method: 'POST', url: firstScreenUrls.getPosts, body: startNoticesRequest },
    { method: 'POST', url: firstScreenUrls.getPosts, body: placementRequest },
    { method: 'POST', url: firstScreenUrls.getPosts, body: newsFeedRequest(1, feedPageSize) },
    { method: 'POST', url: firstScreenUrls.getLinks, body: toolsListBody({}) },
  ];
}

/**
 * Whether page views are counted on this host (spec §9): the same answer for
 * every reader of a host. Answered inside a page the server makes for a
 * signed-in reader, so the app need not ask; never sent early by the app,
 * which asks for it without cookies when the page did not carry it
 * (apps/web/src/lib/analytics.ts).
 */
export const analyticsSettingRequest: FirstScreenRequest = {
  method: 'GET',
  url: endpointUrl(analyticsEndpoints.config),
};

/** "Mina dokument", for readers with the document area (capability `document_repository`). */
export const documentFavoritesRequest: FirstScreenRequest = {
  method: 'GET',
  url: firstScreenUrls.documentFavorites(),
};

/** The favourites list, as the header's favourites button asks for it (spec §7: perPage 9999). */
export const favoritesQuery = { perPage: paging.maxPerPage, sort: 'sort DESC, updated DESC' };

/** Favourites, which the header loads with the page for teachers (spec §6). */
export const favoritesRequest: FirstScreenRequest = {
  method: 'GET',
  url: endpointUrl(favoriteEndpoints.list, undefined, favoritesQuery),
};

/** The portal's content languages, for the question a guardian is asked once (issue 27). */
export const contentLanguagesRequest: FirstScreenRequest = {
  method: 'GET',
  url: endpointUrl(translationEndpoints.languages),
};

/** What of the current user decides the rest of the first screen. */
export interface FirstScreenReader {
  roles?: readonly { key: string }[];
  capabilities?: Readonly<Record<string, unknown>>;
  askLanguage?: boolean;
}

/**
 * The frame's reads that depend on who the reader is, decided from their
 * current-user answer as the app decides them: favourites for teachers, the
 * content languages when the language question is to be asked.
 */
export function frameReaderRequests(reader: FirstScreenReader): FirstScreenRequest[] {
  const wanted: FirstScreenRequest[] = [];
  if (reader.roles?.some((role) => role.key === 'role_teacher')) wanted.push(favoritesRequest);
  if (reader.askLanguage === true) wanted.push(contentLanguagesRequest);
  return wanted;
}

/**
 * The start page's reads that depend on who the reader is: "Mina dokument"
 * with the document area, then the frame's.
 */
export function readerRequests(reader: FirstScreenReader): FirstScreenRequest[] {
  return [
    ...(reader.capabilities?.document_repository === true ? [documentFavoritesRequest] : []),
    ...frameReaderRequests(reader),
  ];
}

/**
 * What a page served with its first answers inside asks for: its first
 * requests, and the reads that depend on one of their answers (the reader's,
 * a post's), asked once that answer has come (`then`, given the request
 * answered and its JSON).
 */
export interface FirstScreenPlan {
  requests: readonly FirstScreenRequest[];
  then?: (answered: FirstScreenRequest, json: () => unknown) => FirstScreenRequest[];
}

/** The start page's plan: its first requests, then the reader's own. */
export function startPagePlan(): FirstScreenPlan {
  return {
    requests: [...startPageRequests(), analyticsSettingRequest],
    then: (answered, json) =>
      answered.url === firstScreenUrls.currentUser
        ? readerRequests(json() as FirstScreenReader)
        : [],
  };
}

/** The element of a page ("/", a reading page) that carries the first screen's answers. */
export const firstScreenDataId = 'first-screen-data';

/** One answer inside the page: the request it answers, and what the server said. */
export interface FirstScreenAnswer {
  method: 'GET' | 'POST';
  url: string;
  /** The request body exactly as sent (JSON text), absent for a GET. */
  body?: string;
  status: number;
  /** The `x-pagination-total` header of a list answer. */
  total?: string;
  /** The answer's JSON body; left out when `same` names where it is. */
  json?: unknown;
  /**
   * A body that is a field of an earlier answer in the page, as that
   * answer's place and the field's name: the start page's tools (GetLinks)
   * are the current user's `links`, written once.
   */
  same?: [number, string];
}

/** An answer's JSON body, its own or the earlier answer's field it names; undefined if there is none. */
export function answerJson(answers: readonly FirstScreenAnswer[], answer: FirstScreenAnswer) {
  if (!answer.same) return answer.json;
  const [at, field] = answer.same;
  const source = answers[at]?.json;
  return source && typeof source === 'object' && Object.hasOwn(source, field)
    ? (source as Record<string, unknown>)[field]
    : undefined;
}
