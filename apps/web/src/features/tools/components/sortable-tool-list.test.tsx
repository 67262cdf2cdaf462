import type { LinkResponse } from '@skolportalen/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SortableToolList } from './sortable-tool-list';

function tool(id: number, name: string, optional = false): LinkResponse {
  return {
    id,
    name,
    shortDescription: `${name} kort`,
    longDescription: `${name} med en längre beskrivning.`,
    url: `https://${id}.exempelby.se`,
    type: 'tool',
    linkSort: id,
    optional,
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
    can: { edit: false, delete: false, add: false, remove: optional },
  };
}

const tools = [tool(1, 'Schema'), tool(2, 'Matsedel'), tool(3, 'Bibliotekskatalog', true)];

describe('the user’s sortable tool list', () => {
  it('moves a tool one step with the arrow buttons', async () => {
    const onReorder = vi.fn();
    render(
      <SortableToolList
        tools={tools}
        sortable
        busy={false}
        onReorder={onReorder}
        onRemove={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Flytta upp Schema' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Flytta ned Bibliotekskatalog' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Flytta ned Schema' }));
    expect(onReorder).toHaveBeenLastCalledWith([2, 1, 3]);
    await userEvent.click(screen.getByRole('button', { name: 'Flytta upp Bibliotekskatalog' }));
    expect(onReorder).toHaveBeenLastCalledWith([1, 3, 2]);
  });

  it('offers a drag handle per tool, described for screen readers in Swedish', () => {
    render(
      <SortableToolList
        tools={tools}
        sortable
        busy={false}
        onReorder={vi.fn()}
        onRemove={vi.fn()}
      />,
    );
    const handle = screen.getByRole('button', { name: 'Flytta Matsedel' });
    expect(handle).toHaveAttribute('aria-roledescription', 'flyttbart verktyg');
    const description = document.getElementById(handle.getAttribute('aria-describedby')!);
    expect(description).toHaveTextContent(/Tryck mellanslag eller Enter för att lyfta verktyget/);
  });

  it('only optional tools can be removed; without the right nothing moves', async () => {
    const onRemove = vi.fn();
    const { rerender } = render(
      <SortableToolList
        tools={tools}
        sortable
        busy={false}
        onReorder={vi.fn()}
        onRemove={onRemove}
      />,
    );
    const list = screen.getByRole('list', { name: 'Mina verktyg' });
    expect(within(list).getAllByRole('button', { name: /^Ta bort/ })).toHaveLength(1);
    await userEvent.click(
      screen.getByRole('button', { name: 'Ta bort Bibliotekskatalog från mina verktyg' }),
    );
    expect(onRemove).toHaveBeenCalledWith(tools[2]);

    rerender(
      <SortableToolList
        tools={tools.slice(0, 2)}
        sortable={false}
        busy={false}
        onReorder={vi.fn()}
        onRemove={onRemove}
      />,
    );
    expect(screen.queryByRole('button', { name: /Flytta/ })).toBeNull();
  });
});
