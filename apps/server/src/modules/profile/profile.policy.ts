import { hasCapability, sv } from '@skolportalen/shared';
import { rule } from '../../identity/authorize';
import type { AuthUser } from '../../identity/auth-user.repo';

/** One's own profile (spec §5 User). */
export const profilePolicy = {
  /** Details are changed only for oneself; the subject is the id the request names, if any. */
  updateDetails: rule(
    (actor: AuthUser, namedUserId: number | undefined) =>
      namedUserId === undefined || namedUserId === actor.id,
    { message: sv.toolsAndProfile.profile.onlySelf },
  ),
  /** Following school units' news ("intresseenheter") needs set_intrest_unit. */
  setInterests: rule((actor: AuthUser) => hasCapability(actor.capabilities, 'set_intrest_unit')),
};
