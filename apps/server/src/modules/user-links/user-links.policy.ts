import { sv } from '@skolportalen/shared';
import { rule } from '../../identity/authorize';
import type { AuthUser } from '../../identity/auth-user.repo';
import { canChangeUserList, canReadUserList } from '../links/links.policy';

/**
 * A user's tool list ("Mina verktyg"), under the tool rules of the links
 * module; the subject is the list owner's id.
 */
export const userLinksPolicy = {
  read: rule((actor: AuthUser, ownerId: number) => canReadUserList(actor, ownerId)),
  change: rule(
    (actor: AuthUser, ownerId: number) => canChangeUserList(actor, ownerId),
    (actor, ownerId) =>
      ownerId === actor.id ? { message: sv.toolsAndProfile.tools.cannotCustomize } : undefined,
  ),
};
