import { readabilityTargetFor } from '@skolportalen/shared';
import { useMemo } from 'react';
import { useRoleCategories } from '@/lib/groups';

/** The LIX a post should stay within, from the role categories it is aimed at (decision 0046). */
export function useReadabilityTarget(categoryIds: readonly number[]) {
  const roles = useRoleCategories();
  return useMemo(() => {
    const keys = (roles.data ?? [])
      .filter((category) => categoryIds.includes(category.id))
      .map((category) => category.key);
    return readabilityTargetFor(keys);
  }, [roles.data, categoryIds]);
}
