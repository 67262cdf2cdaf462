import { sv } from '@skolportalen/shared';
import { mayAdminister } from '../../identity/admin-access';
import type { AuthUser } from '../../identity/auth-user.repo';
import { rule } from '../../identity/authorize';

/** Administrators who see every school's content to review (decision 0045) see every school's links. */
export const seesEverySchool = (user: AuthUser) =>
  mayAdminister(user, { granted: ['manage_content_reviews'] });

/**
 * Broken links (decision 0046): one's own posts' to everyone signed in; a
 * school's, per owner, to those administrators and to rektors — a rektor
 * for the schools she belongs to (the school is checked in the service).
 */
export const brokenLinksPolicy = {
  mine: rule(() => true),
  school: rule((user: AuthUser) => seesEverySchool(user) || user.isSchoolResponsible, {
    message: sv.brokenLinks.errors.schoolNotAllowed,
  }),
};
