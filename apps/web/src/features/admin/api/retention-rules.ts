import type { RetentionRuleInput } from '@skolportalen/shared';
import { retentionEndpoints } from '@skolportalen/shared/endpoints/retention';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** The retention rules, each with what the next run would delete under it. */
export function useRetentionRules() {
  return useQuery({
    queryKey: adminKeys.retentionRules,
    queryFn: ({ signal }) => call(retentionEndpoints.list, { signal }),
  });
}

export function saveRetentionRule(input: { id: number | null; rule: RetentionRuleInput }) {
  return input.id === null
    ? call(retentionEndpoints.create, { body: input.rule, throwOnError: true })
    : call(retentionEndpoints.update, {
        params: { id: input.id },
        body: input.rule,
        throwOnError: true,
      });
}

export function deleteRetentionRule(id: number) {
  return call(retentionEndpoints.remove, { params: { id } });
}

function useRetentionMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.retentionRules }),
  });
}

export const useSaveRetentionRule = () => useRetentionMutation(saveRetentionRule);
export const useDeleteRetentionRule = () => useRetentionMutation(deleteRetentionRule);
