import { urlPrefixByType, type PostType } from '@skolportalen/shared';
import { apiRoots } from '@skolportalen/shared/api-roots';

/**
 * The only source of URLs in the web app: the routes of spec §2 (`path` is the
 * router pattern, `href` builds a link) and the API endpoints of spec §7 that
 * are not yet declared in packages/shared/src/endpoints (those are called
 * with `call` and `callList` of lib/api-client.ts, which build their URLs).
 */
const optional = (base: string, value?: string | number) =>
  value === undefined || value === '' ? base : `${base}/${encodeURIComponent(String(value))}`;

export const paths = {
  home: { path: '/', href: () => '/' },
  login: {
    path: '/login',
    href: (redirect?: string) =>
      redirect && redirect !== '/'
        ? `/login?${new URLSearchParams({ redirect }).toString()}`
        : '/login',
  },
  notFound: { path: '/404', href: () => '/404' },
  documents: { path: '/dokument/:guid?', href: (guid?: string) => optional('/dokument', guid) },
  error: { path: '/error', href: () => '/error' },
  maintenance: { path: '/maintenance', href: () => '/maintenance' },
  wpLogin: { path: '/wp-login', href: () => '/wp-login' },
  changelog: { path: '/changelog', href: () => '/changelog' },
  accessibilityStatement: {
    path: '/tillganglighetsredogorelse',
    href: () => '/tillganglighetsredogorelse',
  },
  privacy: { path: '/personuppgifter', href: () => '/personuppgifter' },
  /** A must-read mail's one-click link: the notice and "Jag har läst", without signing in. */
  acknowledgementLink: {
    path: '/bekrafta/:token',
    href: (token: string) => `/bekrafta/${encodeURIComponent(token)}`,
  },
  news: { path: '/nyhet/:slug?', href: (slug?: string) => optional('/nyhet', slug) },
  page: { path: '/sida/:slug?', href: (slug?: string) => optional('/sida', slug) },
  /** The other reading prefixes of spec §2; `kurs` belongs to the courses. */
  crisis: {
    path: '/krisinformation/:slug',
    href: (slug: string) => optional('/krisinformation', slug),
  },
  advert: { path: '/annons/:slug', href: (slug: string) => optional('/annons', slug) },
  giveTake: { path: '/ge-ta/:slug', href: (slug: string) => optional('/ge-ta', slug) },
  /** A post's reading address by its type (spec §2 URL prefixes); null for tools. */
  post: {
    href: (type: PostType, slug: string) => {
      const prefix = urlPrefixByType[type];
      return prefix ? optional(`/${prefix}`, slug) : null;
    },
  },
  /** Search results (beyond the spec's list of routes: the header's search field opens it). */
  search: {
    path: '/sok',
    href: (q?: string, options: { group?: string; page?: number } = {}) =>
      withQuery('/sok', {
        q,
        typ: options.group,
        sida: options.page && options.page > 1 ? options.page : undefined,
      }),
  },
  /** A course with its booking (spec §2: the course prefix is kurs). */
  course: { path: '/kurs/:slug', href: (slug: string) => `/kurs/${encodeURIComponent(slug)}` },
  createContent: {
    path: '/skapa-innehall/:id?',
    href: (id?: number) => optional('/skapa-innehall', id),
  },
  profile: {
    info: {
      path: '/profile/info/:uid?',
      href: (uid?: string, options: { highlightEmail?: boolean } = {}) =>
        optional('/profile/info', uid) + (options.highlightEmail ? '?highlightEmail=true' : ''),
    },
    myGroups: { path: '/profile/my-groups', href: () => '/profile/my-groups' },
    myContent: { path: '/profile/my-content', href: () => '/profile/my-content' },
    /** Must-read notices whose confirmations one follows up (decision 0040). */
    acknowledgements: {
      path: '/profile/acknowledgements',
      href: () => '/profile/acknowledgements',
    },
    /** Posts waiting for one's approval before they are published (issue 29). */
    approval: { path: '/profile/approval', href: () => '/profile/approval' },
    /** A school's content due for review, overdue or without an owner (decision 0045). */
    contentReview: { path: '/profile/content-review', href: () => '/profile/content-review' },
    /** Links in published posts the nightly check found broken (decision 0046). */
    brokenLinks: { path: '/profile/broken-links', href: () => '/profile/broken-links' },
    mySchools: { path: '/profile/my-schools', href: () => '/profile/my-schools' },
    interests: { path: '/profile/interests', href: () => '/profile/interests' },
    favorites: { path: '/profile/favorites', href: () => '/profile/favorites' },
    groupTemplates: { path: '/profile/group-templates', href: () => '/profile/group-templates' },
    tools: { path: '/profile/tools', href: () => '/profile/tools' },
    /** Beyond the spec: one's course bookings and the courses open to book. */
    myCourses: { path: '/profile/my-courses', href: () => '/profile/my-courses' },
  },
  admin: {
    content: { path: '/profile/admin/content', href: () => '/profile/admin/content' },
    tools: { path: '/profile/admin/tools', href: () => '/profile/admin/tools' },
    roles: { path: '/profile/admin/roles', href: () => '/profile/admin/roles' },
    users: { path: '/profile/admin/users', href: () => '/profile/admin/users' },
    icon: { path: '/profile/admin/icon', href: () => '/profile/admin/icon' },
    categories: { path: '/profile/admin/categories', href: () => '/profile/admin/categories' },
    nodes: { path: '/profile/admin/nodes', href: () => '/profile/admin/nodes' },
    groupsTree: { path: '/profile/admin/groups-tree', href: () => '/profile/admin/groups-tree' },
    tokens: { path: '/profile/admin/tokens', href: () => '/profile/admin/tokens' },
    notifications: {
      path: '/profile/admin/notifications',
      href: () => '/profile/admin/notifications',
    },
    feedback: { path: '/profile/admin/feedback', href: () => '/profile/admin/feedback' },
    /** Beyond the spec: importing the school organisation from SS 12000. */
    import: { path: '/profile/admin/import', href: () => '/profile/admin/import' },
    /** Beyond the spec: the audit log of administration changes. */
    audit: { path: '/profile/admin/audit', href: () => '/profile/admin/audit' },
    /** Retention rules and the export to the e-archive (issue 28). */
    retention: { path: '/profile/admin/retention', href: () => '/profile/admin/retention' },
    /** Beyond the spec: any post as readers were shown it at a chosen moment (issue 28). */
    asPublished: {
      path: '/profile/admin/as-published',
      href: () => '/profile/admin/as-published',
    },
    /** Beyond the spec: which posts need approval before publishing, and who approves (issue 29). */
    approvalRules: {
      path: '/profile/admin/approval-rules',
      href: () => '/profile/admin/approval-rules',
    },
  },
} as const;

