import { sv } from '@skolportalen/shared';
import { rule } from '../../identity/authorize';

/**
 * The person switching roles (spec §4), as the rules know them: the accounts
 * related to where their session started (their own other accounts and the
 * children of all of them).
 */
export interface SwitchingPerson {
  related: { has(userId: number): boolean };
}

export const relatedPolicy = {
  /** A role switch goes only to a related account; the subject is the account's id. */
  switchTo: rule(
    (person: SwitchingPerson, targetUserId: number) => person.related.has(targetUserId),
    { message: sv.errors.notRelated },
  ),
};
