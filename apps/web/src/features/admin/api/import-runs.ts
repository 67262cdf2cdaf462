import type { ImportLeaversMode, ImportRunResponse } from '@skolportalen/shared';
import { endpointUrl, type ResponseOf } from '@skolportalen/shared/endpoints/endpoint';
import { importEndpoints } from '@skolportalen/shared/endpoints/ss12000-import';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, call, callList } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

const active = (run: ImportRunResponse) => run.state === 'queued' || run.state === 'running';

/** The latest runs; polled while one is queued or running, so progress moves on screen. */
export function useImportRuns() {
  return useQuery({
    queryKey: adminKeys.importRuns,
    queryFn: async ({ signal }) =>
      (await callList(importEndpoints.runs, { query: { perPage: 20 }, signal })).items,
    refetchInterval: (query) => (query.state.data?.some(active) ? 1000 : false),
  });
}

export function useImportSource() {
  return useQuery({
    queryKey: adminKeys.importSource,
    queryFn: ({ signal }) => call(importEndpoints.source, { signal }),
    staleTime: Infinity,
  });
}

/**
 * The picked file goes to the server as it is; the server checks it before
 * queuing the run. `call` sends only a body its schemas declare, so the file
 * goes through `apiRequest` to the declared address.
 */
export function startFileImport({ file, leavers }: { file: Blob; leavers: ImportLeaversMode }) {
  const { startFile } = importEndpoints;
  return apiRequest<ResponseOf<typeof startFile>>(endpointUrl(startFile, undefined, { leavers }), {
    method: startFile.method,
    body: file,
    throwOnError: true,
  });
}

export function startApiImport({ leavers }: { leavers: ImportLeaversMode }) {
  return call(importEndpoints.startApi, { query: { leavers } });
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