type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

/** A query string in the API's form: lists as `key[]=a&key[]=b`, empty values left out. */
export function withQuery(base: string, params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, String(item));
    else search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

const { core, portal, documents } = apiRoots;

/** API addresses not yet declared as endpoints (decision 0037 tells how to move one). */
export const apiPaths = {
  logout: () => `${portal}/saml/logout`,
  ssoLogin: () => `${portal}/saml/login`,
  documentContent: (guid: string) => `${documents}/node/${encodeURIComponent(guid)}/content`,
  /** The media upload (multipart, sent with apiUpload); the library's JSON calls are declared. */
  media: () => `${core}/media`,
  /** Icons and images of the media library (ARCHITECTURE §6). */
  mediaFile: (filename: string) => `/media/${encodeURIComponent(filename)}`,
} as const;

/** Paths that must never be used as a post-login destination. */
const noRedirectTargets = new Set<string>([paths.login.path]);

/**
 * A `?redirect=` value is only honoured when it is a path on this site; anything
 * else (another origin, `//host`, `javascript:`) falls back to the start page.
 */
export function safeRedirect(value: string | null | undefined, origin: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return paths.home.href();
  }
  try {
    const url = new URL(value, origin);
    // `/..//host` resolves to the path `//host`, which a browser reads as another site.
    if (url.origin !== origin || url.pathname.startsWith('//')) return paths.home.href();
    if (noRedirectTargets.has(url.pathname)) return paths.home.href();
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return paths.home.href();
  }
}

/**
 * Where a sign-in returns to: the login page's `redirect` parameter read from
 * its query (`search`), exactly, with its own query; the start page when it
 * is missing or not a path on this site (never an open redirect).
 */
export function redirectTarget(search: string | URLSearchParams, origin: string): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeRedirect(params.get('redirect'), origin);
}
