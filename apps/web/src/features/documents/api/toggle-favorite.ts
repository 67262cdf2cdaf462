import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { documentKeys } from './keys';

/** POST /favorite with the guid, or DELETE /favorite/{guid}. */
export function useToggleDocumentFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guid, favorite }: { guid: string; favorite: boolean }) =>
      favorite
        ? apiRequest(apiPaths.documentFavorite(), { method: 'POST', body: { guid } })
        : apiRequest(apiPaths.documentFavorite(guid), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
