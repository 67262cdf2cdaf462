import { sql, type SQL } from 'drizzle-orm';

/**
 * Who answers for a post's links: its owner (posts.owner_id, decision 0045),
 * or its author where no owner is set. The one place that says so: the
 * nightly check tells this person, and "my broken links" are theirs.
 */
export function linkOwnerOf(post: SQL): SQL {
  return sql`coalesce(${post}.owner_id, ${post}.author_id)`;
}
