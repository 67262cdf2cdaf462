import type { GetPostsRequest, PostListItem } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildChildState, buildMustReadPost, buildPost, buildUser } from '@/test/factories';
import { json, mockFetch, signIn } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import StartPage from './start-page';

afterEach(() => vi.unstubAllGlobals());

const item = (overrides: Partial<PostListItem>): PostListItem => {
  const { content: _content, ...rest } = buildPost(overrides);
  return rest;
};

const typesOf = (body: GetPostsRequest): string[] =>
  Array.isArray(body.type) ? (body.type as string[]) : body.type ? [String(body.type)] : [];

const news = Array.from({ length: 12 }, (_, index) =>
  item({ id: 100 + index, title: `Nyhet ${index + 1}`, isRead: index === 1 }),
);

describe('the start page', { timeout: 20_000 }, () => {
  it('asks for notices, news and placed pages at once, and shows each in its place', async () => {
    const user = userEvent.setup();
    const bodies: GetPostsRequest[] = [];
    let release: () => void = () => undefined;
    const allAsked = new Promise<void>((resolve) => (release = resolve));
    const answer = async (body: GetPostsRequest): Promise<Response> => {
      // Nothing answers until the four first requests are out: a waterfall would hang here.
      await allAsked;
      if (body.mustRead) return json([]);
      const types = typesOf(body);
      if (types.includes('alert')) {
        return json(
          [
            item({
              id: 1,
              type: 'alert',
              title: 'Skolan stängd',
              excerpt: 'Vattenläcka',
              url: '/krisinformation/stangd',
            }),
            item({ id: 2, type: 'info', title: 'Fotografering', url: '/nyhet/foto' }),
            item({ id: 3, type: 'pinned-news', title: 'Läsårstider', url: '/nyhet/lasarstider' }),
          ],
          { headers: { 'x-pagination-total': '3' } },
        );
      }
      if (types.includes('page')) {
        return json([
          item({
            id: 4,
            type: 'page',
            title: 'Om skolan',
            pagePlacement: 'start-bottom',
            url: '/sida/om',
          }),
        ]);
      }
      const page = Number(body.page ?? 1);
      return json(news.slice((page - 1) * 10, page * 10), {
        headers: { 'x-pagination-total': '12' },
      });
    };
    mockFetch((url, init) => {
      if (url === '/api/core/v1/user') return json(buildUser());
      if (url === '/api/core/v1/GetLinks') return json([]);
      if (url === '/api/core/v1/GetPosts') {
        const body = JSON.parse(String(init.body)) as GetPostsRequest;
        bodies.push(body);
        if (bodies.length === 4) release();
        return answer(body);
      }
      return undefined;
    });
    signIn();
    renderAt(<StartPage />);

    expect(await screen.findByRole('heading', { name: 'Skolan stängd' })).toBeInTheDocument();
    expect(bodies.filter((body) => (body.page ?? 1) === 1)).toHaveLength(4);
    // A crisis notice looks like an alert but does not interrupt a screen reader on load.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('article', { name: 'Skolan stängd' })).toHaveTextContent('Vattenläcka');
    expect(screen.getByRole('article', { name: 'Fotografering' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Läsårstider' })).toHaveAttribute(
      'href',
      '/nyhet/lasarstider',
    );
    expect(screen.getByRole('link', { name: 'Om skolan' })).toHaveAttribute('href', '/sida/om');

    const feed = screen.getByRole('region', { name: 'Nyheter' });
    const first = within(feed).getAllByRole('article')[0]!;
    expect(first).toHaveTextContent('Nyhet 1');
    expect(first).toHaveTextContent('Oläst');
    expect(within(feed).getAllByRole('article')[1]).toHaveTextContent('Läst');
    expect(within(feed).getByText('Visar 10 av 12')).toBeInTheDocument();

    await user.click(within(feed).getByRole('button', { name: 'Visa fler' }));
    expect(await within(feed).findByText('Nyhet 12')).toBeInTheDocument();
    expect(within(feed).getByText('Visar 12 av 12')).toBeInTheDocument();
    expect(within(feed).queryByRole('button', { name: 'Visa fler' })).toBeNull();
    const feedBodies = bodies.filter((body) => typesOf(body).includes('news'));
    expect(feedBodies.map((body) => body.page)).toEqual([1, 2]);
    expect(feedBodies[0]!.sort).toMatch(/^publishedDate DESC/);
  });

  it('pins the notices still to confirm above everything, each once, and badges what reached a child', async () => {
    const elsa = buildChildState({ name: 'Elsa' });
    const { content: _alertContent, ...mustReadAlert } = buildMustReadPost({
      id: 60,
      type: 'alert',
      title: 'Skolan stängd i morgon',
      children: [elsa],
    });
    mockFetch((url, init) => {
      if (url === '/api/core/v1/user') return json(buildUser({ roleKeys: ['role_caretaker'] }));
      if (url === '/api/core/v1/GetLinks') return json([]);
      if (url !== '/api/core/v1/GetPosts') return undefined;
      const body = JSON.parse(String(init.body)) as GetPostsRequest;
      if (body.mustRead) return json([mustReadAlert]);
      const types = typesOf(body);
      if (types.includes('alert')) {
        return json([mustReadAlert, item({ id: 61, type: 'info', title: 'Fotografering' })]);
      }
      if (types.includes('page')) return json([]);
      return json(
        [
          item({
            id: 62,
            title: 'Höstfest',
            reachedChildren: [
              { id: elsa.id, name: 'Elsa' },
              { id: 99, name: 'Leo' },
            ],
          }),
        ],
        { headers: { 'x-pagination-total': '1' } },
      );
    });
    signIn();
    renderAt(<StartPage />);

    const pinned = await screen.findByRole('region', { name: 'Att läsa och bekräfta' });
    expect(
      within(pinned).getByRole('article', { name: 'Skolan stängd i morgon' }),
    ).toHaveTextContent('Gäller Elsa');
    expect(screen.getByRole('article', { name: 'Fotografering' })).toBeInTheDocument();
    // The crisis alert still to confirm is shown once, pinned first, not again among the alerts.
    expect(screen.getAllByText('Skolan stängd i morgon')).toHaveLength(1);
    const main = pinned.parentElement!;
    expect(main.firstElementChild).toBe(pinned);
    const feed = await screen.findByRole('region', { name: 'Nyheter' });
    expect(within(feed).getByRole('article')).toHaveTextContent('Gäller Elsa och Leo');
  });
});
