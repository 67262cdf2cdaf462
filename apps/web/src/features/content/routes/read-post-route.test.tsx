import { createBlock } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation';
import { buildChildState, buildMustReadPost, buildPost } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import ReadPostRoute from './read-post-route';

afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator((to) => window.location.assign(to));
});

const routes = [
  { path: '/nyhet/:slug?', element: <ReadPostRoute /> },
  { path: '/sida/:slug?', element: <ReadPostRoute /> },
  { path: '/404', element: <p>Sidan finns inte</p> },
];

describe('reading a post', () => {
  it('shows the post with its parts and marks it read', async () => {
    const user = userEvent.setup();
    const post = buildPost({
      id: 5,
      slug: 'utflykt',
      url: '/nyhet/utflykt',
      title: 'Utflykt till skogen',
      pseudoAuthor: 'Klass 3A',
      blurbs: [{ title: 'När', text: 'Fredag 09:00' }],
      info: [{ title: 'Packlista', url: 'https://exempelby.se/packlista', openInNewWindow: true }],
      contact: { name: 'Anna Larsson', title: 'Lärare', email: 'anna@exempelby.se', phone: null },
      content: [
        createBlock('heading', { text: 'Ta med' }),
        createBlock('html', { html: '<p>Matsäck</p>' }),
      ],
    });
    const reads: string[] = [];
    mockFetch((url, init) => {
      if (url === '/api/core/v1/post/utflykt') return json(post);
      if (url === '/api/core/v1/post-read/5' && init.method === 'POST') {
        reads.push(url);
        return json({ postId: 5, isRead: true, readAt: '2026-03-02T08:00:00Z' });
      }
      return undefined;
    });
    renderRoutes(routes, '/nyhet/utflykt');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Utflykt till skogen' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Av Klass 3A/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ta med' })).toBeInTheDocument();
    expect(screen.getByText('Matsäck')).toBeInTheDocument();
    expect(screen.getByText('Fredag 09:00')).toBeInTheDocument();
    // The links, the contact and the read marker come in the page's second commit.
    const info = await screen.findByRole('link', { name: /Packlista/ });
    expect(info).toHaveAttribute('target', '_blank');
    const contact = screen.getByRole('region', { name: 'Kontakt' });
    expect(within(contact).getByRole('link', { name: 'anna@exempelby.se' })).toHaveAttribute(
      'href',
      'mailto:anna@exempelby.se',
    );
    expect(screen.queryByRole('link', { name: 'Redigera' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Markera som läst' }));
    expect(await screen.findByText('Du har läst det här')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Markera som läst' })).toBeNull();
    expect(reads).toEqual(['/api/core/v1/post-read/5']);
  });

  it('offers editing when the server says the reader may edit, with the read count', async () => {
    mockFetch((url) =>
      url === '/api/core/v1/post/om-skolan'
        ? json(
            buildPost({
              id: 8,
              type: 'page',
              slug: 'om-skolan',
              url: '/sida/om-skolan',
              title: 'Om skolan',
              isRead: true,
              readCount: 3,
              targetCount: 40,
              can: {
                edit: true,
                delete: true,
                publish: true,
                changeRestricted: true,
                readAcknowledgements: false,
              },
            }),
          )
        : undefined,
    );
    renderRoutes(routes, '/sida/om-skolan');
    expect(await screen.findByRole('link', { name: 'Redigera' })).toHaveAttribute(
      'href',
      '/skapa-innehall/8',
    );
    expect(await screen.findByText('3 av 40 mottagare har läst')).toBeInTheDocument();
    expect(screen.getByText('Du har läst det här')).toBeInTheDocument();
  });

  it('shows what the app lends it under the post, after the read marker', async () => {
    mockFetch((url) =>
      url === '/api/core/v1/post/om-skolan'
        ? json(buildPost({ id: 8, type: 'page', slug: 'om-skolan', url: '/sida/om-skolan' }))
        : undefined,
    );
    renderRoutes(
      [
        {
          path: '/sida/:slug',
          element: <ReadPostRoute belowPost={(post) => <p>Under inlägg {post.id}</p>} />,
        },
      ],
      '/sida/om-skolan',
    );
    const below = await screen.findByText('Under inlägg 8');
    const marker = screen.getByRole('button', { name: 'Markera som läst' });
    expect(marker.compareDocumentPosition(below) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(below.closest('article')).not.toBeNull();
  });

  it('asks a guardian to confirm for the children the notice concerns, and says when it is done', async () => {
    const user = userEvent.setup();
    const elsa = buildChildState({ name: 'Elsa' });
    const leo = buildChildState({ name: 'Leo', acknowledged: true });
    const post = buildMustReadPost({
      id: 12,
      slug: 'utflykt',
      title: 'Utflykt till skogen',
      acknowledgement: 'each-guardian',
      children: [elsa, leo],
    });
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/core/v1/post/utflykt') return json(post);
      if (url === '/api/core/v1/post/12/acknowledge' && init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json({
          postId: 12,
          recorded: 1,
          myAcknowledgement: {
            acknowledged: true,
            overdue: false,
            acknowledgedAt: null,
            children: [{ ...elsa, acknowledged: true, acknowledgedByMe: true }, leo],
          },
        });
      }
      return undefined;
    });
    renderRoutes(routes, '/nyhet/utflykt');

    await screen.findByRole('heading', { level: 1, name: 'Utflykt till skogen' });
    expect(screen.getByText('Gäller Elsa och Leo')).toBeInTheDocument();
    // The panel's code loads with the post's must-read state.
    const panel = await screen.findByRole('region', { name: 'Läsbekräftelse' });
    expect(panel).toHaveTextContent('Alla vårdnadshavare behöver bekräfta var för sig.');
    expect(panel).toHaveTextContent(/Bekräfta senast fredag 4 december/);
    const children = within(panel).getByRole('list', { name: 'Barn som meddelandet gäller' });
    expect(
      within(children)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Elsa: Inte bekräftat', 'Leo: Bekräftat av en annan vårdnadshavare']);
    // "Jag har läst" marks it read too: no second button for that.
    expect(screen.queryByRole('button', { name: 'Markera som läst' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /för Leo/ })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Jag har läst (för Elsa)' }));
    expect(
      await within(panel).findByText('Du har bekräftat för alla barn som meddelandet gäller.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ childIds: [elsa.id] }]);
    expect(within(children).getAllByRole('listitem')[0]).toHaveTextContent(
      'Elsa: Du har bekräftat',
    );
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(screen.getByText('Du har läst det här')).toBeInTheDocument();
  });

  it('tells a reader who confirmed when they did, and shows no panel for a post that asks nothing', async () => {
    mockFetch((url) => {
      if (url === '/api/core/v1/post/rutin') {
        return json(
          buildMustReadPost({
            slug: 'rutin',
            title: 'Ny rutin',
            isRead: true,
            myAcknowledgement: {
              acknowledged: true,
              overdue: false,
              acknowledgedAt: '2026-03-03T08:00:00.000Z',
              children: [],
            },
          }),
        );
      }
      if (url === '/api/core/v1/post/vanlig') return json(buildPost({ slug: 'vanlig' }));
      return undefined;
    });
    const { unmount } = renderRoutes(routes, '/nyhet/rutin');
    const panel = await screen.findByRole('region', { name: 'Läsbekräftelse' });
    expect(panel).toHaveTextContent('Du bekräftade att du har läst den 3 mars 2026 kl. 09:00.');
    expect(within(panel).queryByRole('button')).toBeNull();
    unmount();

    renderRoutes(routes, '/nyhet/vanlig');
    await screen.findByRole('button', { name: 'Markera som läst' });
    expect(screen.queryByRole('region', { name: 'Läsbekräftelse' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Läsbekräftelser' })).toBeNull();
  });

  it('sends an unknown address to the 404 page', async () => {
    mockFetch((url) =>
      url === '/api/core/v1/post/finns-inte'
        ? json({ code: 'NOT_FOUND', message: 'Det du letade efter finns inte.' }, { status: 404 })
        : undefined,
    );
    const { router } = renderRoutes(routes, '/nyhet/finns-inte');
    setNavigator((to, options) => void router.navigate(to, options));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('Sidan finns inte')).toBeInTheDocument();
  });

  it('keeps showing that it loads while an unknown post sends the reader on, and says when the post cannot be read', async () => {
    let status = 404;
    let answered = 0;
    mockFetch((url) => {
      if (url !== '/api/core/v1/post/utflykt') return undefined;
      answered += 1;
      return json({ code: 'ERROR', message: 'Fel' }, { status });
    });
    const first = renderRoutes(routes, '/nyhet/utflykt');
    // The way to the 404 page not yet taken: what shows meanwhile is the loading article.
    setNavigator(() => undefined);
    await vi.waitFor(() => expect(answered).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status', { name: 'Hämtar innehåll …' })).toBeInTheDocument();
    expect(screen.queryByText('Innehållet kunde inte hämtas just nu.')).toBeNull();
    first.unmount();

    status = 500;
    renderRoutes(routes, '/nyhet/utflykt');
    expect(await screen.findByText('Innehållet kunde inte hämtas just nu.')).toBeInTheDocument();
  });

  it('moves a post reached under another prefix to its own address', async () => {
    mockFetch((url) =>
      url === '/api/core/v1/post/om-skolan'
        ? json(
            buildPost({
              type: 'page',
              slug: 'om-skolan',
              url: '/sida/om-skolan',
              title: 'Om skolan',
            }),
          )
        : undefined,
    );
    const { router } = renderRoutes(routes, '/nyhet/om-skolan');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/sida/om-skolan'));
  });

  it('lists all news at /nyhet', async () => {
    mockFetch((url, init) => {
      if (url !== '/api/core/v1/GetPosts') return undefined;
      const body = JSON.parse(String(init.body)) as { type: string[] };
      return body.type.includes('page')
        ? json([buildPost({ type: 'page', title: 'Om skolan', url: '/sida/om-skolan' })])
        : json([buildPost({ title: 'Höstfest' })], { headers: { 'x-pagination-total': '1' } });
    });
    renderRoutes(routes, '/nyhet');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alla nyheter' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Höstfest' })).toBeInTheDocument();
  });

  it('lists the pages at /sida', async () => {
    mockFetch((url) =>
      url === '/api/core/v1/GetPosts'
        ? json([buildPost({ type: 'page', title: 'Om skolan', url: '/sida/om-skolan' })])
        : undefined,
    );
    renderRoutes(routes, '/sida');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sidor' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Om skolan' })).toHaveAttribute(
      'href',
      '/sida/om-skolan',
    );
  });
});
