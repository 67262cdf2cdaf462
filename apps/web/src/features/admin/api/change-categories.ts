import type { CategoryCreateRequest, CategoryResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { adminKeys } from './admin-keys';

export function createCategory(input: CategoryCreateRequest) {
  return apiRequest<CategoryResponse>(apiPaths.categories(), {
    method: 'POST',
    body: input,
    throwOnError: true,
  });
}

export function deleteCategory(id: number) {
  return apiRequest<{ ok: true }>(apiPaths.category(id), { method: 'DELETE' });
}

export function changeCategoryNode(input: { categoryId: number; nodeId: number; add: boolean }) {
  return apiRequest<CategoryResponse>(apiPaths.categoryNode(input.categoryId, input.nodeId), {
    method: input.add ? 'POST' : 'DELETE',
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
