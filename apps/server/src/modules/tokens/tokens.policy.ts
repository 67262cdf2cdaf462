import { sv } from '@skolportalen/shared';
import { administers, isSuperadmin } from '../../identity/admin-access';
import { can, canFlags, rule } from '../../identity/authorize';
import type { AuthUser } from '../../identity/auth-user.repo';

/** Whose token it is, as far as revoking it depends on (null: the account is gone). */
export type TokenOwner = { isSuperadmin: boolean } | null;

const revokeOthers = administers({ notDenied: ['token_delete'] });

/** Sign-ins of others (spec §7 "token"): administrators with the token rights. */
export const tokensPolicy = {
  list: administers({ notDenied: ['token_list'] }),
  issueApiToken: administers({ notDenied: ['token_create'] }),
  /** Revoking someone else's sign-in; to anyone without it, their tokens do not exist. */
  revokeOthers,
  /** One token of someone else's: a super administrator's only by another one. */
  revoke: rule(
    (actor: AuthUser, owner: TokenOwner) =>
      owner !== null && can(actor, revokeOthers) && (!owner.isSuperadmin || isSuperadmin(actor)),
    { message: sv.admin.errors.superadminOnly },
  ),
  /**
   * An API token acts as its user and hands out their rights: never an
   * administrator's (other than one's own).
   */
  issueApiTokenFor: rule(
    (actor: AuthUser, target: Pick<AuthUser, 'id' | 'isAdmin'>) =>
      target.id === actor.id || !target.isAdmin,
    { message: sv.admin.errors.tokenForAdmin },
  ),
};

/** A token in the list: whether it still works, and whose it is. */
interface ListedToken {
  active: boolean;
  ownerIsSuperadmin: boolean;
}

/** What the list offers for each token: revoking one that still works. */
const listedTokenActions = {
  revoke: rule(
    (actor: AuthUser, token: ListedToken) =>
      token.active && can(actor, tokensPolicy.revoke, { isSuperadmin: token.ownerIsSuperadmin }),
  ),
};

/** The `can` flags sent with each listed token. */
export function tokenCan(actor: AuthUser, token: ListedToken) {
  return canFlags(actor, listedTokenActions, token);
}
