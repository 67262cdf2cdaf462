/** The spec's business constants (§9), each named once. */
export const limits = {
  postTitleMax: 128,
  postExcerptMax: 250,
  blurbTitleMax: 128,
  blurbTextMax: 250,
  infoTitleMax: 128,
  mediaTitleMax: 25,
  mediaAltMin: 4,
  mediaAltMax: 55,
  linkNameMin: 2,
  linkNameMax: 25,
  linkShortDescriptionMin: 5,
  linkShortDescriptionMax: 35,
  linkLongDescriptionMin: 15,
  linkLongDescriptionMax: 160,
  emailMax: 100,
  nameMax: 30,
  baseTitleMax: 25,
  baseDescriptionMax: 255,
  fileMaxMegabytes: 10,
  imageMinWidth: 200,
  imageMinHeight: 200,
  imageMaxWidth: 3000,
  imageMaxHeight: 2010,
  usernameMax: 100,
  passwordMax: 200,
  /** Why a security marking was set or cleared by hand: kept in the audit log. */
  securityMarkingReasonMax: 500,
  /** Longest comment under a post: a few paragraphs, not an article. */
  commentTextMax: 2000,
  /** Anything a client sends as free text is capped, so no request can grow a row without bound. */
  genericStringMax: 500,
} as const;

export const ids = {
  /** Nodes (groups) all belong to this category. */
  groupCategoryId: 1,
  /** The municipality itself: root of the groups tree. */
  municipalityNodeId: 1,
  mediaCategoryDefault: 2,
  mediaCategoryIcon: 7,
  mediaCategoryPdf: 8,
  mediaCategoryGoogleIcon: 10,
} as const;

export const durations = {
  tokenLifetimeMs: 8 * 60 * 60 * 1000,
  localeCookieLifetimeMs: 365 * 24 * 60 * 60 * 1000,
  toolsNewForMs: 30 * 24 * 60 * 60 * 1000,
  toolsListCacheMs: 180_000,
  loadingBarThrottleMs: 200,
  loadingBarDurationMs: 5_000,
  chunkReloadGuardMs: 60_000,
} as const;

export const paging = {
  /** The spec's "effectively no paging" page size, also the upper bound of perPage. */
  maxPerPage: 9999,
  defaultPerPage: 9999,
} as const;

export const layout = {
  favoritesDialogWidth: 1200,
  defaultDialogWidth: 640,
  containerMaxWidth: 1500,
  videoFrameHeight: 490,
  columnSizes: [12, 6, 4, 3, 2] as const,
  headingSizes: [1, 2, 3, 4, 5] as const,
} as const;

export const cacheKeys = {
  toolsList: 'tools-list',
} as const;

/**
 * The cookie carrying the session's tokens (HttpOnly) and its readable
 * companion flag. With Secure cookies the names carry `__Host-`: the browser
 * then keeps them only if they are Secure, for path `/` and without Domain, so
 * neither a sibling host nor a plain-HTTP page can set or shadow them
 * (ASVS 3.3.1, 3.3.3; decision 0021). Without Secure the prefix is not allowed.
 */
export function cookieNames(secure: boolean) {
  const prefix = secure ? '__Host-' : '';
  return {
    session: `${prefix}skolportalen_session`,
    signedIn: `${prefix}skolportalen_inloggad`,
    /** Readable, for a few minutes after a single sign-on: the page offers the role choice once. */
    chooseRole: `${prefix}skolportalen_valj_roll`,
  } as const;
}
export type CookieNames = ReturnType<typeof cookieNames>;

/**
 * Longest search text; anything longer is refused with a Swedish message. Here rather than
 * beside the search schema: the header's search field needs it, and the schema module would
 * bring zod and every text of the portal into the first page.
 */
export const searchQueryMax = 200;

export const sessionStorageKeys = {
  /** Set by a fresh sign-in: the person is offered their accounts once (spec §6). */
  chooseRoleAfterLogin: 'skolportalen.choose-role',
  tokenList: 'skolportalen.tokens',
  chunkReloadAt: 'skolportalen.chunk-reload-at',
} as const;
