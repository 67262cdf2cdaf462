import type { UserDetailResponse, UserListItem } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import UsersRoute from './users-route';

const elsaItem: UserListItem = {
  id: 5,
  uid: 'elsa.nilsson',
  name: 'Elsa Nilsson',
  email: null,
  roles: [{ id: 2, key: 'role_student', name: 'Elev', categoryId: 4 }],
  isAdmin: false,
  disabledAt: null,
  can: { mask: true },
};

function elsa(overrides: Partial<UserDetailResponse> = {}): UserDetailResponse {
  return {
    id: 5,
    uid: 'elsa.nilsson',
    username: 'elsa.nilsson',
    name: 'Elsa Nilsson',
    firstName: 'Elsa',
    lastName: 'Nilsson',
    email: null,
    externalId: null,
    roles: elsaItem.roles,
    categories: [],
    directCategoryIds: [],
    groups: [],
    children: [],
    guardians: [{ id: 9, uid: 'karin.nilsson', name: 'Karin Nilsson' }],
    accounts: [],
    capabilityOverrides: {},
    roleCapabilities: {},
    capabilities: {},
    isAdmin: false,
    isSuperadmin: false,
    can: {
      edit: true,
      editRoles: true,
      editGroups: true,
      editCapabilities: true,
      mask: true,
      disable: true,
      securityMarking: false,
    },
    disabledAt: null,
    disabledReason: null,
    securityMarking: 'Ingen',
    preferredLanguage: 'sv',
    ...overrides,
  };
}

