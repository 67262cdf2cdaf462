import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { ProfileForm } from './profile-form';

afterEach(() => vi.unstubAllGlobals());

const mikael = buildUser({
  id: 11,
  uid: 'mikael.holm',
  name: 'Mikael Holm',
  firstName: 'Mikael',
  lastName: 'Holm',
  email: null,
  roleKeys: ['role_caretaker'],
});

describe('the profile form', () => {
  it('?highlightEmail=true marks the e-mail field and gives it focus', () => {
    mockFetch(() => undefined);
    renderAt(<ProfileForm user={mikael} highlightEmail />);
    const email = screen.getByRole('textbox', { name: /E-postadress/ });
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(/Fyll i din e-postadress så att skolan kan nå dig/);
  });

  it('ties the e-mail error to the highlighted field, next to the hint', async () => {
    mockFetch(() => undefined);
    renderAt(<ProfileForm user={mikael} highlightEmail />);
    const email = screen.getByRole('textbox', { name: /E-postadress/ });
    await userEvent.type(email, 'mikael.holm');
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(email).toHaveAccessibleDescription(
      /Fyll i din e-postadress så att skolan kan nå dig\..*Fel format på e-postadressen/,
    );
  });

  it('checks the spec’s User bounds before asking the server', async () => {
    const fetchMock = mockFetch(() => undefined);
    renderAt(<ProfileForm user={mikael} highlightEmail={false} />);
    await userEvent.type(screen.getByRole('textbox', { name: /E-postadress/ }), 'mikael');
    await userEvent.clear(screen.getByRole('textbox', { name: /Förnamn/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(screen.getByText('Fältet måste vara ifyllt')).toBeInTheDocument();
    expect(screen.getByText('Fel format på e-postadressen')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Förnamn/ })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves through updateUser and the signed-in user changes everywhere', async () => {
    const saved = { ...mikael, email: 'mikael.holm@example.org' };
    const fetchMock = mockFetch((url, init) =>
      url === '/api/portal-service/v1/user/updateUser' && init.method === 'POST'
        ? json(saved)
        : undefined,
    );
    const { queryClient } = renderAt(<ProfileForm user={mikael} highlightEmail />);
    await userEvent.type(screen.getByRole('textbox', { name: /E-postadress/ }), saved.email);
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Dina uppgifter är sparade.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      id: 11,
      firstName: 'Mikael',
      lastName: 'Holm',
      email: 'mikael.holm@example.org',
    });
    expect(queryClient.getQueryData(['current-user'])).toEqual(saved);
  });
});
