import type { NodeCreateRequest, NodeUpdateRequest } from '@skolportalen/shared';
import { nodeEndpoints } from '@skolportalen/shared/endpoints/nodes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function createNode(input: NodeCreateRequest) {
  return call(nodeEndpoints.create, { body: input, throwOnError: true });
}

export function updateNode({ id, ...input }: NodeUpdateRequest & { id: number }) {
  return call(nodeEndpoints.update, { params: { id }, body: input, throwOnError: true });
}

export function deleteNode(id: number) {
  return call(nodeEndpoints.remove, { params: { id } });
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
