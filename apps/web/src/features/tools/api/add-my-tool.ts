import type { LinkResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { acceptMyTools } from './my-tools';

export function addMyTool(linkId: number) {
  return apiRequest<LinkResponse[]>(apiPaths.myLink(linkId), {
    method: 'POST',
    throwOnError: true,
  });
}

export function useAddMyTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMyTool,
    onSuccess: (list) => acceptMyTools(queryClient, list),
  });
}
