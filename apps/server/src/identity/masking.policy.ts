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

/**
 * A masked session goes on only while its administrator, as the database has
 * them now (null: gone), is enabled and may still mask.
 */
export function mayGoOnMasking(admin: AuthUser | null): boolean {
  return admin !== null && !admin.disabled && mayMask(admin);
}
