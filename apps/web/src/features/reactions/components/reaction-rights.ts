import { hasCapability } from '@skolportalen/shared';
import { useCurrentUser } from '@/lib/current-user';

/** What the reader may do, from their rights; the server decides again on every call. */
export interface ReactionRights {
  comment: boolean;
  like: boolean;
  unlike: boolean;
}

export function useReactionRights(): { userId: number | undefined; rights: ReactionRights } {
  const user = useCurrentUser();
  const capabilities = user.data?.capabilities ?? {};
  return {
    userId: user.data?.id,
    rights: {
      comment: hasCapability(capabilities, 'create_comment'),
      like: hasCapability(capabilities, 'create_like'),
      unlike: hasCapability(capabilities, 'delete_like'),
    },
  };
}
