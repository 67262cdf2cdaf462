import { hasCapability, linkedMediaPdfs, type Block } from '@skolportalen/shared';
import { mediaEndpoints } from '@skolportalen/shared/endpoints/media';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callList } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useDebounced } from '@/lib/use-debounced';

const none: ReadonlySet<string> = new Set();

/**
 * The media library PDFs a post links to that are not tagged (decision
 * 0046): the editor's check warns at their links. Asked once the links have
 * settled, by file name; a writer who may not list the library is simply not
 * warned.
 */
export function useUntaggedPdfs(content: readonly Block[]): ReadonlySet<string> {
  const { data: user } = useCurrentUser();
  const mayList = user ? hasCapability(user.capabilities, ['media_list']) : false;
  const linked = useMemo(() => linkedMediaPdfs(content, window.location.origin), [content]);
  const settled = useDebounced(linked.join('\n'), 500);
  const filenames = settled === '' ? [] : settled.split('\n');
  const query = useQuery({
    queryKey: ['media', 'pdf-tags', filenames],
    enabled: mayList && filenames.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await callList(mediaEndpoints.list, {
          query: { filename: filenames, fileType: ['pdf'], perPage: filenames.length },
          signal,
        })
      ).items,
  });
  return useMemo(() => {
    if (filenames.length === 0 || !query.data) return none;
    return new Set(
      query.data.filter((item) => item.pdfTagged === false).map((item) => item.filename),
    );
    // The settled string stands for the names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, query.data]);
}
