import { userAdminEndpoints } from '@skolportalen/shared/endpoints/user-admin';
import { call } from '@/lib/api-client';
import { useUserMutation } from './user-mutation';

export interface UserGroupsChange {
  userId: number;
  nodeIds: number[];
  add: boolean;
}

/** One group through `/node/{nodeId}`, several through `node-bulk` / `node-bulk-remove`. */
export function changeUserGroups({ userId, nodeIds, add }: UserGroupsChange) {
  if (nodeIds.length === 1) {
    const params = { id: userId, nodeId: nodeIds[0]! };
    return call(add ? userAdminEndpoints.addNode : userAdminEndpoints.removeNode, { params });
  }
  return call(add ? userAdminEndpoints.addNodes : userAdminEndpoints.removeNodes, {
    params: { id: userId },
    body: { nodeIds },
  });
}

export const useChangeUserGroups = () => useUserMutation(changeUserGroups);
