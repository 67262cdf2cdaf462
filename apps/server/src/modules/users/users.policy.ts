import { hasCapability } from '@skolportalen/shared';
import type { AuthUser } from './auth-user.repo';

/** Anyone may read themselves; reading others needs the user_list right. */
export function canReadUser(actor: AuthUser, targetUserId: number): boolean {
  return actor.id === targetUserId || hasCapability(actor.capabilities, 'user_list');
}
