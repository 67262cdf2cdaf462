import type { CategoryCreateRequest } from '@skolportalen/shared';
import { categoryEndpoints } from '@skolportalen/shared/endpoints/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function createCategory(input: CategoryCreateRequest) {
  return call(categoryEndpoints.create, { body: input, throwOnError: true });
}

export function deleteCategory(id: number) {
  return call(categoryEndpoints.remove, { params: { id } });
}

export function changeCategoryNode(input: { categoryId: number; nodeId: number; add: boolean }) {
  return call(input.add ? categoryEndpoints.linkNode : categoryEndpoints.unlinkNode, {
    params: { id: input.categoryId, nodeId: input.nodeId },
  });
}

function useCategoryMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.categories }),
  });
}

export const useCreateCategory = () => useCategoryMutation(createCategory);
export const useDeleteCategory = () => useCategoryMutation(deleteCategory);
export const useChangeCategoryNode = () => useCategoryMutation(changeCategoryNode);
