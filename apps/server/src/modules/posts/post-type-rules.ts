import type { PostValues } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import type { PostRow } from './posts.repo';

/**
 * What a post type adds to every write of a post, whichever route it came by.
 * The type's own module supplies it (courses: who may write a course, its
 * places and its mails) and the API mount hands it to the post routes, so the
 * posts module imports no type's code.
 */
export interface PostTypeRules {
  /**
   * Refuses (throws) a write the actor may not make: on a create `stored` is
   * undefined; on a replace it is the post as stored.
   */
  assertMayWrite(actor: Actor, values: PostValues, stored?: PostRow): void;
  /**
   * Inside a replace's transaction, under the post's row lock, before the row
   * is written. Answers what to do once the transaction has committed, if
   * anything.
   */
  beforeReplace(
    tx: Executor,
    stored: PostRow,
    values: PostValues,
    options: { now: Date; siteOrigin: string },
  ): Promise<(() => void) | undefined>;
}
