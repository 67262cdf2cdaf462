import {
  capabilityLabel,
  format,
  hasCapability,
  hasRole,
  isCapabilityKey,
  sv,
  type CapabilityKey,
} from '@skolportalen/shared';
import type { AuthUser } from './auth-user.repo';
import { errors } from '../http/errors';

export interface AdminRights {
  /** Rights the spec names for the screen: each must be granted (a single-key check). */
  granted?: readonly CapabilityKey[];
  /** Finer rights of the catalogue: an explicit false stops even an administrator. */
  notDenied?: readonly CapabilityKey[];
}

/**
 * How the admin status and rights combine (docs/decisions/0005): the admin
 * status is always needed; spec-named rights must be granted; the finer
 * rights only take away (spec §6's list check: none explicitly false).
 */
export function mayAdminister(user: AuthUser, rights: AdminRights = {}): boolean {
  if (!user.isAdmin) return false;
  if (!(rights.granted ?? []).every((key) => hasCapability(user.capabilities, key))) return false;
  return hasCapability(user.capabilities, [...(rights.notDenied ?? [])]);
}

export function assertAdminister(user: AuthUser, rights: AdminRights = {}) {
  if (!mayAdminister(user, rights)) throw errors.forbidden();
}

/** Nobody hands out a right they do not hold themselves. */
export function assertMayGrant(actor: AuthUser, keys: Iterable<string>) {
  const missing = [...keys].filter((key) => actor.capabilities[key] !== true);
  if (missing.length === 0) return;
  const names = missing.map((key) => (isCapabilityKey(key) ? capabilityLabel(key) : key));
  throw errors.forbidden(format(sv.admin.errors.grantBeyondOwn, { keys: names.join(', ') }));
}

export function isSuperadmin(user: { roles: ReadonlyArray<{ key: string }> }): boolean {
  return hasRole(user, 'role_superadmin');
}

/** Super administrators and the administrator roles are changed only by a super administrator. */
export function assertSuperadmin(actor: AuthUser) {
  if (!isSuperadmin(actor)) throw errors.forbidden(sv.admin.errors.superadminOnly);
}
