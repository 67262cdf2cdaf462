import {
  mainRoleKeys,
  protectedIdentityName,
  type AcknowledgementChannel,
  type AcknowledgementRow,
  type AcknowledgementState,
  type AcknowledgementSummary,
} from '@skolportalen/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import {
  personColumns,
  personShown,
  shownName,
  type IdentityScope,
} from '../../identity/protected-identity';
import { expectedAcknowledgers } from '../audience/post-reach';

/**
 * The must-read report (decision 0040), in SQL: every expected confirmation
 * of a post (`expectedAcknowledgers`), its state, and the school and class of
 * the person it is about — the reader, or for a guardian the child — for
 * those who may read it.
 */

export interface ReportFilters {
  /** The person it is about is in this group or one below it. */
  nodeId?: number;
  /** The acknowledger's main role. */
  role?: string;
  state?: AcknowledgementState;
}

const mainRoles = sql.raw(mainRoleKeys.map((key) => `'${key}'`).join(', '));

/**
 * The CTEs up to `report_rows`: one row per expected confirmation with the
 * acknowledger (`user_id`), the child (`child_id`, null for a reader), the
 * person it is about (`subject_id`), their confirmation, its state at `now`,
 * the acknowledger's main role, the subject's class and school (preferring
 * those the post reaches), and whether the acknowledger opened the post.
 */
function reportRowsCte(postId: number, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`with recursive ${expectedAcknowledgers(postId)},
    post_row as (
      select acknowledge_by, acknowledgement from posts where id = ${postId}
    ),
    subjects(id) as (select distinct coalesce(child_id, user_id) from expected),
    subject_nodes(subject_id, node_id, origin_id, depth) as (
      select un.user_id, un.node_id, un.node_id, 0 from user_nodes un
        where un.user_id in (select id from subjects)
      union all
      select sn.subject_id, n.parent_id, sn.origin_id, sn.depth + 1
        from subject_nodes sn join nodes n on n.id = sn.node_id
        where n.parent_id is not null and sn.depth < 50
    ),
    subject_class(subject_id, class_id) as (
      select distinct on (un.user_id) un.user_id, n.id
      from user_nodes un join nodes n on n.id = un.node_id
      where un.user_id in (select id from subjects) and n.type = 'Klass'
      order by un.user_id, (n.id in (select node_id from reach_targets)) desc, n.main desc, n.id
    ),
    subject_school(subject_id, school_id) as (
      select distinct on (sn.subject_id) sn.subject_id, n.id
      from subject_nodes sn join nodes n on n.id = sn.node_id
        left join subject_class sc on sc.subject_id = sn.subject_id
      where n.type = 'Skolenhet'
      order by sn.subject_id, (sn.origin_id = sc.class_id) desc nulls last,
        (n.id in (select node_id from reach_targets)) desc, sn.depth, n.id
    ),
    expected_rows as (
      select e.user_id, e.child_id, coalesce(e.child_id, e.user_id) as subject_id,
        a.acknowledged_at, a.via, a.id is not null as own_done,
        (select r.key from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = e.user_id order by (r.key in (${mainRoles})) desc, r.id limit 1) as role
      from expected e
      left join post_acknowledgements a on a.post_id = ${postId} and a.user_id = e.user_id
        and coalesce(a.child_id, 0) = coalesce(e.child_id, 0)
    ),
    child_done(child_id, done) as (
      select er.child_id,
        case when (select acknowledgement from post_row) = 'each-reader'
          then exists (select 1 from post_acknowledgements x
            where x.post_id = ${postId} and x.child_id = er.child_id)
          else bool_and(er.own_done) end
      from expected_rows er where er.child_id is not null group by er.child_id
    ),
    report_rows as (
      select er.*, sc.class_id, ss.school_id,
        case
          when (case when er.child_id is null then er.own_done
                     when (select acknowledgement from post_row) = 'each-reader' then cd.done
                     else er.own_done end) then 'acknowledged'
          when (select acknowledge_by from post_row) <= ${at} then 'overdue'
          else 'pending'
        end as state,
        coalesce(cd.done, er.own_done) as unit_done,
        exists (select 1 from post_reads pr
          where pr.post_id = ${postId} and pr.user_id = er.user_id) as opened
      from expected_rows er
        left join child_done cd on cd.child_id = er.child_id
        left join subject_class sc on sc.subject_id = er.subject_id
        left join subject_school ss on ss.subject_id = er.subject_id
    )`;
}

