import { pageRouteOf, pageRoutePatterns } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import { notFoundRoute, routeTable } from './route-table';

describe('the route table and the server’s list of pages', () => {
  it('are the same list: the server answers 200 for exactly the pages the app has (issue 21.5)', () => {
    expect(routeTable.map((route) => route.path).sort()).toEqual([...pageRoutePatterns].sort());
    expect(notFoundRoute.path).toBe('*');
  });

  it('match addresses as the router does', () => {
    expect(pageRouteOf('/profile/info/anna.larsson')).toBe('/profile/info/:uid?');
    expect(pageRouteOf('/profile/info')).toBe('/profile/info/:uid?');
    expect(pageRouteOf('/profile/info/')).toBe('/profile/info/:uid?');
    expect(pageRouteOf('/Sida/om-skolan')).toBe('/sida/:slug?');
    expect(pageRouteOf('/kurs')).toBeNull();
    expect(pageRouteOf('/finns/inte')).toBeNull();
    expect(pageRouteOf('/nyhet/a/b')).toBeNull();
    expect(pageRouteOf('/')).toBe('/');
  });
});
