import type { NodeCreateRequest, NodeResponse, NodeUpdateRequest } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { adminKeys } from './admin-keys';

export function createNode(input: NodeCreateRequest) {
  return apiRequest<NodeResponse>(apiPaths.nodes(), {
    method: 'POST',
    body: input,
    throwOnError: true,
  });
}

export function updateNode({ id, ...input }: NodeUpdateRequest & { id: number }) {
  return apiRequest<NodeResponse>(apiPaths.node(id), {
    method: 'PUT',
    body: input,
    throwOnError: true,
  });
}

export function deleteNode(id: number) {
  return apiRequest<{ ok: true }>(apiPaths.node(id), { method: 'DELETE' });
}

function useNodeMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.nodes }),
  });
}

export const useCreateNode = () => useNodeMutation(createNode);
export const useUpdateNode = () => useNodeMutation(updateNode);
export const useDeleteNode = () => useNodeMutation(deleteNode);
