import { adminRoleKeys, ids, type PostType } from '@skolportalen/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { postReviewNotices, postReviews, type reviewStages } from '../../db/schema';
import { addDays } from './review-dates';

const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The school units a post belongs to: those it is aimed at, or that hold a group it is aimed at. */
export function schoolsOfPosts(postIds?: SQL): SQL {
  return sql`
    with recursive up(post_id, node_id) as (
      select pn.post_id, pn.node_id from post_nodes pn ${postIds ? sql`where pn.post_id in (${postIds})` : sql``}
      union
      select u.post_id, n.parent_id from nodes n join up u on n.id = u.node_id where n.parent_id is not null
    )
    select distinct u.post_id, n.id as school_id from up u
      join nodes n on n.id = u.node_id and n.type = 'Skolenhet'`;
}

/** The enabled users who hold a role, at the given school units (any when none are named). */
async function holdersOf(db: Executor, roleKeys: readonly string[], schoolIds?: number[]) {
  if (roleKeys.length === 0) return [];
  const rows = await rowsOf<{ user_id: number }>(
    db,
    sql`select distinct ur.user_id from user_roles ur
      join roles r on r.id = ur.role_id
      join users u on u.id = ur.user_id
      where r.key in (${list(roleKeys)}) and u.disabled_at is null
      ${
        schoolIds
          ? sql`and exists (select 1 from user_nodes un where un.user_id = ur.user_id and un.node_id in (${list(schoolIds)}))`
          : sql``
      }
      order by ur.user_id`,
  );
  return rows.map((row) => Number(row.user_id));
}

/**
 * Whom an overdue review is told (decision 0045): the holders of the
 * escalation role at the post's school units; for a post no school holds
 * (the whole municipality), or a school without one, the administrators.
 */
export async function escalationRecipients(db: Executor, role: string, postId: number) {
  const schools = await rowsOf<{ school_id: number }>(db, schoolsOfPosts(sql`${postId}`));
  const schoolIds = schools.map((row) => Number(row.school_id));
  const holders = schoolIds.length > 0 ? await holdersOf(db, [role], schoolIds) : [];
  return holders.length > 0 ? holders : holdersOf(db, adminRoleKeys);
}

/** The school units where the user holds the role and belongs. */
export async function schoolsWhereHolding(db: Executor, userId: number, role: string) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct n.id from user_nodes un join nodes n on n.id = un.node_id
      where un.user_id = ${userId} and n.type = 'Skolenhet'
        and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = ${userId} and r.key = ${role})`,
  );
  return rows.map((row) => Number(row.id));
}

export interface SchoolRow {
  id: number;
  name: string;
}

/** Named school units, by name; with `all`, every one. */
export async function schoolsByIds(db: Executor, schoolIds: number[] | 'all') {
  if (schoolIds !== 'all' && schoolIds.length === 0) return [];
  const rows = await rowsOf<SchoolRow>(
    db,
    sql`select id, name from nodes where type = 'Skolenhet'
      ${schoolIds === 'all' ? sql`` : sql`and id in (${list(schoolIds)})`}
      order by name, id`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

export async function municipalityName(db: Executor) {
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select name from nodes where id = ${ids.municipalityNodeId}`,
  );
  return row?.name ?? null;
}

/** What the lists know of the day: which types are reviewed, and the edges of the windows. */
export interface ListDay {
  types: readonly PostType[];
  today: string;
  reminderDays: number;
}

/** Published posts of a reviewed type, with the flags of the three lists. */
function reviewable(day: ListDay): SQL {
  const dueBy = addDays(day.today, day.reminderDays);
  const types = day.types.length > 0 ? list(day.types) : sql`null`;
  return sql`
    select p.id, p.type, p.title, p.slug, p.owner_id, p.review_date::text as review_date,
      (p.review_date >= ${day.today}::date and p.review_date <= ${dueBy}::date) as due,
      (p.review_date < ${day.today}::date) as overdue,
      (p.owner_id is null or o.disabled_at is not null) as unowned,
      (o.id is not null and o.disabled_at is null) as owner_active
    from posts p left join users o on o.id = p.owner_id
    where p.status = 'publish' and p.type in (${types})`;
}

