import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

/** Ends a shared link at once (its maker or an administrator). */
export function useRevokeSharedLink() {
  return useMutation({
    mutationFn: (linkId: string) =>
      apiRequest<null>(apiPaths.documentLinkRevoke(linkId), {
        method: 'DELETE',
        throwOnError: true,
      }),
  });
}
