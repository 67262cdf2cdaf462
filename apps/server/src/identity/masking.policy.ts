import { hasCapability } from '@skolportalen/shared';
import type { AuthUser } from './auth-user.repo';

/** Impersonation ("Maskerad") is for administrators holding mask_user. */
export function mayMask(actor: AuthUser): boolean {
  return actor.isAdmin && hasCapability(actor.capabilities, 'mask_user');
}

/** Nobody may act as an administrator: that would hand out rights the actor may not have. */
export function mayBeMasked(target: Pick<AuthUser, 'isAdmin'>): boolean {
  return !target.isAdmin;
}
