import type { AcknowledgementLinkView } from '@skolportalen/shared';
import { acknowledgementLinkEndpoints } from '@skolportalen/shared/endpoints/acknowledgement-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * GET /acknowledgement-link/{token}: the notice as the link shows it. The
 * page shows every refusal itself (an ended link is a page, not a redirect),
 * and a refusal is final: no retry.
 */
export function useAcknowledgementLink(token: string) {
  return useQuery<AcknowledgementLinkView>({
    queryKey: contentKeys.acknowledgementLink(token),
    queryFn: ({ signal }) =>
      call(acknowledgementLinkEndpoints.view, { params: { token }, signal, throwOnError: true }),
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /acknowledgement-link/{token}: "Jag har läst", for the children named or every one. */
export function useConfirmByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (childIds?: number[]) =>
      call(acknowledgementLinkEndpoints.confirm, {
        params: { token },
        body: childIds ? { childIds } : {},
        throwOnError: true,
      }),
    onSuccess: ({ myAcknowledgement }) => {
      queryClient.setQueryData<AcknowledgementLinkView>(
        contentKeys.acknowledgementLink(token),
        (view) => (view ? { ...view, myAcknowledgement } : view),
      );
    },
  });
}
