import { layout, type FavoriteResponse } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { FavoritesButton } from './favorites-button';

const favorite = (id: number, name: string, url: string): FavoriteResponse => ({
  id,
  name,
  url,
  sort: 10 - id,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  can: { edit: true, delete: true },
});

afterEach(() => vi.unstubAllGlobals());

describe('the header’s favourites', () => {
  it('loads with the spec’s query and opens a 1200 px dialog leading to the editing page', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/core/v1/favorite?')
        ? json([
            favorite(1, 'UR Play', 'https://urplay.se'),
            favorite(2, 'Skolverket', 'https://www.skolverket.se'),
          ])
        : undefined,
    );
    renderAt(<FavoritesButton />);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/core/v1/favorite?perPage=9999&sort=sort%20DESC%2C%20updated%20DESC',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Favoriter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mina favoriter' });
    const links = within(within(dialog).getByRole('list', { name: 'Favoriter' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://urplay.se',
      'https://www.skolverket.se',
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(dialog.closest('.MuiDialog-paper') ?? dialog).toHaveStyle({
      maxWidth: `${layout.favoritesDialogWidth}px`,
    });
    const edit = within(dialog).getByRole('link', { name: 'Redigera favoriter' });
    expect(edit).toHaveAttribute('href', '/profile/favorites');
  });
});
