import type { SearchResult } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import SearchRoute from './search-route';

afterEach(() => vi.unstubAllGlobals());

/** The live region ends up saying `text` (it says "Söker …" first). */
const statusSays = (text: string) =>
  vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

const routes = [
  { path: '/sok', element: <SearchRoute /> },
  { path: '/nyhet/:slug', element: <h1>Nyheten</h1> },
];

function hit(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    kind: 'post',
    id: 1,
    type: 'news',
    title: 'Skolan firar hundra år',
    titleHighlight: [
      { text: 'Skolan', match: true },
      { text: ' firar hundra år', match: false },
    ],
    snippet: [
      { text: 'Hela ', match: false },
      { text: 'skolan', match: true },
      { text: ' bjuder in <b>alla</b>.', match: false },
    ],
    slug: 'skolan-firar',
    url: null,
    date: '2026-03-02T08:00:00Z',
    ...overrides,
  };
}

const tool = hit({
  kind: 'tool',
  id: 9,
  type: 'tool',
  title: 'Skolmaten',
  titleHighlight: [{ text: 'Skolmaten', match: true }],
  snippet: [{ text: 'Veckans lunch', match: false }],
  slug: null,
  url: 'https://mat.exempelby.se',
  date: null,
});

/** Answers GET /search with `answer(url)` and remembers every search URL asked for. */
function serveSearch(answer: (url: URL) => { items: SearchResult[]; total: number }) {
  const asked: URL[] = [];
  mockFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    if (url.pathname !== '/api/core/v1/search') return undefined;
    asked.push(url);
    const { items, total } = answer(url);
    return json(items, { headers: { 'x-pagination-total': String(total) } });
  });
  return asked;
}

describe('the search results page', () => {
  it('lists the hits with their kind, marked words and links, and reads out the count', async () => {
    const asked = serveSearch(() => ({ items: [hit(), tool], total: 2 }));
    renderRoutes(routes, '/sok?q=skolor');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Sökresultat för ”skolor”' }),
    ).toBeInTheDocument();
    await statusSays('2 träffar för ”skolor”');
    expect(asked[0]!.searchParams.get('q')).toBe('skolor');
    expect(asked[0]!.searchParams.get('page')).toBe('1');
    expect(asked[0]!.searchParams.get('perPage')).toBe('20');
    expect(asked[0]!.searchParams.getAll('type[]')).toEqual([]);

    const list = screen.getByRole('list', { name: 'Träffar' });
    const [news, found] = within(list).getAllByRole('listitem');
    expect(within(news!).getByText('Nyhet')).toBeInTheDocument();
    const link = within(news!).getByRole('link', { name: 'Skolan firar hundra år' });
    expect(link).toHaveAttribute('href', '/nyhet/skolan-firar');
    const marks = news!.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Skolan', 'skolan']);
    // Text from the server is text: its angle brackets never become elements.
    expect(within(news!).getByText(/bjuder in <b>alla<\/b>\./)).toBeInTheDocument();
    expect(news!.querySelector('b')).toBeNull();
    expect(within(news!).getByText('Publicerad 2 mars 2026')).toBeInTheDocument();

    expect(within(found!).getByText('Verktyg')).toBeInTheDocument();
    const toolLink = within(found!).getByRole('link', { name: /Skolmaten/ });
    expect(toolLink).toHaveAttribute('href', 'https://mat.exempelby.se');
    expect(toolLink).toHaveAttribute('target', '_blank');
    expect(toolLink).toHaveAccessibleName('Skolmaten (öppnas i ny flik)');
  });

  it('opens a post from its hit', async () => {
    const user = userEvent.setup();
    serveSearch(() => ({ items: [hit()], total: 1 }));
    renderRoutes(routes, '/sok?q=skolor');
    await statusSays('1 träff för ”skolor”');
    await user.click(screen.getByRole('link', { name: 'Skolan firar hundra år' }));
    expect(await screen.findByRole('heading', { name: 'Nyheten' })).toBeInTheDocument();
  });

  it('says so in Swedish when nothing is found, also within a type', async () => {
    const user = userEvent.setup();
    const asked = serveSearch(() => ({ items: [], total: 0 }));
    renderRoutes(routes, '/sok?q=zebra');
    await statusSays('Inga träffar för ”zebra”.');
    expect(screen.getByText(/Prova ett annat ord/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Träffar' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sidor' }));
    await statusSays('Inga träffar för ”zebra” bland sidor.');
    expect(asked.at(-1)!.searchParams.getAll('type[]')).toEqual(['page', 'page-related']);
  });

  it('filters by type with pressed buttons, from the keyboard too', async () => {
    const user = userEvent.setup();
    const asked = serveSearch((url) =>
      url.searchParams.getAll('type[]').includes('tool')
        ? { items: [tool], total: 1 }
        : { items: [hit(), tool], total: 2 },
    );
    const { router } = renderRoutes(routes, '/sok?q=skol');
    await statusSays('2 träffar');
    const filter = screen.getByRole('group', { name: 'Visa' });
    expect(within(filter).getByRole('button', { name: 'Allt' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    within(filter).getByRole('button', { name: 'Verktyg' }).focus();
    await user.keyboard('{Enter}');
    await statusSays('1 träff för ”skol”');
    expect(within(filter).getByRole('button', { name: 'Verktyg' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.search).toBe('?q=skol&typ=tool');
    expect(asked.at(-1)!.searchParams.getAll('type[]')).toEqual(['tool']);
  });

  it('pages through the hits, keeping the type', async () => {
    const user = userEvent.setup();
    const asked = serveSearch((url) => ({
      items: [hit({ id: Number(url.searchParams.get('page')) * 100 })],
      total: 45,
    }));
    const { router } = renderRoutes(routes, '/sok?q=skola&typ=news');
    await statusSays('45 träffar för ”skola”');
    const pages = screen.getByRole('navigation', { name: 'Sidor med träffar' });
    expect(within(pages).getByRole('button', { name: /sida 3/i })).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: /sida 2/i }));
    await vi.waitFor(() => expect(asked.at(-1)!.searchParams.get('page')).toBe('2'));
    expect(asked.at(-1)!.searchParams.getAll('type[]')).toEqual(['news']);
    expect(router.state.location.search).toBe('?q=skola&typ=news&sida=2');
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('asks for a search text and sends nothing without one, or with one too long', async () => {
    const asked = serveSearch(() => ({ items: [], total: 0 }));
    const { unmount } = renderRoutes(routes, '/sok');
    expect(screen.getByRole('heading', { level: 1, name: 'Sökresultat' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Skriv vad du letar efter i sökfältet.');
    unmount();

    renderRoutes(routes, `/sok?q=${'x'.repeat(201)}`);
    expect(screen.getByRole('status')).toHaveTextContent('Sökningen får vara högst 200 tecken.');
    expect(asked).toEqual([]);
  });

  it('searches again from its own field, keeping the type', async () => {
    const user = userEvent.setup();
    const asked = serveSearch(() => ({ items: [], total: 0 }));
    const { router } = renderRoutes(routes, '/sok?q=skola&typ=page');
    const form = screen.getByRole('search', { name: 'Ändra sökningen' });
    const field = within(form).getByRole('searchbox', { name: 'Sökord' });
    expect(field).toHaveValue('skola');
    await user.clear(field);
    await user.type(field, 'matsedeln{Enter}');
    await vi.waitFor(() => expect(asked.at(-1)!.searchParams.get('q')).toBe('matsedeln'));
    expect(router.state.location.search).toBe('?q=matsedeln&typ=page');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sökresultat för ”matsedeln”' }),
    ).toBeInTheDocument();
  });
});
