import { sv } from '@skolportalen/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

const session = { tokens: [], activeTokenId: 'a', masked: false };

function setup() {
  const onSignedIn = vi.fn();
  renderAt(<LoginForm onSignedIn={onSignedIn} />, '/login');
  return { onSignedIn, user: userEvent.setup() };
}

describe('login form', () => {
  it('requires both fields with the shared schema’s message, without calling the server', async () => {
    const fetchMock = mockFetch(() => undefined);
    const { user } = setup();

    await user.click(screen.getByRole('button', { name: sv.login.submit }));

    expect(screen.getAllByText(sv.validation.required)).toHaveLength(2);
    expect(screen.getByLabelText(/Användarnamn/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Användarnamn/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a whitespace-only username is still empty', async () => {
    mockFetch(() => undefined);
    const { user } = setup();
    await user.type(screen.getByLabelText(/Användarnamn/), '   ');
    await user.type(screen.getByLabelText(/^Lösenord/), 'hemligt');
    await user.click(screen.getByRole('button', { name: sv.login.submit }));
    expect(screen.getAllByText(sv.validation.required)).toHaveLength(1);
    expect(screen.getByLabelText(/^Lösenord/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s message on 401', async () => {
    mockFetch(() =>
      json(
        { code: 'INVALID_CREDENTIALS', message: 'Fel användarnamn eller lösenord.' },
        { status: 401 },
      ),
    );
    const { user, onSignedIn } = setup();
    await user.type(screen.getByLabelText(/Användarnamn/), 'anna.larsson');
    await user.type(screen.getByLabelText(/^Lösenord/), 'fel');
    await user.click(screen.getByRole('button', { name: sv.login.submit }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Fel användarnamn eller lösenord.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows the server’s message on 429', async () => {
    mockFetch(() =>
      json({ code: 'RATE_LIMITED', message: sv.errors.rateLimited }, { status: 429 }),
    );
    const { user } = setup();
    await user.type(screen.getByLabelText(/Användarnamn/), 'anna.larsson');
    await user.type(screen.getByLabelText(/^Lösenord/), 'fel');
    await user.click(screen.getByRole('button', { name: sv.login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sv.errors.rateLimited);
  });

  it('signs in, stores the session, loads the user and moves on', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/core/v1/user/login') return json({ token: {}, session });
      if (url === '/api/core/v1/user') return json(buildUser());
      return undefined;
    });
    const { user, onSignedIn } = setup();
    await user.type(screen.getByLabelText(/Användarnamn/), ' anna.larsson ');
    await user.type(screen.getByLabelText(/^Lösenord/), 'Demo-2026!');
    await user.click(screen.getByRole('button', { name: sv.login.submit }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/core/v1/user/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ username: 'anna.larsson', password: 'Demo-2026!' }),
      }),
    );
    expect(sessionStorage.getItem('skolportalen.tokens')).toBe(JSON.stringify(session));
  });

  it('can show the password', async () => {
    mockFetch(() => undefined);
    const { user } = setup();
    const password = screen.getByLabelText(/^Lösenord/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: sv.login.showPassword }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: sv.login.hidePassword })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
