import { hasCapability } from '@skolportalen/shared';
import { rule } from '../../identity/authorize';

/** The likes module's rules (spec §6 group "like"). */
export const likesPolicy = {
  like: rule((user) => hasCapability(user.capabilities, 'create_like')),
  /** Taking back one's own like; nobody takes back anyone else's. */
  unlike: rule((user) => hasCapability(user.capabilities, 'delete_like')),
};