function filterConditions(filters: ReportFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.nodeId !== undefined) {
    conditions.push(sql`exists (select 1 from user_nodes fu where fu.user_id = rr.subject_id
      and fu.node_id in (select id from filter_nodes))`);
  }
  if (filters.role !== undefined) conditions.push(sql`rr.role = ${filters.role}`);
  if (filters.state !== undefined) conditions.push(sql`rr.state = ${filters.state}`);
  return sql.join(conditions, sql` and `);
}

const filterNodesCte = (filters: ReportFilters) =>
  filters.nodeId === undefined
    ? sql``
    : sql`, filter_nodes(id) as (
        select ${filters.nodeId}::int
        union
        select n.id from nodes n join filter_nodes f on n.parent_id = f.id
      )`;

interface ReportRowRecord {
  kind: 'reader' | 'guardian';
  user_id: number | null;
  name: string;
  role: string | null;
  child_id: number | null;
  child_name: string | null;
  school_id: number | null;
  school_name: string | null;
  class_id: number | null;
  class_name: string | null;
  state: AcknowledgementState;
  acknowledged_at: string | Date | null;
  via: AcknowledgementChannel | null;
  opened: boolean;
  total: number;
}

const optionalNumber = (value: number | null) => (value === null ? null : Number(value));

/**
 * The report's rows, named as the viewer may see people (decision 0039): a
 * person they may not see reads "Skyddad identitet", without id, school or
 * class, and so does the guardian of such a child (the row would tell the
 * relation). Counted all the same. `page` left out: every row (the CSV).
 */
export async function acknowledgementRows(
  db: Executor,
  scope: IdentityScope,
  postId: number,
  now: Date,
  filters: ReportFilters,
  page?: { page: number; perPage: number },
): Promise<{ rows: AcknowledgementRow[]; total: number }> {
  const guardian = personColumns('g');
  const child = personColumns('c');
  const subject = personColumns('s');
  const childShown = sql`(rr.child_id is null or ${personShown(scope, child)})`;
  const acknowledgerShown = sql`(${personShown(scope, guardian)} and ${childShown})`;
  const subjectShown = sql`(${personShown(scope, subject)} and ${acknowledgerShown})`;
  const named = (alias: string) => ({
    ...personColumns(alias),
    firstName: sql.raw(`${alias}.first_name`),
    lastName: sql.raw(`${alias}.last_name`),
  });
  const paging = page ? sql`limit ${page.perPage} offset ${(page.page - 1) * page.perPage}` : sql``;
  const records = await rowsOf<ReportRowRecord>(
    db,
    sql`${reportRowsCte(postId, now)}${filterNodesCte(filters)}
    select t.*, count(*) over () as total from (
      select
        case when rr.child_id is null then 'reader' else 'guardian' end as kind,
        case when ${acknowledgerShown} then g.id end as user_id,
        case when ${childShown} then ${shownName(scope, named('g'))}
          else ${protectedIdentityName} end as name,
        rr.role,
        case when rr.child_id is not null and ${personShown(scope, child)} then c.id end as child_id,
        case when rr.child_id is not null then ${shownName(scope, named('c'))} end as child_name,
        case when ${subjectShown} then sn.id end as school_id,
        case when ${subjectShown} then sn.name end as school_name,
        case when ${subjectShown} then cn.id end as class_id,
        case when ${subjectShown} then cn.name end as class_name,
        rr.state, rr.acknowledged_at, rr.via, rr.opened,
        rr.user_id as order_user, rr.child_id as order_child
      from report_rows rr
        join users g on g.id = rr.user_id
        left join users c on c.id = rr.child_id
        join users s on s.id = rr.subject_id
        left join nodes sn on sn.id = rr.school_id
        left join nodes cn on cn.id = rr.class_id
      where ${filterConditions(filters)}
    ) t
    order by t.school_name nulls last, t.class_name nulls last, coalesce(t.child_name, t.name),
      t.name, t.order_user, t.order_child nulls first
    ${paging}`,
  );
  const total = records.length > 0 ? Number(records[0]!.total) : 0;
  return {
    total,
    rows: records.map((record) => ({
      kind: record.kind,
      userId: optionalNumber(record.user_id),
      name: record.name,
      role: record.role,
      childId: optionalNumber(record.child_id),
      childName: record.child_name,
      schoolId: optionalNumber(record.school_id),
      schoolName: record.school_name,
      classId: optionalNumber(record.class_id),
      className: record.class_name,
      state: record.state,
      acknowledgedAt:
        record.acknowledged_at === null ? null : new Date(record.acknowledged_at).toISOString(),
      via: record.via,
      opened: Boolean(record.opened),
    })),
  };
}

/**
 * The people with something left to confirm at `now` (pending or overdue,
 * as the report counts them): whom a reminder reaches. For a guardian when
 * one guardian is enough, a child another guardian confirmed for is done.
 */
