import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fullPageLoad } from '@/lib/navigation';
import { apiPaths, paths } from '@/lib/paths';
import { fetchSession } from '@/lib/session';
import { clearTokenList } from '@/lib/token-list';

/** Spec §4: unmask removes the session's masked tokens; the server reactivates the one left. */
export async function unmask() {
  const session = await fetchSession();
  for (const token of session.tokens.filter((candidate) => candidate.masked)) {
    await apiRequest<unknown>(apiPaths.token(token.id), { method: 'DELETE' });
  }
  clearTokenList();
  fullPageLoad(paths.home.href());
}

export function useUnmask() {
  return useMutation({ mutationFn: unmask });
}
