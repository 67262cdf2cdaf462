import { nodeEndpoints } from '@skolportalen/shared/endpoints/nodes';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const groupMembersKeys = { of: (groupId: number) => ['group-members', groupId] as const };

/** A group's class list (`GET /node/{id}/members`), read when it is opened. */
export function useGroupMembers(groupId: number) {
  return useQuery({
    queryKey: groupMembersKeys.of(groupId),
    queryFn: ({ signal }) =>
      call(nodeEndpoints.members, { params: { id: groupId }, signal, throwOnError: true }),
  });
}
