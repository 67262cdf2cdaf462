import { hasCapability } from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';

export function canLike(user: AuthUser): boolean {
  return hasCapability(user.capabilities, 'create_like');
}

/** Taking back one's own like; nobody takes back anyone else's. */
export function canUnlike(user: AuthUser): boolean {
  return hasCapability(user.capabilities, 'delete_like');
}
