import { durations, type LinkResponse } from '@skolportalen/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { ToolsSection } from './tools-section';

function buildTool(overrides: Partial<LinkResponse> = {}): LinkResponse {
  return {
    id: 1,
    name: 'Schema',
    shortDescription: 'Dina lektioner',
    longDescription: 'Se veckans lektioner, salar och lärare.',
    url: 'https://schema.exempelby.se',
    type: 'tool',
    linkSort: 0,
    optional: false,
    icon: null,
    mediaId: null,
    media: null,
    nodeIds: [1],
    categoryIds: [3],
    created: '2026-01-01T00:00:00.000Z',
    updated: '2026-01-01T00:00:00.000Z',
    isNew: false,
    inMyList: true,
    userSort: null,
    can: { edit: false, delete: false, add: false, remove: false },
    ...overrides,
  };
}

function serve(tools: LinkResponse[]) {
  return mockFetch((url) => {
    if (url === '/api/core/v1/user')
      return json(buildUser({ capabilities: { edit_own_links: true } }));
    if (url === '/api/core/v1/GetLinks') return json(tools);
    return undefined;
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the tools grid', () => {
  it('links each tool in a new tab, marks new ones "Ny" and links to one’s own list', async () => {
    serve([
      buildTool(),
      buildTool({ id: 2, name: 'Matsedel', url: 'https://matsedel.exempelby.se', isNew: true }),
    ]);
    renderAt(<ToolsSection />);
    const grid = await screen.findByRole('list', { name: 'Dina verktyg' });
    const links = within(grid).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://schema.exempelby.se',
      'https://matsedel.exempelby.se',
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(links[1]!).getByText('Ny')).toBeInTheDocument();
    expect(within(links[0]!).queryByText('Ny')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Verktyg' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Hantera mina verktyg' })).toHaveAttribute(
      'href',
      '/profile/tools',
    );
  });

  it('asks with the spec’s tools query and keeps the answer three minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve([buildTool()]);
    const calls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/core/v1/GetLinks');
    const first = renderAt(<ToolsSection />);
    await screen.findByRole('list', { name: 'Dina verktyg' });
    expect(JSON.parse(String(calls()[0]![1]!.body))).toEqual({
      type: ['tool', 'google-tool'],
      sort: 'linkSort ASC, name ASC',
    });
    const [query] = first.queryClient.getQueryCache().findAll({ queryKey: ['tools-list'] });
    expect(query!.options).toMatchObject({
      staleTime: durations.toolsListCacheMs,
      gcTime: durations.toolsListCacheMs,
    });
    first.unmount();
    // Within three minutes the cache answers; after them it is gone.
    await act(() => vi.advanceTimersByTimeAsync(durations.toolsListCacheMs - 10_000));
    expect(first.queryClient.getQueryCache().findAll({ queryKey: ['tools-list'] })).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(first.queryClient.getQueryCache().findAll({ queryKey: ['tools-list'] })).toHaveLength(0);
    expect(calls()).toHaveLength(1);
  });

  it('drops the cached lists of another content filter when the filter changes', async () => {
    serve([buildTool()]);
    function Filtered() {
      const [nodeId, setNodeId] = useState(10);
      return (
        <>
          <button type="button" onClick={() => setNodeId(11)}>
            Byt filter
          </button>
          <ToolsSection filter={{ nodeIds: [nodeId] }} />
        </>
      );
    }
    const view = renderAt(<Filtered />);
    await screen.findByRole('list', { name: 'Dina verktyg' });
    await userEvent.click(screen.getByRole('button', { name: 'Byt filter' }));
    await waitFor(() =>
      expect(
        view.queryClient
          .getQueryCache()
          .findAll({ queryKey: ['tools-list'] })
          .map((query) => query.queryKey),
      ).toEqual([['tools-list', { nodeIds: [11], categoryIds: [] }]]),
    );
  });

  it('says so when nothing is aimed at the user', async () => {
    serve([]);
    renderAt(<ToolsSection />);
    expect(await screen.findByText('Det finns inga verktyg för dig ännu.')).toBeInTheDocument();
  });
});
