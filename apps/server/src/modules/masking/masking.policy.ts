import { sv } from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';
import { rule } from '../../identity/authorize';
import { mayBeMasked, mayGoOnMasking, mayMask } from '../../identity/masking.policy';

/** The administrator behind a masked session, as the database has them now (gone: null). */
type MaskingAdmin = AuthUser | null;

/** The rules of masking (decision 0027), for starting a mask and for every switch while masked. */
export const maskingPolicy = {
  /** Starting a mask: the signed-in administrator's own right. */
  start: rule(mayMask),
  /** Each switch of a masked session: its administrator still exists, is enabled and may mask. */
  goOn: rule((admin: MaskingAdmin) => mayGoOnMasking(admin)),
  /** The account acted as is no administrator. */
  target: rule((_admin: MaskingAdmin, target: Pick<AuthUser, 'isAdmin'>) => mayBeMasked(target), {
    message: sv.masking.notAdminTarget,
  }),
};
