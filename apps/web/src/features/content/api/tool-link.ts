import type { LinkResponse } from '@skolportalen/shared';
import { blockTexts } from '@skolportalen/shared/texts/content';
import { useQueries } from '@tanstack/react-query';
import { linkEndpoints } from '@skolportalen/shared/endpoints/links';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * The tool block's links, one GET /link/{id} each (spec §7 "Tool block: a
 * single link by id"). A tool that fails to load is tolerated: "Tool is
 * removed." is written to the console and the tool left out.
 */
export function useToolLinks(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: contentKeys.tool(id),
      staleTime: 3 * 60_000,
      retry: false,
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LinkResponse | null> => {
        try {
          return await call(linkEndpoints.get, { params: { id }, signal, throwOnError: true });
        } catch (error) {
          if (signal.aborted) throw error;
          console.warn(blockTexts.toolRemoved, id);
          return null;
        }
      },
    })),
    combine: (results) => ({
      pending: results.some((result) => result.isPending),
      tools: results
        .map((result) => result.data)
        .filter((tool): tool is LinkResponse => Boolean(tool))
        .sort((a, b) => a.name.localeCompare(b.name, 'sv')),
    }),
  });
}
