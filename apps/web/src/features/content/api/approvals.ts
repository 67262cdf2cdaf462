import type { PostType } from '@skolportalen/shared';
import { approvalEndpoints } from '@skolportalen/shared/endpoints/approvals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { contentKeys } from './keys';

/** GET /approval: a page of the posts waiting for the signed-in person's approval, oldest first. */
export function useApprovalQueue(page: number, perPage: number) {
  return useQuery({
    queryKey: [...contentKeys.approvalQueue, page, perPage],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callList(approvalEndpoints.queue, { query: { page, perPage }, signal }),
  });
}

/**
 * POST /approval/check: whether publishing the post as now aimed would wait
 * for approval, and by whom. Asked once the type and groups have settled.
 */
export function useApprovalCheck(type: PostType, nodeIds: readonly number[], enabled: boolean) {
  const sorted = [...nodeIds].sort((a, b) => a - b);
  const settled = useDebounced(JSON.stringify([type, sorted]), 400);
  const [settledType, settledIds] = JSON.parse(settled) as [PostType, number[]];
  return useQuery({
    queryKey: contentKeys.approvalCheck(settledType, settledIds),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(approvalEndpoints.check, {
        body: { type: settledType, nodeIds: settledIds },
        signal,
        throwOnError: true,
      }),
  });
}

/** GET /post/{id}/approval: the post's latest request for approval, or null. */
export function useApprovalState(postId: number | undefined) {
  return useQuery({
    queryKey: contentKeys.approval(postId ?? 0),
    enabled: postId !== undefined,
    queryFn: ({ signal }) =>
      call(approvalEndpoints.state, { params: { id: String(postId) }, signal, throwOnError: true }),
  });
}

type Decision =
  | { kind: 'approve'; postId: number; version: number }
  | { kind: 'sendBack'; postId: number; version: number; comment: string };

/**
 * POST /post/{id}/approve or /return, for the version the approver read. A
 * 409 (changed since, or decided by another) comes back to the page, which
 * says so and reloads the queue.
 */
export function useApprovalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => {
      const params = { id: String(decision.postId) };
      return decision.kind === 'approve'
        ? call(approvalEndpoints.approve, {
            params,
            body: { version: decision.version },
            throwOnError: true,
          })
        : call(approvalEndpoints.sendBack, {
            params,
            body: { version: decision.version, comment: decision.comment },
            throwOnError: true,
          });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
