import type { UserDetailResponse } from '@skolportalen/shared';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { useUserMutation } from './user-mutation';

export interface UserGroupsChange {
  userId: number;
  nodeIds: number[];
  add: boolean;
}

/** One group through `/node/{nodeId}`, several through `node-bulk` / `node-bulk-remove`. */
export function changeUserGroups({ userId, nodeIds, add }: UserGroupsChange) {
  if (nodeIds.length === 1) {
    return apiRequest<UserDetailResponse>(apiPaths.userNode(userId, nodeIds[0]!), {
      method: add ? 'POST' : 'DELETE',
    });
  }
  return apiRequest<UserDetailResponse>(
    add ? apiPaths.userNodeBulk(userId) : apiPaths.userNodeBulkRemove(userId),
    { method: 'POST', body: { nodeIds } },
  );
}

export const useChangeUserGroups = () => useUserMutation(changeUserGroups);
