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

  it('shows nothing when single sign-on is off', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/saml/config')
        ? json({ enabled: false, label: 'x', passwordSignIn: true })
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
