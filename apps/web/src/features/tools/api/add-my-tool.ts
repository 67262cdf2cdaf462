import { userLinkEndpoints } from '@skolportalen/shared/endpoints/user-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { acceptMyTools } from './my-tools';

export function addMyTool(linkId: number) {
  return call(userLinkEndpoints.addMine, { params: { id: linkId }, throwOnError: true });
}

export function useAddMyTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMyTool,
    onSuccess: (list) => acceptMyTools(queryClient, list),
  });
}
