import { hasCapability } from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';
import { rule } from '../../identity/authorize';

/**
 * Owners and review dates (decision 0045). A post's owner and date follow
 * the post's edit rule (posts.policy); a school's list is for the holders of
 * the escalation role at that school — the rektor, by default — and for
 * holders of manage_content_reviews (administrators), who see every school
 * and the municipality's own posts. The school is checked by the service,
 * which knows where the user belongs.
 */
export const reviewsPolicy = {
  everySchool: rule((user: AuthUser) => hasCapability(user.capabilities, 'manage_content_reviews')),
};