export async function awaitedAcknowledgers(
  db: Executor,
  postId: number,
  now: Date,
): Promise<number[]> {
  const rows = await rowsOf<{ user_id: number }>(
    db,
    sql`${reportRowsCte(postId, now)}
    select distinct user_id from report_rows where state <> 'acknowledged' order by user_id`,
  );
  return rows.map((row) => Number(row.user_id));
}

interface Counts {
  total: number;
  acknowledged: number;
  pending: number;
  overdue: number;
}

const counts = (row: Partial<Record<keyof Counts, unknown>>): Counts => ({
  total: Number(row.total ?? 0),
  acknowledged: Number(row.acknowledged ?? 0),
  pending: Number(row.pending ?? 0),
  overdue: Number(row.overdue ?? 0),
});

const countColumns = sql.raw(`count(*) as total,
  count(*) filter (where state = 'acknowledged') as acknowledged,
  count(*) filter (where state = 'pending') as pending,
  count(*) filter (where state = 'overdue') as overdue`);

/**
 * The report in figures, per unit — a reader, or a child (done by one
 * guardian or every guardian, as the post asks) — by school, class and role,
 * and the people mailed, who opened it and who confirmed. Counts name nobody,
 * so protected people are counted like everyone.
 */
export async function acknowledgementSummaryOf(
  db: Executor,
  post: { id: number; acknowledgement: AcknowledgementSummary['acknowledgement'] },
  acknowledgeBy: Date | null,
  now: Date,
): Promise<AcknowledgementSummary> {
  type Grouped = Counts & { id: number | null; name: string | null; school_id?: number | null };
  const [row] = await rowsOf<{
    totals: Partial<Counts>;
    by_school: Grouped[] | null;
    by_class: Grouped[] | null;
    by_role: (Counts & { role: string | null })[] | null;
    sent: number;
    opened: number;
    acknowledged: number;
  }>(
    db,
    sql`${reportRowsCte(post.id, now)},
    units as (
      select role, school_id, class_id, state from report_rows where child_id is null
      union all
      select min(role), min(school_id), min(class_id),
        case when bool_or(unit_done) then 'acknowledged'
          when (select acknowledge_by from post_row) <= ${now.toISOString()}::timestamptz then 'overdue'
          else 'pending' end
      from report_rows where child_id is not null group by child_id
    ),
    people(user_id) as (select distinct user_id from expected)
    select
      (select row_to_json(t) from (select ${countColumns} from units) t) as totals,
      (select json_agg(t order by t.name nulls last, t.id) from (
        select u.school_id as id, n.name, ${countColumns}
        from units u left join nodes n on n.id = u.school_id group by u.school_id, n.name) t) as by_school,
      (select json_agg(t order by t.name nulls last, t.id) from (
        select u.class_id as id, n.name, min(u.school_id) as school_id, ${countColumns}
        from units u left join nodes n on n.id = u.class_id group by u.class_id, n.name) t) as by_class,
      (select json_agg(t order by t.role nulls last) from (
        select role, ${countColumns} from units group by role) t) as by_role,
      (select count(*) from people p where exists (
        select 1 from notifications n
          join notification_recipients nr on nr.notification_id = n.id
          join mail_outbox mo on mo.id = nr.mail_id
        where n.post_id = ${post.id} and nr.user_id = p.user_id and mo.status = 'sent')) as sent,
      (select count(*) from people p where exists (
        select 1 from post_reads pr where pr.post_id = ${post.id} and pr.user_id = p.user_id)) as opened,
      (select count(*) from people p where exists (
        select 1 from post_acknowledgements a
        where a.post_id = ${post.id} and a.user_id = p.user_id)) as acknowledged`,
  );
  const grouped = (list: Grouped[] | null) =>
    (list ?? []).map((entry) => ({
      id: optionalNumber(entry.id),
      name: entry.name,
      ...counts(entry),
    }));
  return {
    postId: post.id,
    acknowledgement: post.acknowledgement,
    acknowledgeBy: acknowledgeBy?.toISOString() ?? null,
    ...counts(row?.totals ?? {}),
    bySchool: grouped(row?.by_school ?? null),
    byClass: (row?.by_class ?? []).map((entry) => ({
      id: optionalNumber(entry.id),
      name: entry.name,
      schoolId: optionalNumber(entry.school_id ?? null),
      ...counts(entry),
    })),
    byRole: (row?.by_role ?? []).map((entry) => ({ role: entry.role, ...counts(entry) })),
    funnel: {
      sent: Number(row?.sent ?? 0),
      opened: Number(row?.opened ?? 0),
      acknowledged: Number(row?.acknowledged ?? 0),
    },
  };
}
