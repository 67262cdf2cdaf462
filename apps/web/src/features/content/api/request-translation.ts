import { machineTranslationEndpoints } from '@skolportalen/shared/endpoints/translations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * POST /post/{id}/translation/{lang}/request: a reader asks the provider for a
 * translation none has made. The answer is the post in that language, kept by
 * the server for every reader; it takes the reading page's place at once.
 */
export function useRequestTranslation(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, language }: { id: number; language: string }) =>
      call(machineTranslationEndpoints.request, {
        params: { id: String(id), lang: language },
        throwOnError: true,
      }),
    onSuccess: (post) => {
      queryClient.setQueryData(contentKeys.post(key), post);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all, type: 'inactive' });
    },
  });
}
