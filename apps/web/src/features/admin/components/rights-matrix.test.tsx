import type { CapabilityResponse, RoleResponse } from '@skolportalen/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RightsMatrix } from './rights-matrix';

const capabilities: CapabilityResponse[] = [
  { key: 'create_post', group: 'post', label: 'Skapa innehåll' },
  { key: 'search', group: 'search', label: 'Söka' },
];
const roles: RoleResponse[] = [
  {
    id: 1,
    key: 'role_student',
    name: 'Elev',
    categoryId: 4,
    capabilities: { create_post: false },
    can: { edit: true, delete: false },
  },
  {
    id: 2,
    key: 'role_admin',
    name: 'Administratör',
    categoryId: null,
    capabilities: { create_post: true, search: true },
    can: { edit: false, delete: false },
  },
];

describe('RightsMatrix', () => {
  it('shows each right as missing, denied or granted, grouped, in Swedish', () => {
    renderWithProviders(
      <RightsMatrix
        roles={roles}
        capabilities={capabilities}
        onChange={vi.fn()}
        onDeleteRole={vi.fn()}
        busy={false}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Elev' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Innehåll' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Skapa innehåll för Elev' })).toHaveValue('denied');
    expect(screen.getByRole('combobox', { name: 'Söka för Elev' })).toHaveValue('missing');
    expect(screen.getByRole('combobox', { name: 'Söka för Administratör' })).toHaveValue('granted');
    expect(screen.getAllByRole('option', { name: 'Beviljad' })).toHaveLength(4);
  });

  it('changes a right from the keyboard; cells the server locks are disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <RightsMatrix
        roles={roles}
        capabilities={capabilities}
        onChange={onChange}
        onDeleteRole={vi.fn()}
        busy={false}
      />,
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Skapa innehåll för Elev' }),
      'granted',
    );
    expect(onChange).toHaveBeenCalledWith(roles[0], capabilities[0], 'granted');
    expect(
      screen.getByRole('combobox', { name: 'Skapa innehåll för Administratör' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Ta bort rollen/ })).not.toBeInTheDocument();
  });

  it('on a phone shows one role at a time, every role to be chosen', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      renderWithProviders(
        <RightsMatrix
          roles={roles}
          capabilities={capabilities}
          onChange={onChange}
          onDeleteRole={vi.fn()}
          busy={false}
        />,
      );
      expect(screen.queryByRole('columnheader', { name: 'Elev' })).not.toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'Rättigheter för Elev' })).toBeInTheDocument();
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Visa rättigheterna för' }),
        'Administratör',
      );
      expect(screen.getByRole('combobox', { name: 'Söka för Administratör' })).toHaveValue(
        'granted',
      );
      expect(
        screen.getByRole('combobox', { name: 'Skapa innehåll för Administratör' }),
      ).toBeDisabled();
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Visa rättigheterna för' }),
        'Elev',
      );
      await user.selectOptions(screen.getByRole('combobox', { name: 'Söka för Elev' }), 'granted');
      expect(onChange).toHaveBeenCalledWith(roles[0], capabilities[1], 'granted');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
