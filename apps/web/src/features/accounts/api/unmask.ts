import { tokenEndpoints } from '@skolportalen/shared/endpoints/tokens';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { fullPageLoad } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { fetchSession } from '@/lib/session';
import { clearTokenList } from '@/lib/token-list';

/**
 * Spec §4: unmask removes the session's masked tokens; the server revokes the
 * whole masked part with the first and reactivates the last token left
 * (decision 0027), so this asks again only if a masked token remains.
 */
export async function unmask() {
  let session = await fetchSession();
  for (let masked = session.tokens.find((token) => token.masked); masked;) {
    session = await call(tokenEndpoints.revoke, { params: { id: masked.id } });
    masked = session.tokens.find((token) => token.masked);
  }
  clearTokenList();
  fullPageLoad(paths.home.href());
}

export function useUnmask() {
  return useMutation({ mutationFn: unmask });
}
