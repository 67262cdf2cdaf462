import { sessionStorageKeys, sv, type CurrentUserResponse } from '@skolportalen/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch, signIn } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { buildRoutes } from '../router';
import { notFoundRoute, routeTable, type RouteDefinition } from '../route-table';
import { evaluateGuards } from './guard-registry';

function serve(user: CurrentUserResponse) {
  return mockFetch((url) => {
    if (url === '/api/core/v1/user') return json(user);
    if (url === '/api/portal-service/v1/saml/token') {
      return json({ tokens: [], activeTokenId: 'a', masked: false });
    }
    if (url === '/api/portal-service/v1/user/related') return json([]);
    // The start page's tools grid, news and notices, and a teacher's favourites.
    if (
      url === '/api/core/v1/GetLinks' ||
      url === '/api/core/v1/GetPosts' ||
      url === '/api/core/v1/GetPostsAll' ||
      url.startsWith('/api/core/v1/node?') ||
      url.startsWith('/api/core/v1/favorite?')
    )
      return json([]);
    if (url.startsWith('/api/document-repository/v1/favorite')) {
      return json({
        list: { pagination: { count: 0, hasMoreItems: false, totalItems: 0 }, entries: [] },
      });
    }
    return undefined;
  });
}

/** The start page loads several pieces; on a busy machine that takes longer than the default second. */
const findWelcome = () =>
  screen.findByRole('heading', { name: 'Välkommen, Anna!' }, { timeout: 5000 });

function open(path: string, table: readonly RouteDefinition[] = routeTable) {
  return renderRoutes(buildRoutes(table, notFoundRoute), path);
}

afterEach(() => vi.unstubAllGlobals());

describe('auth guard', () => {
  it('without the login cookie: forgets the session and goes to /login with a way back', async () => {
    const fetchMock = serve(buildUser());
    sessionStorage.setItem(sessionStorageKeys.tokenList, '{"tokens":[]}');

    const { router } = open('/profile/info?tab=1');

    expect(await screen.findByRole('heading', { name: sv.login.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fprofile%2Finfo%3Ftab%3D1');
    expect(sessionStorage.getItem(sessionStorageKeys.tokenList)).toBeNull();
    // Nothing of the guarded page was requested; only whether SSO and page counting are on.
    const requested = fetchMock.mock.calls.map(([url]) => String(url));
    expect(requested.filter((url) => !/\/(saml|analytics)\/config$/.test(url))).toEqual([]);
  });

  it('with the cookie: shows the page', async () => {
    serve(buildUser());
    signIn();
    open('/');
    expect(await findWelcome()).toBeInTheDocument();
  });

  it('sends a signed-in visitor of /login to the start page', async () => {
    serve(buildUser());
    signIn();
    const { router } = open('/login');
    await findWelcome();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in visitor of /login?redirect= on to that page', async () => {
    serve(buildUser());
    signIn();
    const { router } = open('/login?redirect=%2Fprofile%2Finfo');
    expect(
      await screen.findByRole('heading', { name: sv.pageTitles.profileInfo }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/info');
  });
});

describe('admin guard', () => {
  it('sends a non-admin to the start page', async () => {
    serve(buildUser({ capabilities: { role_list: true } }));
    signIn();
    const { router } = open('/profile/admin/roles');
    await findWelcome();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets an admin in', async () => {
    serve(buildUser({ isAdmin: true, capabilities: { post_list_all: true } }));
    signIn();
    open('/profile/admin/content');
    expect(
      await screen.findByRole('heading', { name: sv.pageTitles.adminContent }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The administration of all content (GetPostsAll) is there, not a placeholder.
    expect(
      await screen.findByText(sv.posts.lists.empty, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(sv.pages.pageUnavailable)).toBeNull();
  });

  it('lets a school-responsible user into /profile/admin/tools only', async () => {
    const rektor = buildUser({
      roleKeys: ['role_teacher', 'role_school_responsible'],
      isSchoolResponsible: true,
      capabilities: { get_all_links: true, role_list: true },
    });
    serve(rektor);
    signIn();
    const tools = open('/profile/admin/tools');
    expect(
      await screen.findByRole('heading', { name: sv.pageTitles.adminTools }),
    ).toBeInTheDocument();
    expect(tools.router.state.location.pathname).toBe('/profile/admin/tools');
    tools.unmount();

    const roles = open('/profile/admin/roles');
    await findWelcome();
    expect(roles.router.state.location.pathname).toBe('/');
  });
});

describe('capability and role guards', () => {
  it('refuses a page whose right the user lacks', async () => {
    serve(buildUser({ capabilities: { create_post: false } }));
    signIn();
    open('/skapa-innehall');
    expect(
      await screen.findByRole('heading', { name: sv.pages.forbiddenTitle }),
    ).toBeInTheDocument();
    // The refusal is shown inside the shell: the header stays.
    expect(screen.getByRole('link', { name: sv.header.myProfile })).toBeInTheDocument();
  });

  it('a list of rights passes unless one is explicitly denied (spec §6)', () => {
    // Granted, denied, and not mentioned at all.
    const user = buildUser({ capabilities: { create_post: true, delete_post: false } });
    const context = { pathname: '/x', search: '', signedIn: true, user };
    expect(evaluateGuards(['capability:create_post,create_comment'], context)).toEqual({
      kind: 'allow',
    });
    expect(evaluateGuards(['capability:create_post,delete_post'], context)).toEqual({
      kind: 'forbidden',
    });
    expect(evaluateGuards(['capability:create_comment'], context)).toEqual({ kind: 'forbidden' });
  });

  it('lets only the listed roles in', () => {
    const context = { pathname: '/x', search: '', signedIn: true };
    const teacher = buildUser({ roleKeys: ['role_teacher'] });
    const student = buildUser({ roleKeys: ['role_student'] });
    expect(evaluateGuards(['role:role_teacher'], { ...context, user: teacher }).kind).toBe('allow');
    expect(evaluateGuards(['role:role_teacher'], { ...context, user: student }).kind).toBe(
      'forbidden',
    );
  });
});

describe('guard registry', () => {
  it('a route naming an unknown guard renders 500 "Unknown middleware"', async () => {
    serve(buildUser());
    signIn();
    const table: RouteDefinition[] = [
      { path: '/', layout: 'default', guards: ['auth', 'no-such-guard'], title: 'X', page: null },
    ];
    open('/', table);
    expect(await screen.findByText(sv.errors.unknownMiddleware)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fel 500' })).toBeInTheDocument();
  });

  it('waits for the user before guards that need it decide', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch((url) =>
      url === '/api/core/v1/user' ? new Promise<Response>((r) => (answer = r)) : json([]),
    );
    signIn();
    const { router } = open('/profile/admin/users');
    expect(await screen.findByText(sv.app.loading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/admin/users');
    answer(json(buildUser()));
    await findWelcome();
    expect(router.state.location.pathname).toBe('/');
  });
});
