import { hasCapability, type CapabilityKey } from '@skolportalen/shared';
import { canFlags, rule } from '../../identity/authorize';
import type { AuthUser } from '../../identity/auth-user.repo';

const holds = (key: CapabilityKey) =>
  rule((actor: AuthUser) => hasCapability(actor.capabilities, key));

/** Each action on the library has its own right (spec §6 group "media"). */
export const mediaPolicy = {
  list: holds('media_list'),
  upload: holds('media_upload'),
  edit: holds('media_edit'),
  delete: holds('media_delete'),
};

/** The `can` flags sent with every media item, so the client shows only what works. */
export function mediaPermissions(actor: AuthUser) {
  return canFlags(actor, { edit: mediaPolicy.edit, delete: mediaPolicy.delete });
}
