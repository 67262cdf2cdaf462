import { createBlock } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { buildVersion } from '../versions/version-factories';
import AsPublishedRoute from './as-published-route';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const archived = {
  postId: 12,
  type: 'news',
  title: 'Utflykt till skogen',
  slug: 'utflykt',
  url: '/nyhet/utflykt',
  status: 'trash',
  deleted: true,
  versions: 4,
  firstRecordedAt: '2026-11-18T09:15:00.000Z',
  lastRecordedAt: '2026-11-25T09:15:00.000Z',
};

const published = buildVersion({
  number: 2,
  event: 'published',
  post: {
    title: 'Utflykt till skogen',
    excerpt: 'Klass 3A åker ut på fredag.',
    content: [createBlock('heading', { text: 'Packlista', size: 2 })],
  } as never,
  audience: {
    nodes: [{ id: 31, name: '3A' }],
    categories: [{ id: 3, name: 'Vårdnadshavare' }],
    users: [],
    editors: [{ id: 9, name: 'Johan Berg' }],
  },
});

function serve() {
  const asked: string[] = [];
  mockFetch((url) => {
    if (url === '/api/core/v1/user') return json(buildUser({ roleKeys: ['role_admin'] }));
    if (url.startsWith('/api/core/v1/post-archive?')) {
      asked.push(url);
      return json([archived], { headers: { 'x-pagination-total': '1' } });
    }
    if (url.startsWith('/api/core/v1/post/12/as-published?')) {
      asked.push(url);
      const at = new URL(url, 'http://portal').searchParams.get('at')!;
      // Published on 19 November; before that it was only a draft.
      return Date.parse(at) >= Date.parse('2026-11-19T10:00:00Z')
        ? json(published)
        : json(
            { code: 'NOT_FOUND', message: 'Inte publicerad vid den tidpunkten' },
            { status: 404 },
          );
    }
    return undefined;
  });
  return asked;
}

const open = (path = '/profile/admin/as-published') =>
  renderRoutes([{ path: '/profile/admin/as-published', element: <AsPublishedRoute /> }], path);

describe('the administrators’ “as published on” screen', () => {
  it('finds a deleted post by its address and shows it as published at the chosen moment', async () => {
    const user = userEvent.setup();
    const asked = serve();
    const { router } = open();
    await user.type(screen.getByRole('textbox', { name: 'Rubrik eller adress' }), '/nyhet/utflykt');
    await user.click(screen.getByRole('button', { name: 'Sök' }));

    const results = await screen.findByRole('region', { name: 'Sökträffar' });
    expect(within(results).getByText('Borttaget ur portalen')).toBeInTheDocument();
    await user.click(within(results).getByRole('button', { name: 'Välj ”Utflykt till skogen”' }));

    const when = await screen.findByRole('textbox', { name: /^Dag och tid/ });
    await user.clear(when);
    await user.type(when, '2026-11-20 09:00');
    await user.click(screen.getByRole('button', { name: 'Visa' }));

    // Written in the browser's zone, said in Swedish time.
    const shown = await screen.findByRole('region', {
      name: /^Som publicerat 20 november 2026 kl\. \d\d:00$/,
    });
    expect(
      within(shown).getByRole('heading', { level: 3, name: 'Utflykt till skogen' }),
    ).toBeInTheDocument();
    expect(within(shown).getByRole('heading', { name: 'Packlista' })).toBeInTheDocument();
    expect(within(shown).getByText('Klass 3A åker ut på fredag.')).toBeInTheDocument();
    expect(within(shown).getByText('3A')).toBeInTheDocument();
    expect(within(shown).getByText('Vårdnadshavare')).toBeInTheDocument();
    expect(within(shown).getByText(/Borttaget ur portalen/)).toBeInTheDocument();
    // The moment goes to the server with its zone; what was asked stays in the address.
    expect(asked.at(-1)).toContain(
      `at=${encodeURIComponent(new Date('2026-11-20T09:00').toISOString())}`,
    );
    expect(router.state.location.search).toContain('post=12');

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Skriv ut' }));
    expect(print).toHaveBeenCalled();
  });

  it('says so in Swedish when the post was not published at that moment', async () => {
    serve();
    open('/profile/admin/as-published?q=utflykt&post=12&at=2026-11-18T12:00');
    expect(await screen.findByText('Inte publicerad vid den tidpunkten')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skriv ut' })).not.toBeInTheDocument();
    // Still at the screen: the answer is not a missing page.
    expect(screen.getByRole('heading', { level: 1, name: 'Som publicerat' })).toBeInTheDocument();
  });
});
