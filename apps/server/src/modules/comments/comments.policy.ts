import { hasCapability, type CapabilityKey } from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';
import { canFlags, rule } from '../../identity/authorize';

const has = (user: AuthUser, key: CapabilityKey) => hasCapability(user.capabilities, key);

/** The comments module's rules (spec §6 group "comment"). */
export const commentsPolicy = {
  create: rule((user) => has(user, 'create_comment')),
  /** delete_comment for one's own comments, delete_all_comments for anyone's. */
  delete: rule<{ userId: number }>(
    (user, comment) =>
      has(user, 'delete_all_comments') ||
      (comment.userId === user.id && has(user, 'delete_comment')),
  ),
};

/** The `can` flags sent with every comment. */
export function commentPermissions(user: AuthUser, comment: { userId: number }) {
  return canFlags(user, { delete: commentsPolicy.delete }, comment);
}

/** Removing someone else's comment is moderation, and is audited. */
export function isModeration(user: AuthUser, comment: { userId: number }): boolean {
  return comment.userId !== user.id;
}
