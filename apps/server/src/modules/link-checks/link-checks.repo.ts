import { postUrl, urlPrefixByType, type BrokenLinkItem, type PostType } from '@skolportalen/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { IdentityScope } from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
import { linkOwnerOf } from './link-owner';

interface Page {
  page: number;
  perPage: number;
}

/** The school units a person belongs to (a rektor's schools). */
export async function ownSchoolIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select n.id from user_nodes un join nodes n on n.id = un.node_id
      where un.user_id = ${userId} and n.type = 'Skolenhet' order by n.id`,
  );
  return rows.map((row) => Number(row.id));
}

/** Posts aimed at one of these schools or a group within it. */
export function aimedWithin(schoolIds: readonly number[]): SQL {
  if (schoolIds.length === 0) return sql`false`;
  return sql`exists (select 1 from post_nodes pn where pn.post_id = p.id and pn.node_id in (
    with recursive below(id) as (
      select id from nodes where id in (${sql.join(
        schoolIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      union select n.id from nodes n join below b on n.parent_id = b.id
    ) select id from below))`;
}

/**
 * A page of broken links of published posts, under a condition on the post
 * (`p`): by owner's name (unowned last), then post and address.
 */
export async function brokenLinks(
  db: Executor,
  scope: IdentityScope,
  condition: SQL,
  page: Page,
): Promise<{ items: BrokenLinkItem[]; total: number }> {
  const where = sql`lc.problem is not null and p.status = 'publish' and ${condition}`;
  const [rows, [counted]] = await Promise.all([
    rowsOf<{
      id: number;
      url: string;
      problem: BrokenLinkItem['problem'];
      http_status: number | null;
      broken_since: string | Date;
      checked_at: string | Date;
      post_id: number;
      title: string;
      type: PostType;
      slug: string;
      owner_id: number | null;
    }>(
      db,
      sql`select lc.id, lc.url, lc.problem, lc.http_status, lc.broken_since, lc.checked_at,
          p.id as post_id, p.title, p.type, p.slug, ${linkOwnerOf(sql`p`)} as owner_id
        from link_checks lc join posts p on p.id = lc.post_id
        left join users u on u.id = ${linkOwnerOf(sql`p`)}
        where ${where}
        order by u.last_name nulls last, u.first_name, u.id, p.title, lc.url, lc.id
        limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from link_checks lc join posts p on p.id = lc.post_id
        where ${where}`,
    ),
  ]);
  const names = await shownNamesOf(
    db,
    scope,
    rows.flatMap((row) => (row.owner_id === null ? [] : [Number(row.owner_id)])),
  );
  const items = rows.map((row) => {
    const ownerId = row.owner_id === null ? null : Number(row.owner_id);
    return {
      id: Number(row.id),
      url: row.url,
      problem: row.problem,
      httpStatus: row.http_status === null ? null : Number(row.http_status),
      brokenSince: new Date(row.broken_since).toISOString(),
      checkedAt: new Date(row.checked_at).toISOString(),
      post: {
        id: Number(row.post_id),
        title: row.title,
        url: postUrl(row.type, row.slug, urlPrefixByType) ?? null,
      },
      owner:
        ownerId !== null && names.has(ownerId) ? { id: ownerId, name: names.get(ownerId)! } : null,
    };
  });
  return { items, total: Number(counted?.n ?? 0) };
}
