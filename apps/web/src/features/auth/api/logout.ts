import type { QueryClient } from '@tanstack/react-query';
import { clearClientState } from '@/lib/client-session';
import { apiPaths, paths } from '@/lib/paths';

/**
 * Spec §7: logout is an ordinary form POST, not fetch, so the server can revoke
 * the tokens, clear both cookies and answer with a redirect to the login page.
 */
export function logout(queryClient: QueryClient) {
  clearClientState(queryClient);
  const form = document.createElement('form');
  form.method = 'post';
  form.action = apiPaths.logout();
  form.hidden = true;
  const redirect = document.createElement('input');
  redirect.type = 'hidden';
  redirect.name = 'redirectUrl';
  redirect.value = `${window.location.origin}${paths.login.href()}`;
  form.append(redirect);
  document.body.append(form);
  form.submit();
}
