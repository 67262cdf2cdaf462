import { hasCapability, type CapabilityKey } from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';

const has = (user: AuthUser, key: CapabilityKey) => hasCapability(user.capabilities, key);

export function canCreateComment(user: AuthUser): boolean {
  return has(user, 'create_comment');
}

/** delete_comment for one's own comments, delete_all_comments for anyone's. */
export function canDeleteComment(user: AuthUser, comment: { userId: number }): boolean {
  if (has(user, 'delete_all_comments')) return true;
  return comment.userId === user.id && has(user, 'delete_comment');
}

/** Removing someone else's comment is moderation, and is audited. */
export function isModeration(user: AuthUser, comment: { userId: number }): boolean {
  return comment.userId !== user.id;
}
