import { relatedEndpoints } from '@skolportalen/shared/endpoints/related';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { fullPageLoad } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { saveTokenList } from '@/lib/token-list';

/**
 * Spec §4 role switch: the server activates the account's token or issues one
 * (masked when the session is), then the whole app starts over on the start page.
 */
export async function switchAccount(accountId: number) {
  const { session } = await call(relatedEndpoints.switchTo, { params: { id: accountId } });
  saveTokenList(session);
  fullPageLoad(paths.home.href());
}

export function useSwitchAccount() {
  return useMutation({ mutationFn: switchAccount });
}
