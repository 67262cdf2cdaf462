import { userLinkEndpoints } from '@skolportalen/shared/endpoints/user-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { acceptMyTools } from './my-tools';

export function removeMyTool(linkId: number) {
  return call(userLinkEndpoints.removeMine, { params: { id: linkId }, throwOnError: true });
}

export function useRemoveMyTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMyTool,
    onSuccess: (list) => acceptMyTools(queryClient, list),
  });
}
