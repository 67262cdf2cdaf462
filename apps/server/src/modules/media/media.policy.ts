import { hasCapability } from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';

/** Each action on the library has its own right (spec §6 group "media"). */
export const mediaPolicy = {
  canList: (actor: AuthUser) => hasCapability(actor.capabilities, 'media_list'),
  canUpload: (actor: AuthUser) => hasCapability(actor.capabilities, 'media_upload'),
  canEdit: (actor: AuthUser) => hasCapability(actor.capabilities, 'media_edit'),
  canDelete: (actor: AuthUser) => hasCapability(actor.capabilities, 'media_delete'),
};

/** The `can` flags sent with every media item, so the client shows only what works. */
export function mediaPermissions(actor: AuthUser) {
  return { edit: mediaPolicy.canEdit(actor), delete: mediaPolicy.canDelete(actor) };
}
