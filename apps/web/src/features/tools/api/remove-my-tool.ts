import type { LinkResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { acceptMyTools } from './my-tools';

export function removeMyTool(linkId: number) {
  return apiRequest<LinkResponse[]>(apiPaths.myLink(linkId), {
    method: 'DELETE',
    throwOnError: true,
  });
}

export function useRemoveMyTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMyTool,
    onSuccess: (list) => acceptMyTools(queryClient, list),
  });
}
