import type { TranslationInput } from '@skolportalen/shared';
import {
  machineTranslationEndpoints,
  translationEndpoints,
} from '@skolportalen/shared/endpoints/translations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/** The editor's translation panel (issue 27): its queries share one key per post. */
const keys = {
  all: (id: number) => ['translations', id] as const,
  list: (id: number) => ['translations', id, 'list'] as const,
  audience: (id: number) => ['translations', id, 'audience'] as const,
  one: (id: number, language: string) => ['translations', id, 'one', language] as const,
};

/** GET /post/{id}/translation: which languages exist, how they stand, what the editor may do. */
export function useTranslationList(id: number) {
  return useQuery({
    queryKey: keys.list(id),
    queryFn: ({ signal }) =>
      call(translationEndpoints.list, { params: { id: String(id) }, signal, throwOnError: true }),
  });
}

/** GET /post/{id}/audience-languages: what the post's guardians and pupils read. */
export function useAudienceLanguages(id: number) {
  return useQuery({
    queryKey: keys.audience(id),
    queryFn: ({ signal }) =>
      call(translationEndpoints.audienceLanguages, {
        params: { id: String(id) },
        signal,
        throwOnError: true,
      }),
  });
}

/** GET /post/{id}/translation/{lang}: one translation in full, to edit. */
export function useTranslation(id: number, language: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.one(id, language),
    enabled,
    queryFn: ({ signal }) =>
      call(translationEndpoints.get, {
        params: { id: String(id), lang: language },
        signal,
        throwOnError: true,
      }),
  });
}

function useRefreshAfterWrite(id: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keys.all(id) });
    // Readers' answers carry the translation.
    void queryClient.invalidateQueries({ queryKey: contentKeys.all });
  };
}

/** PUT /post/{id}/translation/{lang}. */
export function useSaveTranslation(id: number) {
  const refresh = useRefreshAfterWrite(id);
  return useMutation({
    mutationFn: ({ language, body }: { language: string; body: TranslationInput }) =>
      call(translationEndpoints.save, {
        params: { id: String(id), lang: language },
        body,
        throwOnError: true,
      }),
    onSuccess: refresh,
  });
}

/** DELETE /post/{id}/translation/{lang}. */
export function useDeleteTranslation(id: number) {
  const refresh = useRefreshAfterWrite(id);
  return useMutation({
    mutationFn: (language: string) =>
      call(translationEndpoints.remove, {
        params: { id: String(id), lang: language },
        throwOnError: true,
      }),
    onSuccess: refresh,
  });
}

/** POST /post/{id}/translation/{lang}/machine: a draft from the provider, not saved. */
export function useMachineDraft(id: number) {
  return useMutation({
    mutationFn: (language: string) =>
      call(machineTranslationEndpoints.machine, {
        params: { id: String(id), lang: language },
        throwOnError: true,
      }),
  });
}
