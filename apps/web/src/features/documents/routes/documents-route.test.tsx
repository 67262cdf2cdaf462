import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorStore } from '@/lib/error-store';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import DocumentsRoute from './documents-route';

afterEach(() => vi.unstubAllGlobals());

const signInNeeded = {
  code: 'REPOSITORY_SIGN_IN',
  message: 'Logga in i dokumentarkivet för att se dina dokument.',
};
const sites = {
  list: {
    pagination: { count: 1, hasMoreItems: false, totalItems: 1, skipCount: 0, maxItems: 1000 },
    entries: [
      {
        entry: {
          id: 'ekbacken',
          guid: '8f2105b4-daaf-4874-9e8a-2152569d109b',
          title: 'Ekbackens skola',
          description: 'Personalens dokument',
          visibility: 'PRIVATE',
          role: 'SiteCollaborator',
          isFavorite: false,
        },
      },
    ],
  },
};
const noFavorites = {
  list: {
    pagination: { count: 0, hasMoreItems: false, totalItems: 0, skipCount: 0, maxItems: 1000 },
    entries: [],
  },
};

/** A repository that takes user "anna" with password "hemligt", then shows its sites. */
function serveRepository() {
  let signedIn = false;
  const tokenBodies: unknown[] = [];
  const fetchMock = mockFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/api/core/v1/user') return json(buildUser());
    if (path === '/api/document-repository/v1/token') {
      const body = JSON.parse(String(init.body)) as { userId: string; password: string };
      tokenBodies.push(body);
      if (body.password !== 'hemligt') {
        return json(
          {
            code: 'REPOSITORY_SIGN_IN_REFUSED',
            message: 'Fel användarnamn eller lösenord till dokumentarkivet.',
          },
          { status: 403 },
        );
      }
      signedIn = true;
      return json({ entry: { id: 'TICKET_1', userId: body.userId } }, { status: 201 });
    }
    if (!signedIn) return json(signInNeeded, { status: 403 });
    if (path === '/api/document-repository/v1/site') return json(sites);
    if (path === '/api/document-repository/v1/favorite') return json(noFavorites);
    return undefined;
  });
  return { fetchMock, tokenBodies };
}

describe('the Dokument area with a repository of its own sign-in', () => {
  it('asks for the repository sign-in in place, refuses a wrong password, then shows the sites', async () => {
    const { tokenBodies } = serveRepository();
    const reported = vi.spyOn(errorStore, 'push');
    renderAt(<DocumentsRoute />);

    const form = await screen.findByRole('region', { name: 'Logga in i dokumentarkivet' });
    expect(form).toHaveTextContent('Logga in i dokumentarkivet för att se dina dokument.');
    // Shown in place, not as an error message of the whole page.
    expect(reported).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Användarnamn i dokumentarkivet/), 'anna');
    await user.type(screen.getByLabelText(/^Lösenord/), 'fel');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Fel användarnamn eller lösenord till dokumentarkivet.',
    );

    await user.clear(screen.getByLabelText(/^Lösenord/));
    await user.type(screen.getByLabelText(/^Lösenord/), 'hemligt');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByRole('link', { name: 'Ekbackens skola' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Logga in i dokumentarkivet' })).toBeNull();
    expect(tokenBodies).toEqual([
      { userId: 'anna', password: 'fel' },
      { userId: 'anna', password: 'hemligt' },
    ]);
  });
});
