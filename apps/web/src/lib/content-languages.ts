import { knownLanguage } from '@skolportalen/shared';
import { translationEndpoints } from '@skolportalen/shared/endpoints/translations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/**
 * The portal's languages for content and whether machine translation is on
 * (issue 27). The reading page, the profile, the language question and the
 * editor all ask, so it lives here rather than in one feature.
 */
export const contentLanguagesQuery = () =>
  queryOptions({
    queryKey: ['translation-languages'] as const,
    queryFn: ({ signal }) => call(translationEndpoints.languages, { signal }),
    staleTime: 60 * 60_000,
  });

export function useContentLanguages(options: { enabled?: boolean } = {}) {
  return useQuery({ ...contentLanguagesQuery(), enabled: options.enabled ?? true });
}

/** A language's name in its own script, with its tag and direction; the tag itself if unknown. */
export function ownName(code: string) {
  const language = knownLanguage(code);
  return {
    code,
    endonym: language?.endonym ?? code,
    name: language?.name ?? code,
    dir: language?.dir ?? 'ltr',
  };
}
