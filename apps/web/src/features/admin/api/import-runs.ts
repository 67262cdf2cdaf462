import type {
  ImportLeaversMode,
  ImportRunResponse,
  ImportSourceResponse,
} from '@skolportalen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api-client';
import { apiPaths, withQuery } from '@/lib/paths';
import { adminKeys } from './admin-keys';

const active = (run: ImportRunResponse) => run.state === 'queued' || run.state === 'running';

/** The latest runs; polled while one is queued or running, so progress moves on screen. */
export function useImportRuns() {
  return useQuery({
    queryKey: adminKeys.importRuns,
    queryFn: async ({ signal }) =>
      (
        await apiList<ImportRunResponse>(withQuery(apiPaths.importRuns(), { perPage: 20 }), {
          signal,
        })
      ).items,
    refetchInterval: (query) => (query.state.data?.some(active) ? 1000 : false),
  });
}

export function useImportSource() {
  return useQuery({
    queryKey: adminKeys.importSource,
    queryFn: ({ signal }) => apiRequest<ImportSourceResponse>(apiPaths.importSource(), { signal }),
    staleTime: Infinity,
  });
}

/** The picked file goes to the server as it is; the server checks it before queuing the run. */
export function startFileImport({ file, leavers }: { file: Blob; leavers: ImportLeaversMode }) {
  return apiRequest<ImportRunResponse>(withQuery(apiPaths.importFile(), { leavers }), {
    method: 'POST',
    body: file,
    throwOnError: true,
  });
}

export function startApiImport({ leavers }: { leavers: ImportLeaversMode }) {
  return apiRequest<ImportRunResponse>(withQuery(apiPaths.importFromApi(), { leavers }), {
    method: 'POST',
  });
}

function useStartImport<Input>(start: (input: Input) => Promise<ImportRunResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.importRuns }),
  });
}

export const useStartFileImport = () => useStartImport(startFileImport);
export const useStartApiImport = () => useStartImport(startApiImport);
