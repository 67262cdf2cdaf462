import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildGroup, buildUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { YourGroups } from './your-groups';

const child = (id: number, firstName: string, groups: ReturnType<typeof buildGroup>[]) => ({
  id,
  uid: `child-${id}`,
  name: `${firstName} Ek`,
  firstName,
  lastName: 'Ek',
  categories: [],
  groups,
});

describe('"Dina grupper"', () => {
  it('shows a guardian in no group her children’s groups, each under the child’s name', () => {
    const guardian = buildUser({
      roleKeys: ['role_caretaker'],
      groups: [],
      children: [
        child(21, 'Elsa', [buildGroup({ id: 31, name: '3A', type: 'Klass' })]),
        child(22, 'Nils', [buildGroup({ id: 82, name: '8B', type: 'Klass' })]),
      ],
    });
    renderWithProviders(<YourGroups user={guardian} />);
    const card = screen.getByRole('region', { name: 'Dina grupper' });
    expect(within(card).queryByText(/Du är inte med i någon grupp/)).not.toBeInTheDocument();
    const elsa = within(card).getByRole('region', { name: 'Grupper för Elsa' });
    expect(within(elsa).getByText('3A')).toBeInTheDocument();
    const nils = within(card).getByRole('region', { name: 'Grupper för Nils' });
    expect(within(nils).getByText('8B')).toBeInTheDocument();
    expect(within(nils).queryByText('3A')).not.toBeInTheDocument();
  });

  it('says so when someone without children is in no group', () => {
    renderWithProviders(<YourGroups user={buildUser({ groups: [], children: [] })} />);
    expect(screen.getByText('Du är inte med i någon grupp ännu.')).toBeInTheDocument();
  });
});
