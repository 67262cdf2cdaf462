import { administers } from '../../identity/admin-access';

/**
 * Retention rules and the export to the e-archive (decision 0043): an
 * administrator holding manage_retention. Deleting public records under a
 * rule, and handing every version of every post over, is a right of its own
 * that the rights matrix can take away from an administrator.
 */
export const retentionPolicy = {
  manage: administers({ granted: ['manage_retention'] }),
};
