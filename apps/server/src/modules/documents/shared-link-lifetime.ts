import { format, sv } from '@skolportalen/shared';
import { errors } from '../../http/errors';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * When a new shared link ends (issue 20 F10): SHARED_LINK_DAYS after now
 * unless its maker names an earlier day, and never later than that. With 0
 * days a link lasts until it is revoked, unless its maker names an end.
 */
export function sharedLinkExpiry(requested: Date | null, days: number, now: Date): Date | null {
  if (days === 0) return requested;
  const latest = new Date(now.getTime() + days * dayMs);
  if (requested === null) return latest;
  if (requested.getTime() > latest.getTime())
    throw errors.validation([
      { field: 'expiresAt', message: format(sv.documents.expiryTooLate, { n: days }) },
    ]);
  return requested;
}
