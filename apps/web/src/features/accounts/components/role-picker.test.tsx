import { sv, type RelatedAccount } from '@skolportalen/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPageLoad } from '@/lib/navigation';
import { buildAccount } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { accountKeys } from '../api/related-accounts';
import { RolePicker } from './role-picker';

vi.mock('@/lib/navigation', () => ({
  navigateTo: vi.fn(),
  reloadPage: vi.fn(),
  fullPageLoad: vi.fn(),
  currentPath: () => '/',
  setNavigator: vi.fn(),
}));

const relatedUrl = '/api/portal-service/v1/user/related';

function serve(accounts: RelatedAccount[]) {
  return mockFetch((url, init) => {
    if (url === relatedUrl) return json(accounts);
    const match = /\/related\/(\d+)\/token$/.exec(url);
    if (match && init.method === 'POST') {
      return json({
        token: {},
        session: { tokens: [], activeTokenId: `t${match[1]}`, masked: false },
      });
    }
    return undefined;
  });
}

const teacher = buildAccount({ id: 1, name: 'Anna Larsson', current: true, relation: 'self' });
const caretaker = buildAccount({
  id: 2,
  name: 'Anna Larsson',
  roles: [{ id: 3, key: 'role_caretaker', name: 'Vårdnadshavare', categoryId: 12 }],
  categories: [{ id: 12, key: 'caretaker', name: 'Vårdnadshavare', type: 'role', nodes: [] }],
});
const childWithoutRole = buildAccount({
  id: 3,
  name: 'Elsa Larsson',
  relation: 'child',
  categories: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('role picker visibility (spec §2)', () => {
  it('is hidden when only one related account has a role category', async () => {
    serve([teacher, childWithoutRole]);
    const { queryClient } = renderAt(<RolePicker />);
    await waitFor(() =>
      expect(queryClient.getQueryState(accountKeys.related)?.status).toBe('success'),
    );
    expect(screen.queryByRole('button', { name: sv.header.rolePicker })).toBeNull();
  });

  it('lists the accounts with a role category, the current one disabled', async () => {
    serve([teacher, caretaker, childWithoutRole]);
    renderAt(<RolePicker />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: sv.header.rolePicker }));

    const items = await screen.findAllByRole('menuitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Lärare (nuvarande)');
    expect(items[0]).toHaveAttribute('aria-disabled', 'true');
    expect(items[1]).toHaveTextContent('Vårdnadshavare');
    expect(items[1]).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText('Elsa Larsson')).toBeNull();
  });

  it('switching asks the server for a token, then starts over on /', async () => {
    const fetchMock = serve([teacher, caretaker]);
    renderAt(<RolePicker />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: sv.header.rolePicker }));
    await user.click(await screen.findByRole('menuitem', { name: /Vårdnadshavare/ }));

    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/portal-service/v1/user/related/2/token',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(JSON.parse(sessionStorage.getItem('skolportalen.tokens') ?? '{}')).toMatchObject({
      activeTokenId: 't2',
    });
  });
});
