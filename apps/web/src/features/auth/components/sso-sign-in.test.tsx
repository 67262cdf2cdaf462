import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { SsoSignIn } from './sso-sign-in';

afterEach(() => vi.unstubAllGlobals());

describe('SsoSignIn', () => {
  it('offers single sign-on as a form post carrying the way back', async () => {
    mockFetch((url) =>
      url.endsWith('/saml/config')
        ? json({ enabled: true, label: 'Logga in med skolans inloggning', passwordSignIn: true })
        : undefined,
    );
    const { container } = renderWithProviders(
      <SsoSignIn redirect="/profile/my-groups" failure={null} />,
    );
    const button = await screen.findByRole('button', { name: 'Logga in med skolans inloggning' });
    const form = button.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/portal-service/v1/saml/login');
    expect(container.querySelector<HTMLInputElement>('input[name="redirect"]')!.value).toBe(
      '/profile/my-groups',
    );
  });

  it('offers one button per OpenID Connect provider, each posting to its own address', async () => {
    mockFetch((url) =>
      url.endsWith('/saml/config')
        ? json({
            enabled: false,
            label: 'x',
            providers: [
              { key: 'entra', label: 'Logga in som personal' },
              { key: 'e-legitimation', label: 'Logga in med BankID' },
            ],
            passwordSignIn: false,
          })
        : undefined,
    );
    renderWithProviders(<SsoSignIn redirect="/kurser" failure={null} />);
    const staff = await screen.findByRole('button', { name: 'Logga in som personal' });
    const guardians = screen.getByRole('button', { name: 'Logga in med BankID' });
    expect(staff.closest('form')!.getAttribute('action')).toBe(
      '/api/portal-service/v1/oidc/entra/login',
    );
    expect(guardians.closest('form')!.getAttribute('action')).toBe(
      '/api/portal-service/v1/oidc/e-legitimation/login',
    );
    expect(screen.queryByRole('button', { name: 'x' })).toBeNull();
    expect(
      guardians.closest('form')!.querySelector<HTMLInputElement>('input[name="redirect"]')!.value,
    ).toBe('/kurser');
  });

  it('shows nothing when single sign-on is off', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/saml/config')
        ? json({ enabled: false, label: 'x', providers: [], passwordSignIn: true })
        : undefined,
    );
    const { container } = renderWithProviders(<SsoSignIn redirect="/" failure={null} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('explains a refused sign-in in Swedish, and ignores unknown reasons', async () => {
    mockFetch((url) =>
      url.endsWith('/saml/config')
        ? json({ enabled: false, label: 'x', passwordSignIn: true })
        : undefined,
    );
    const { unmount } = renderWithProviders(<SsoSignIn redirect="/" failure="unknown-user" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ditt konto finns inte i Skolportalen',
    );
    unmount();
    const other = renderWithProviders(<SsoSignIn redirect="/" failure="<script>" />);
    await vi.waitFor(() => expect(other.container).toBeEmptyDOMElement());
  });
});
