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
import { rule, type Rule } from './authorize';

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

/** An administration screen's rule, for a route's `config.requires` or `authorize`. */
export function administers(rights: AdminRights = {}): Rule {
  return rule((user) => mayAdminister(user, rights));
}

const notHeld = (actor: AuthUser, keys: Iterable<string>) =>
  [...keys].filter((key) => actor.capabilities[key] !== true);

/** Nobody hands out a right they do not hold themselves; the refusal names what they lack. */
export const grantsOnlyOwnRights: Rule<Iterable<string>> = rule(
  (actor, keys) => notHeld(actor, keys).length === 0,
  (actor, keys) => ({
    message: format(sv.admin.errors.grantBeyondOwn, {
      keys: notHeld(actor, keys)
        .map((key) => (isCapabilityKey(key) ? capabilityLabel(key) : key))
        .join(', '),
    }),
  }),
);

export function isSuperadmin(user: { roles: ReadonlyArray<{ key: string }> }): boolean {
  return hasRole(user, 'role_superadmin');
}

/** Super administrators and the administrator roles are changed only by a super administrator. */
export const superadminOnly: Rule = rule(isSuperadmin, { message: sv.admin.errors.superadminOnly });
