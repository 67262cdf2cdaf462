import { sv } from '@skolportalen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { DateWeek } from './date-week';
import { Header } from './header';
import { MobileMenu } from './mobile-menu';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('date and ISO week in the header', () => {
  it('shows the long Swedish date and "V.{n}"', () => {
    renderAt(<DateWeek now={new Date(2026, 10, 21)} />);
    expect(screen.getByText('lördag 21 november 2026')).toBeInTheDocument();
    expect(screen.getByText('V.47')).toBeInTheDocument();
  });

  it('uses ISO weeks across the turn of the year', () => {
    // 1 January 2027 is a Friday: it belongs to week 53 of 2026.
    renderAt(<DateWeek now={new Date(2027, 0, 1)} />);
    expect(screen.getByText('V.53')).toBeInTheDocument();
    expect(screen.getByText('fredag 1 januari 2027')).toBeInTheDocument();
  });

  it('the header shows today’s week', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 5, 9, 0));
    mockFetch(() => json([]));
    renderAt(<Header user={buildUser()} />);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('V.2')).toBeInTheDocument();
    expect(within(banner).getByText('måndag 5 januari 2026')).toBeInTheDocument();
  });
});

describe('header links', () => {
  it('links "Skapa innehåll" only with create_post', () => {
    mockFetch(() => json([]));
    const { unmount } = renderAt(<Header user={buildUser({ capabilities: {} })} />);
    expect(screen.getByRole('link', { name: sv.header.myProfile })).toHaveAttribute(
      'href',
      '/profile/info',
    );
    expect(screen.queryByRole('link', { name: sv.header.createContent })).toBeNull();
    unmount();

    renderAt(<Header user={buildUser({ capabilities: { create_post: true } })} />);
    expect(screen.getByRole('link', { name: sv.header.createContent })).toHaveAttribute(
      'href',
      '/skapa-innehall',
    );
  });
});

describe('the search field', () => {
  it('is in the header with the search right, and only then', () => {
    mockFetch(() => json([]));
    const { unmount } = renderAt(<Header user={buildUser({ capabilities: {} })} />);
    expect(screen.queryByRole('search')).toBeNull();
    unmount();

    renderAt(<Header user={buildUser({ capabilities: { search: true } })} />);
    const form = screen.getByRole('search', { name: sv.search.field });
    expect(within(form).getByRole('searchbox', { name: sv.search.field })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: sv.search.submit })).toBeInTheDocument();
  });

  it('is in the mobile menu, which closes when a search starts', async () => {
    const user = userEvent.setup();
    mockFetch(() => json([]));
    const { router } = renderAt(
      <MobileMenu user={buildUser({ capabilities: { search: true } })} />,
    );
    await user.click(screen.getByRole('button', { name: sv.header.openMenu }));
    const menu = await screen.findByRole('navigation', { name: sv.header.mobileMenu });
    const field = within(menu).getByRole('searchbox', { name: sv.search.field });
    await user.type(field, 'skolor{Enter}');
    expect(router.state.location.pathname).toBe('/sok');
    expect(router.state.location.search).toBe('?q=skolor');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: sv.header.mobileMenu })).toBeNull(),
    );
  });
});
