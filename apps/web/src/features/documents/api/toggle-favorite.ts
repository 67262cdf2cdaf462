import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { documentKeys } from './keys';

/** POST /favorite with the guid, or DELETE /favorite/{guid}. */
export function useToggleDocumentFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guid, favorite }: { guid: string; favorite: boolean }) =>
      favorite
        ? call(documentEndpoints.addFavorite, { body: { guid } })
        : call(documentEndpoints.removeFavorite, { params: { id: guid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
