import { hasCapability } from '@skolportalen/shared';
import { canFlags, rule } from '../../identity/authorize';
import type { AuthUser } from '../../identity/auth-user.repo';

/** Favourite target groups serve content creators; each user has only their own. */
export const groupTemplatesPolicy = {
  /** create_post granted and use_group_templates not denied. */
  use: rule(
    (actor: AuthUser) =>
      hasCapability(actor.capabilities, 'create_post') &&
      hasCapability(actor.capabilities, ['use_group_templates']),
  ),
};

/** The `can` flags of one's own template: changed and deleted under the same right as used. */
export function groupTemplateCan(actor: AuthUser) {
  return canFlags(actor, { edit: groupTemplatesPolicy.use, delete: groupTemplatesPolicy.use });
}
