import { sql } from 'drizzle-orm';
import type { PublishingGate } from '../posts/publishing-gate';
import { rowsOf } from '../../db/raw-rows';
import { addMonths, dayIn, periodOf, type ReviewSettings } from './review-dates';

/**
 * Owners and review dates at every post write (decision 0045), around the
 * gate that decides publishing: a new post is owned by its author, and a
 * post of a reviewed type that has no review date gets one, a period of its
 * type from the day of the write. The posts module does not know about
 * reviews; the API mount hands this gate to the post, course and version
 * routes.
 */
export function withReviewDefaults(gate: PublishingGate, settings: ReviewSettings): PublishingGate {
  return {
    async decide(tx, request) {
      const months = periodOf(settings, request.type);
      const reviewDate = months > 0 ? addMonths(dayIn(request.now), months) : null;
      if (request.before === undefined) {
        await rowsOf(
          tx,
          sql`update posts set owner_id = coalesce(owner_id, author_id),
              review_date = coalesce(review_date, ${reviewDate}::date)
            where id = ${request.postId}`,
        );
      } else if (reviewDate !== null) {
        await rowsOf(
          tx,
          sql`update posts set review_date = ${reviewDate}::date
            where id = ${request.postId} and review_date is null`,
        );
      }
      return gate.decide(tx, request);
    },
    afterCommit() {
      gate.afterCommit();
    },
  };
}
