import { createBlock, embedUrl, type Block, type LinkResponse } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { BlockList } from './block-list';
import { colBreakpoints } from './grid-blocks';
import { blockRenderers } from './registry';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const show = (blocks: Block[]) => renderWithProviders(<BlockList blocks={blocks} />);

function tool(id: number, name: string): LinkResponse {
  return {
    id,
    name,
    shortDescription: 'Kort',
    longDescription: 'Lång beskrivning av verktyget',
    url: `https://${name.toLowerCase()}.exempelby.se`,
    type: 'tool',
    linkSort: 0,
    optional: false,
    icon: null,
    mediaId: null,
    media: null,
    nodeIds: [],
    categoryIds: [],
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
    isNew: false,
    inMyList: true,
    userSort: null,
    can: { edit: false, delete: false, add: false, remove: false },
  };
}

describe('block renderers', () => {
  it('has a renderer for every block type', () => {
    expect(Object.keys(blockRenderers).sort()).toEqual(
      [
        'card',
        'col',
        'heading',
        'html',
        'image',
        'row',
        'table',
        'table-heading',
        'table-row',
        'tool',
        'video',
      ].sort(),
    );
  });

  it('renders headings below the page title whatever their size, with the chosen look', () => {
    show([
      createBlock('heading', { text: 'Stor', size: 1 }),
      createBlock('heading', { text: 'Liten', size: 4 }),
    ]);
    expect(screen.getByRole('heading', { name: 'Stor' }).tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'Liten' }).tagName).toBe('H4');
  });

  it('sanitises html on render: no script, no event handler, external links open safely', () => {
    show([
      createBlock('html', {
        html: '<p onclick="alert(1)">Hej <a href="https://example.org">ute</a> <a href="javascript:alert(1)">farlig</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      }),
    ]);
    const paragraph = screen.getByText(/Hej/);
    expect(paragraph).not.toHaveAttribute('onclick');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    const external = screen.getByRole('link', { name: 'ute' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener');
    expect(screen.getByText('farlig')).not.toHaveAttribute('href');
  });

  it('lays out a row of cols on the grid with their sizes', () => {
    const { container } = show([
      createBlock('row', {}, [
        createBlock('col', { cols: 4 }, [createBlock('heading', { text: 'Vänster' })]),
        createBlock('col', { cols: 2 }, [createBlock('html', { html: '<p>Höger</p>' })]),
      ]),
    ]);
    expect(screen.getByRole('heading', { name: 'Vänster' })).toBeInTheDocument();
    expect(screen.getByText('Höger')).toBeInTheDocument();
    const classes = [...container.querySelectorAll('[class*="MuiGrid"]')].map(
      (node) => node.className,
    );
    expect(classes.some((name) => name.includes('MuiGrid-container'))).toBe(true);
    expect(colBreakpoints[4]).toEqual({ xs: 12, sm: 6, md: 4 });
    expect(colBreakpoints[2].md).toBe(2);
  });

  it('builds a table with its caption from |-separated headings and rows', () => {
    show([
      createBlock('table', { caption: 'Lektionstider' }, [
        createBlock('table-heading', { headings: 'Dag | Start|Slut' }),
        createBlock('table-row', { items: 'Måndag | 08:10 | 15:00' }),
        createBlock('table-row', { items: 'Tisdag|08:30|14:40' }),
      ]),
    ]);
    const table = screen.getByRole('table', { name: 'Lektionstider' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual(['Dag', 'Start', 'Slut']);
    expect(headers[0]).toHaveAttribute('scope', 'col');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Måndag', '08:10', '15:00']);
  });

  it('lets a table wider than the screen take the focus, named by its caption, to scroll it', () => {
    const lessons = createBlock('table', { caption: 'Lektionstider' }, [
      createBlock('table-row', { items: 'Måndag | 08:10 | 15:00' }),
    ]);
    show([lessons]);
    // Narrow enough to fit: no extra stop for the keyboard.
    expect(screen.queryByRole('region', { name: 'Lektionstider' })).not.toBeInTheDocument();

    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(288);
    show([lessons, createBlock('table', {}, [createBlock('table-row', { items: 'a | b' })])]);
    const named = screen.getByRole('region', { name: 'Lektionstider' });
    expect(named).toHaveAttribute('tabindex', '0');
    expect(within(named).getByRole('table', { name: 'Lektionstider' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tabell' })).toHaveAttribute('tabindex', '0');
  });

  it('shows an image with its alt text and caption, and nothing for an unsafe address', () => {
    show([
      createBlock('image', {
        imgSrc: '/media/skolgard.jpg',
        alt: 'Skolgården i snö',
        caption: 'Vintern 2026',
      }),
      createBlock('image', { imgSrc: 'javascript:alert(1)', alt: 'Farlig' }),
    ]);
    const image = screen.getByRole('img', { name: 'Skolgården i snö' });
    expect(image).toHaveAttribute('src', '/media/skolgard.jpg');
    expect(image.closest('figure')).toHaveTextContent('Vintern 2026');
    expect(screen.queryByRole('img', { name: 'Farlig' })).toBeNull();
  });

  const videoServices = () =>
    mockFetch((url) =>
      url === '/api/portal-service/v1/video/config'
        ? json({ embedOrigins: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] })
        : undefined,
    );

  it('frames a video 490 px high with a title, and makes watch pages embeddable', async () => {
    videoServices();
    show([createBlock('video', { videoSrc: 'https://www.youtube.com/watch?v=abc123' })]);
    const frame = await screen.findByTitle('Video från youtube-nocookie.com');
    expect(frame).toHaveAttribute('height', '490');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc123');
    expect(embedUrl('http://insecure.example/video')).toBeNull();
    expect(embedUrl('https://vimeo.com/12345')).toBe('https://player.vimeo.com/video/12345');
    expect(embedUrl('https://www.youtube.com/embed/abc123')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123',
    );
  });

  it('frames only players of the allowed services, sandboxed (issue 20 F7)', async () => {
    videoServices();
    show([
      createBlock('video', { videoSrc: 'https://vimeo.com/12345' }),
      createBlock('video', { videoSrc: 'https://angripare.example/falsk-inloggning' }),
    ]);
    const frame = await screen.findByTitle('Video från player.vimeo.com');
    expect(frame).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-presentation allow-popups',
    );
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(document.querySelector('iframe[src*="angripare"]')).toBeNull();
    expect(screen.getByText(/inte från en tillåten videotjänst/)).toBeInTheDocument();
  });

  it('renders a card with its button link', () => {
    show([
      createBlock('card', {
        title: 'Skolmat',
        text: 'Veckans meny',
        imgSrc: '/media/mat.jpg',
        buttonLabel: 'Till menyn',
        buttonUrl: 'https://mat.example.org',
      }),
    ]);
    expect(screen.getByRole('heading', { name: 'Skolmat' })).toBeInTheDocument();
    const button = screen.getByRole('link', { name: /Till menyn/ });
    expect(button).toHaveAttribute('href', 'https://mat.example.org');
    expect(button).toHaveAttribute('target', '_blank');
  });

  it('never sends a card button or an image to another site through a look-alike path (issue 20 F4)', () => {
    show([
      createBlock('card', {
        title: 'Lurig',
        imgSrc: '/\\bilder.example/spion.png',
        buttonLabel: 'Till menyn',
        buttonUrl: '/\\evil.example',
      }),
      createBlock('card', {
        title: 'Stor',
        buttonLabel: 'Ut',
        buttonUrl: 'HTTPS://MAT.example.org',
      }),
    ]);
    expect(screen.queryByRole('link', { name: /Till menyn/ })).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: /Ut/ })).toHaveAttribute('target', '_blank');
  });

  it('shows a single tool as one link', async () => {
    mockFetch((url) => (url === '/api/core/v1/link/3' ? json(tool(3, 'Schema')) : undefined));
    show([createBlock('tool', { toolIds: '[3]' })]);
    const link = await screen.findByRole('link', { name: /Schema/ });
    expect(link).toHaveAttribute('href', 'https://schema.exempelby.se');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('collapses several tools into a list sorted by name, skipping a removed one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch((url) => {
      if (url === '/api/core/v1/link/1') return json(tool(1, 'Skolmat'));
      if (url === '/api/core/v1/link/2') return json(tool(2, 'Bibliotek'));
      if (url === '/api/core/v1/link/9') {
        return json({ code: 'NOT_FOUND', message: 'Finns inte' }, { status: 404 });
      }
      return undefined;
    });
    show([createBlock('tool', { toolIds: '[1,9,2]' })]);
    const toggle = await screen.findByRole('button', { name: /Verktyg \(2\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(warn).toHaveBeenCalledWith('Tool is removed.', 9);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const names = screen.getAllByRole('link').map((link) => link.textContent);
    expect(names[0]).toMatch(/^Bibliotek/);
    expect(names[1]).toMatch(/^Skolmat/);
    // A removed tool does not send the reader to the 404 page.
    expect(window.location.pathname).not.toBe('/404');
  });
});
