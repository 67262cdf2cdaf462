import type { ApprovalRuleInput } from '@skolportalen/shared';
import { approvalRuleEndpoints } from '@skolportalen/shared/endpoints/approvals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /approval-rule: which posts need approval before publishing, and who approves. */
export function useApprovalRules() {
  return useQuery({
    queryKey: adminKeys.approvalRules,
    queryFn: ({ signal }) => call(approvalRuleEndpoints.list, { signal }),
  });
}

/** POST /approval-rule or PUT /approval-rule/{id}; field errors come back to the form. */
export function useSaveApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ApprovalRuleInput }) =>
      id === undefined
        ? call(approvalRuleEndpoints.create, { body, throwOnError: true })
        : call(approvalRuleEndpoints.update, {
            params: { id },
            body,
            throwOnError: true,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.approvalRules }),
  });
}

/** DELETE /approval-rule/{id}. */
export function useDeleteApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(approvalRuleEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.approvalRules }),
  });
}
