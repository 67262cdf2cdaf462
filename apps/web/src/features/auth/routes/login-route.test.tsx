import { sv } from '@skolportalen/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import LoginRoute from './login-route';

afterEach(() => vi.unstubAllGlobals());

const sso = { enabled: true, label: 'Logga in med skolans inloggning' };

describe('LoginRoute', () => {
  it('offers both ways in while passwords are on', async () => {
    mockFetch((url) =>
      url.endsWith('/saml/config') ? json({ ...sso, passwordSignIn: true }) : undefined,
    );
    renderAt(<LoginRoute />, '/login');
    expect(await screen.findByRole('button', { name: sso.label })).toBeVisible();
    expect(await screen.findByRole('textbox', { name: /Användarnamn/ })).toBeVisible();
    expect(document.querySelector('input[name="password"]')).not.toBeNull();
    expect(screen.getByText(sv.sso.or)).toBeVisible();
  });

  it('shows only single sign-on when password sign-in is off', async () => {
    mockFetch((url) =>
      url.endsWith('/saml/config') ? json({ ...sso, passwordSignIn: false }) : undefined,
    );
    renderAt(<LoginRoute />, '/login');
    expect(await screen.findByRole('button', { name: sso.label })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /Användarnamn/ })).toBeNull();
    expect(document.querySelector('input[name="password"]')).toBeNull();
    expect(screen.queryByText(sv.sso.or)).toBeNull();
  });
});
