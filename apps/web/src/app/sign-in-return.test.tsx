import { sv, svShell } from '@skolportalen/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { hasSignedInCookie } from '@/lib/cookies';
import { currentUserKeys } from '@/lib/current-user';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/paths';
import { buildUser } from '@/test/factories';
import { json, mockFetch, signIn } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { notFoundRoute, routeTable } from './route-table';
import { buildRoutes } from './router';

/**
 * Issue 32: a reading page opened by someone not signed in goes to the login
 * page and back to exactly that address, without a second round of loading.
 */
const article = 'Utflykt till Naturhistoriska museet med 3A';
const back = '/nyhet/utflykt-till-naturhistoriska-museet-med-3a?visa=kommentarer&sida=2';
const session = { tokens: [], activeTokenId: 'a', masked: false };

/** The app's routes with the reading page's code counted as it is asked for. */
function appWithCountedReadingPage() {
  const load = vi.fn(async () => ({ default: () => <h1>{article}</h1> }));
  const ReadingPage = lazyPage(load);
  const table = routeTable.map((definition) =>
    definition.path === paths.news.path ? { ...definition, page: ReadingPage } : definition,
  );
  return { load, routes: buildRoutes(table, notFoundRoute) };
}

/** The portal's answers: the user only once signed in, as the server does. */
function servePortal({
  user = () => json(buildUser()),
}: { user?: () => Response | Promise<Response> } = {}) {
  let signedIn = false;
  return mockFetch((url, init) => {
    if (url === '/api/portal-service/v1/saml/config') {
      return json({ enabled: false, label: '', providers: [], passwordSignIn: true });
    }
    if (url === '/api/portal-service/v1/analytics/config') return json({ enabled: false });
    if (url === '/api/core/v1/user/login' && init.method === 'POST') {
      signedIn = true;
      signIn();
      const token = {
        ...{ id: 'a', userId: 7, type: 'login', status: 'active', masked: false },
        ...{ issued: '2026-12-07T07:00:00.000Z', expires: '2026-12-07T15:00:00.000Z' },
      };
      return json({ token, session });
    }
    if (url === '/api/core/v1/user') {
      return signedIn || hasSignedInCookie()
        ? user()
        : json({ code: 'UNAUTHORIZED', message: 'Du är inte inloggad.' }, { status: 401 });
    }
    // What the frame around the page asks for.
    if (url === '/api/portal-service/v1/saml/token') return json(session);
    if (url === '/api/portal-service/v1/user/related') return json([]);
    if (url === '/api/portal-service/v1/notification/date') {
      return json({ lastSentAt: null, lastReadAt: null, unreadCount: 0 });
    }
    if (url.startsWith('/api/core/v1/favorite?')) return json([]);
    return undefined;
  });
}

/** Everything the screen showed, in order, whether or not it stayed long enough to see. */
function recordScreens() {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    const shown = [
      ...[...document.querySelectorAll('h1')].map((heading) => `h1:${heading.textContent}`),
      ...[...document.querySelectorAll('[role="alert"]')].map(
        (alert) => `alert:${alert.textContent}`,
      ),
      ...[...document.querySelectorAll('[role="status"]')].map(
        (status) =>
          `status:${status.textContent || status.querySelector('[aria-label]')?.getAttribute('aria-label')}`,
      ),
    ].join(' | ');
    if (seen.at(-1) !== shown) seen.push(shown);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { seen, stop: () => observer.disconnect() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('signing in from a reading page', () => {
  it('has the page’s code in while the login page shows, and returns to the exact address at once', async () => {
    servePortal();
    const { load, routes } = appWithCountedReadingPage();
    const { router } = renderRoutes(routes, back);

    expect(await screen.findByRole('heading', { name: sv.login.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login.path);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(back);
    // Asked for at idle while the person types, not when they are in.
    await waitFor(() => expect(load).toHaveBeenCalledOnce());

    const person = userEvent.setup();
    await person.type(screen.getByLabelText(/Användarnamn/), 'anna.larsson');
    await person.type(screen.getByLabelText(/^Lösenord/), 'Demo-2026!');
    const screens = recordScreens();
    await person.click(screen.getByRole('button', { name: sv.login.submit }));

    expect(await screen.findByRole('heading', { name: article })).toBeInTheDocument();
    screens.stop();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(back);
    expect(load).toHaveBeenCalledOnce();
    // Neither the page's loading spinner nor an error came between the form and the article.
    expect(screens.seen.join('\n')).not.toContain(svShell.app.loadingBar);
    expect(screens.seen.join('\n')).not.toContain('alert:');
  });

  it('a 401 while the session is not yet known shows the loading card, never an error', async () => {
    let answer: (response: Response) => void = () => undefined;
    const unknown = new Promise<Response>((resolve) => (answer = resolve));
    servePortal({ user: () => unknown });
    // The readable cookie says signed in; the server will not know the session.
    signIn();
    // The API client reads the way back from the browser's address, as it is in the app.
    window.history.replaceState(null, '', back);
    const screens = recordScreens();
    const { router } = renderRoutes(appWithCountedReadingPage().routes, back);

    expect(await screen.findByText(svShell.app.loading)).toBeInTheDocument();
    answer(json({ code: 'UNAUTHORIZED', message: 'Du är inte inloggad.' }, { status: 401 }));

    expect(await screen.findByRole('heading', { name: sv.login.title })).toBeInTheDocument();
    screens.stop();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(back);
    expect(screens.seen.join('\n')).not.toContain(svShell.errors.userLoadFailed);
    expect(screens.seen.join('\n')).not.toContain('alert:');
  });

  it.each([
    ['the frame', back],
    ['the guard gate', paths.admin.users.href()],
  ])(
    '%s shows the loading card while a 401 takes the browser to sign in; another failure is told',
    async (_where, path) => {
      servePortal({ user: () => new Promise<Response>(() => undefined) });
      signIn();
      const { queryClient } = renderRoutes(appWithCountedReadingPage().routes, path);
      expect(await screen.findByText(svShell.app.loading)).toBeInTheDocument();
      const userQuery = queryClient.getQueryCache().find({ queryKey: currentUserKeys.all })!;
      // The query's observers hear of a change in a task after it: wait that out, then look.
      const failWith = (status: number) =>
        act(async () => {
          userQuery.setState({
            status: 'error',
            fetchStatus: 'idle',
            error: new ApiError('/api/core/v1/user', status, 'Du är inte inloggad.'),
          });
          await new Promise((resolve) => setTimeout(resolve, 50));
        });

      await failWith(401);
      expect(screen.getByText(svShell.app.loading)).toBeInTheDocument();
      expect(screen.queryByText(svShell.errors.userLoadFailed)).toBeNull();

      await failWith(500);
      expect(await screen.findByText(svShell.errors.userLoadFailed)).toBeInTheDocument();
    },
  );
});