function serve(
  detail: UserDetailResponse,
  onPut?: (body: unknown) => Response,
  onPost?: (path: string, body: unknown) => Response,
) {
  return mockFetch((url, init) => {
    const path = url.split('?')[0];
    if (init.method === 'POST' && path?.startsWith('/api/core/v1/user/5/'))
      return onPost?.(path, init.body ? JSON.parse(String(init.body)) : undefined);
    if (path === '/api/core/v1/user') return json(buildUser({ isAdmin: true }));
    if (path === '/api/core/v1/users') {
      return json([elsaItem], { headers: { 'x-pagination-total': '1' } });
    }
    if (path === '/api/core/v1/user/5') {
      if (init.method === 'PUT') return onPut?.(JSON.parse(String(init.body)));
      return json(detail);
    }
    if (['/api/core/v1/role', '/api/core/v1/node', '/api/core/v1/category'].includes(path!)) {
      return json([]);
    }
    if (path === '/api/core/v1/capability' || path === '/api/core/v1/token') return json([]);
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the users administration', () => {
  it('finds a user, opens them, and offers "Agera som" through the composed action', async () => {
    const user = userEvent.setup();
    serve(elsa());
    renderAt(
      <UsersRoute renderActAs={(target) => <button>{`Agera som ${target.firstName}`}</button>} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Elsa Nilsson' }));
    const heading = await screen.findByRole('heading', { name: 'Elsa Nilsson', level: 2 });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Karin Nilsson')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agera som Elsa' })).toBeInTheDocument();
  });

  it('shows the server’s field messages at the fields', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    serve(elsa(), (body) => {
      sent.push(body);
      return json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Uppgifterna är inte giltiga.',
          errors: [{ field: 'email', message: 'Fel format på e-postadressen' }],
        },
        { status: 400 },
      );
    });
    renderAt(<UsersRoute />, '/?user=5');
    const form = (await screen.findByRole('heading', { name: 'Uppgifter' })).closest('div')!;
    await user.type(within(form).getByLabelText(/E-postadress/), 'elsa@');
    await user.click(within(form).getByRole('button', { name: 'Spara' }));
    expect(await within(form).findByText('Fel format på e-postadressen')).toBeInTheDocument();
    expect(sent).toEqual([{ firstName: 'Elsa', lastName: 'Nilsson', email: 'elsa@' }]);
  });

  it('shows a user the caller may not change read-only', async () => {
    serve(
      elsa({
        can: {
          edit: false,
          editRoles: false,
          editGroups: false,
          editCapabilities: false,
          mask: false,
          disable: false,
          securityMarking: false,
        },
      }),
    );
    renderAt(<UsersRoute />, '/?user=5');
    expect(
      await screen.findByText('Du kan se men inte ändra den här användaren.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spara' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ta bort Elev' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stäng av kontot' })).not.toBeInTheDocument();
  });

  it('disables an account after asking, with a reason, and enables it again', async () => {
    const user = userEvent.setup();
    const posts: [string, unknown][] = [];
    const disabledAt = '2026-11-21T08:30:00.000Z';
    serve(elsa(), undefined, (path, body) => {
      posts.push([path, body]);
      return path.endsWith('/disable')
        ? json(
            elsa({
              disabledAt,
              disabledReason: 'Har flyttat',
              can: { ...elsa().can, mask: false },
            }),
          )
        : json(elsa());
    });
    renderAt(<UsersRoute />, '/?user=5');
    await user.click(await screen.findByRole('button', { name: 'Stäng av kontot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stäng av Elsa Nilsson?' });
    expect(dialog).toHaveTextContent('alla dess inloggningar avslutas');
    await user.type(within(dialog).getByLabelText(/Anledning/), 'Har flyttat');
    await user.click(within(dialog).getByRole('button', { name: 'Stäng av' }));
    expect(await screen.findByText('Elsa Nilsson är avstängt.')).toBeInTheDocument();
    expect(screen.getByText(/Kontot är avstängt sedan 21 november 2026/)).toHaveTextContent(
      'Anledning: Har flyttat',
    );
    expect(posts).toEqual([['/api/core/v1/user/5/disable', { reason: 'Har flyttat' }]]);

    await user.click(screen.getByRole('button', { name: 'Aktivera kontot' }));
    expect(await screen.findByText('Elsa Nilsson är aktiverat igen.')).toBeInTheDocument();
    expect(posts[1]).toEqual(['/api/core/v1/user/5/enable', undefined]);
    expect(screen.getByRole('button', { name: 'Stäng av kontot' })).toBeInTheDocument();
  });

  it('shows a protected identity and lets an entitled administrator change the mark with a reason', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const marked = elsa({
      securityMarking: 'Skyddad folkbokföring',
      can: { ...elsa().can, securityMarking: true },
    });
    serve(marked, (body) => {
      sent.push(body);
      if (!(body as { securityMarkingReason?: string }).securityMarkingReason) {
        return json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Uppgifterna är inte giltiga.',
            errors: [
              {
                field: 'securityMarkingReason',
                message: 'Skriv varför skyddsmarkeringen ändras.',
              },
            ],
          },
          { status: 400 },
        );
      }
      return json({ ...marked, securityMarking: 'Ingen' });
    });
    renderAt(<UsersRoute />, '/?user=5');
    expect(
      await screen.findByText(/Skyddad identitet \(Skyddad folkbokföring\)/),
    ).toBeInTheDocument();
    const section = screen
      .getByRole('heading', { name: 'Skyddade personuppgifter' })
      .closest('div')!;
    const save = within(section).getByRole('button', { name: 'Ändra skyddsmarkering' });
    expect(save).toBeDisabled();

    await user.click(within(section).getByRole('combobox', { name: 'Skyddsmarkering' }));
    await user.click(await screen.findByRole('option', { name: 'Ingen' }));
    await user.click(save);
    expect(
      await within(section).findByText('Skriv varför skyddsmarkeringen ändras.'),
    ).toBeInTheDocument();
    await user.type(within(section).getByLabelText(/Anledning till ändringen/), 'Upphört');
    await user.click(save);
    expect(await screen.findByText('Skyddsmarkeringen är ändrad.')).toBeInTheDocument();
    expect(sent).toEqual([
      { securityMarking: 'Ingen', securityMarkingReason: '' },
      { securityMarking: 'Ingen', securityMarkingReason: 'Upphört' },
    ]);
    expect(screen.queryByText(/Skyddad identitet \(/)).not.toBeInTheDocument();
  });

  it('shows the mark without a way to change it to an administrator without the right', async () => {
    serve(elsa({ securityMarking: 'Sekretessmarkering' }));
    renderAt(<UsersRoute />, '/?user=5');
    const section = (
      await screen.findByRole('heading', { name: 'Skyddade personuppgifter' })
    ).closest('div')!;
    expect(section).toHaveTextContent('Skyddsmarkering: Sekretessmarkering');
    expect(
      within(section).queryByRole('button', { name: 'Ändra skyddsmarkering' }),
    ).not.toBeInTheDocument();
  });
});