/** Posts within a school unit, or (the municipality) within none. */
function withinScope(schoolId: number): SQL {
  if (schoolId === ids.municipalityNodeId)
    return sql`not exists (select 1 from (${schoolsOfPosts()}) s where s.post_id = r.id)`;
  return sql`exists (select 1 from (${schoolsOfPosts()}) s where s.post_id = r.id and s.school_id = ${schoolId})`;
}

export interface ReviewListRow {
  id: number;
  type: PostType;
  title: string;
  slug: string;
  owner_id: number | null;
  review_date: string | null;
  owner_active: boolean;
}

/** A page of one list of a school unit (or the municipality), the earliest date first. */
export async function reviewList(
  db: Executor,
  day: ListDay,
  schoolId: number,
  which: 'due' | 'overdue' | 'unowned',
  page: { page: number; perPage: number },
) {
  const where = sql`r.${sql.raw(which)} and ${withinScope(schoolId)}`;
  const [items, [counted]] = await Promise.all([
    rowsOf<ReviewListRow>(
      db,
      sql`select r.* from (${reviewable(day)}) r where ${where}
        order by r.review_date nulls first, r.id
        limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${reviewable(day)}) r where ${where}`,
    ),
  ]);
  return {
    items: items.map((row) => ({
      ...row,
      id: Number(row.id),
      owner_id: row.owner_id === null ? null : Number(row.owner_id),
    })),
    total: Number(counted?.n ?? 0),
  };
}

/** How many posts each school unit has on each list; the municipality under its own id. */
export async function reviewCounts(db: Executor, day: ListDay) {
  const rows = await rowsOf<{ school_id: number; due: number; overdue: number; unowned: number }>(
    db,
    sql`with r as (${reviewable(day)}), s as (${schoolsOfPosts(sql`select id from r`)})
      select coalesce(s.school_id, ${ids.municipalityNodeId}) as school_id,
        count(*) filter (where r.due)::int as due,
        count(*) filter (where r.overdue)::int as overdue,
        count(*) filter (where r.unowned)::int as unowned
      from r left join s on s.post_id = r.id
      group by 1`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.school_id),
      { due: Number(row.due), overdue: Number(row.overdue), unowned: Number(row.unowned) },
    ]),
  );
}

type Stage = (typeof reviewStages)[number];

/**
 * Records a step of the post's review period; false when it was already
 * taken (the unique index), so the caller does nothing twice.
 */
export async function recordNotice(
  db: Executor,
  values: {
    postId: number;
    period: number;
    stage: Stage;
    reviewDate: string;
    recipientIds: number[];
    at: Date;
  },
) {
  const rows = await db
    .insert(postReviewNotices)
    .values({
      postId: values.postId,
      period: values.period,
      stage: values.stage,
      reviewDate: values.reviewDate,
      recipientIds: values.recipientIds,
      createdAt: values.at,
    })
    .onConflictDoNothing()
    .returning({ id: postReviewNotices.id });
  return rows.length > 0;
}

export async function recordReview(
  db: Executor,
  values: typeof postReviews.$inferInsert,
): Promise<void> {
  await db.insert(postReviews).values(values);
}

/** The latest review of a post, and the last time the nightly run unpublished it. */
export async function reviewHistory(db: Executor, postId: number) {
  const [row] = await rowsOf<{
    reviewed_at: Date | null;
    reviewed_by: number | null;
    unpublished_at: Date | null;
  }>(
    db,
    sql`select
      (select reviewed_at from post_reviews where post_id = ${postId} order by reviewed_at desc, id desc limit 1) as reviewed_at,
      (select reviewed_by from post_reviews where post_id = ${postId} order by reviewed_at desc, id desc limit 1) as reviewed_by,
      (select created_at from post_review_notices where post_id = ${postId} and stage = 'unpublished' order by created_at desc, id desc limit 1) as unpublished_at`,
  );
  return {
    reviewedAt: row?.reviewed_at ? new Date(row.reviewed_at) : null,
    reviewedBy:
      row?.reviewed_by === null || row?.reviewed_by === undefined ? null : Number(row.reviewed_by),
    unpublishedAt: row?.unpublished_at ? new Date(row.unpublished_at) : null,
  };
}
