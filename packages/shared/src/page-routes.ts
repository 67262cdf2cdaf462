/**
 * Every address the web app has a page for (spec §2 and the pages beyond it),
 * as router patterns: `:name` is one path segment, `:name?` an optional one.
 * The web app's route table is checked against this list (route-table.test.ts);
 * the server reads it to answer an unknown address with a 404 status (the app
 * still shows its own "not found" page) and a real page, whatever characters
 * its last part holds (a username with a dot), with the app.
 */
export const pageRoutePatterns = [
  '/',
  '/login',
  '/404',
  '/error',
  '/maintenance',
  '/wp-login',
  '/changelog',
  '/tillganglighetsredogorelse',
  '/personuppgifter',
  '/nyhet/:slug?',
  '/sida/:slug?',
  '/krisinformation/:slug',
  '/annons/:slug',
  '/ge-ta/:slug',
  '/dokument/:guid?',
  '/sok',
  '/kurs/:slug',
  '/skapa-innehall/:id?',
  '/profile/info/:uid?',
  '/profile/my-groups',
  '/profile/my-content',
  '/profile/acknowledgements',
  '/profile/approval',
  '/profile/content-review',
  '/profile/my-schools',
  '/profile/interests',
  '/profile/favorites',
  '/profile/group-templates',
  '/profile/tools',
  '/profile/my-courses',
  '/profile/admin/content',
  '/profile/admin/tools',
  '/profile/admin/roles',
  '/profile/admin/users',
  '/profile/admin/icon',
  '/profile/admin/categories',
  '/profile/admin/nodes',
  '/profile/admin/groups-tree',
  '/profile/admin/tokens',
  '/profile/admin/notifications',
  '/profile/admin/feedback',
  '/profile/admin/import',
  '/profile/admin/audit',
  '/profile/admin/retention',
  '/profile/admin/as-published',
  '/profile/admin/approval-rules',
  '/bekrafta/:token',
] as const;

/**
 * Pages whose address carries a secret (a must-read mail's one-click link):
 * served with no index, no cache and no referrer, and counted without it.
 */
export const secretPagePatterns: readonly string[] = ['/bekrafta/:token'];

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Whether `pathname` (no query string) matches `pattern` as the app's router matches it. */
export function matchesPagePattern(pattern: string, pathname: string): boolean {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  if (have.length > want.length) return false;
  return want.every((segment, index) => {
    const actual = have[index];
    if (segment.startsWith(':')) return actual !== undefined || segment.endsWith('?');
    // The router matches case-insensitively, and so does this.
    return actual !== undefined && actual.toLowerCase() === segment.toLowerCase();
  });
}

/** The pattern of the app's page at `pathname`, or null: an address with no page. */
export function pageRouteOf(pathname: string): string | null {
  return pageRoutePatterns.find((pattern) => matchesPagePattern(pattern, pathname)) ?? null;
}
