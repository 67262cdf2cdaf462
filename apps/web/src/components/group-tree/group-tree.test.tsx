import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { GroupTree } from './group-tree';

const items = [
  { id: 1, name: 'Kommunen', type: 'Huvudman', parentId: null, externalId: null },
  { id: 2, name: 'Ekskolan', type: 'Skolenhet', parentId: 1, externalId: 'SU-1' },
  { id: 3, name: '3A', type: 'Klass', parentId: 2, externalId: 'K-3A' },
  { id: 4, name: '3B', type: 'Klass', parentId: 2, externalId: null },
  { id: 5, name: 'Om skolan', type: 'page-related', parentId: 2, externalId: null },
];

describe('GroupTree', () => {
  it('opens and closes branches with the keyboard, and shows external ids', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GroupTree items={items} label="Träd" />);
    expect(screen.getByText('Externt id: SU-1')).toBeInTheDocument();
    expect(screen.queryByText('3A')).not.toBeInTheDocument();

    const open = screen.getByRole('button', { name: 'Visa undergrupper till Ekskolan' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    open.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('3A')).toBeInTheDocument();
    const close = screen.getByRole('button', { name: 'Dölj undergrupper till Ekskolan' });
    expect(close).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(screen.queryByText('3A')).not.toBeInTheDocument();
  });

  it('searches by name or external id and opens the way to the matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GroupTree items={items} label="Träd" />);
    await user.type(screen.getByLabelText('Sök grupp eller externt id'), 'k-3a');
    expect(screen.getByText('3A')).toBeInTheDocument();
    expect(screen.queryByText('3B')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Sök grupp eller externt id'));
    await user.type(screen.getByLabelText('Sök grupp eller externt id'), 'finns inte');
    expect(screen.getByText('Ingen grupp matchar sökningen.')).toBeInTheDocument();
  });

  it('follows the adding rules: no page-related items, disabled ids, single-add', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    const { rerender } = renderWithProviders(
      <GroupTree
        items={items}
        label="Träd"
        defaultExpanded={[1, 2]}
        add={{ onAdd, disabledIds: [4], singleAdd: true, addedIds: [] }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Om skolan kan inte läggas till' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '3B kan inte läggas till' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Lägg till 3A' }));
    expect(onAdd).toHaveBeenCalledWith(items[2]);

    rerender(
      <GroupTree
        items={items}
        label="Träd"
        defaultExpanded={[1, 2]}
        add={{ onAdd, singleAdd: true, addedIds: [3] }}
      />,
    );
    const tree = screen.getByRole('list', { name: 'Träd' });
    expect(within(tree).getByRole('button', { name: '3A är tillagd' })).toBeDisabled();
    expect(
      within(tree).getByRole('button', { name: 'Ekskolan kan inte läggas till' }),
    ).toBeDisabled();
  });
});
