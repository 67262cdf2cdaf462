import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Ends a shared link at once (its maker or an administrator). */
export function useRevokeSharedLink() {
  return useMutation({
    mutationFn: (linkId: string) =>
      call(documentEndpoints.revokeLink, { params: { linkId }, throwOnError: true }),
  });
}
