import type { courseSortColumns, PostStatus, SortTerm } from '@skolportalen/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { courseAttendees, posts } from '../../db/schema';
import { visiblePostCondition, type PostViewer } from '../audience/post-visibility';
import {
  findVisiblePost,
  keyCondition,
  type DetailedPostRow,
  type Page,
} from '../posts/posts.repo';

export type CourseSortColumn = (typeof courseSortColumns)[number];

/** Spec §3 course{}: the time comes from the post's course part. */
const startAt = sql`(${posts.course}->>'startDate')::timestamptz`;
const endAt = sql`coalesce((${posts.course}->>'endDate')::timestamptz, (${posts.course}->>'startDate')::timestamptz)`;

export const defaultCourseSort: SortTerm<CourseSortColumn>[] = [
  { column: 'startDate', direction: 'ASC' },
];

export interface CourseFilters {
  statuses: PostStatus[];
  includeEnded: boolean;
  search?: string;
  now: Date;
}

/** The viewer is booked on the course (in any status): they keep seeing it. */
function bookedBy(userId: number): SQL {
  return sql`exists (select 1 from course_attendees ca where ca.post_id = ${posts.id} and ca.user_id = ${userId})`;
}

/** Courses the viewer may see: the post audience rule (decision 0011), or being booked on it. */
function visibleCourse(viewer: PostViewer): SQL | undefined {
  const visible = visiblePostCondition(viewer);
  return visible ? sql`(${visible} or ${bookedBy(viewer.audience.userId)})` : undefined;
}

function notEnded(now: Date): SQL {
  return sql`(${endAt} is null or ${endAt} >= ${now.toISOString()}::timestamptz)`;
}

function statusIn(statuses: readonly PostStatus[]): SQL {
  const list = sql.join(
    [...new Set(statuses)].map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`${posts.status} in (${list})`;
}

function orderFor(terms: readonly SortTerm<CourseSortColumn>[]): SQL[] {
  const order = terms.map(({ column, direction }) => {
    const dir = sql.raw(direction === 'ASC' ? 'asc' : 'desc');
    switch (column) {
      case 'startDate':
        return sql`${startAt} ${dir} nulls last`;
      case 'title':
        return sql`lower(${posts.title}) ${dir}`;
      case 'created':
        return sql`${posts.createdAt} ${dir}`;
      case 'updated':
        return sql`${posts.updatedAt} ${dir}`;
      case 'id':
        return sql`${posts.id} ${dir}`;
    }
  });
  if (!terms.some((term) => term.column === 'id')) order.push(sql`${posts.id} asc`);
  return order;
}

/** One page of course ids with the total, filtered and sorted in SQL. */
export async function listCourseIds(
  db: Executor,
  viewer: PostViewer,
  filters: CourseFilters,
  sort: readonly SortTerm<CourseSortColumn>[],
  page: Page,
): Promise<{ ids: number[]; total: number }> {
  const conditions: SQL[] = [eq(posts.type, 'course'), statusIn(filters.statuses)];
  if (!filters.includeEnded) conditions.push(notEnded(filters.now));
  if (filters.search) {
    conditions.push(sql`${posts.search} @@ websearch_to_tsquery('swedish', ${filters.search})`);
  }
  const visible = visibleCourse(viewer);
  if (visible) conditions.push(visible);
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: posts.id })
      .from(posts)
      .where(where)
      .orderBy(...orderFor(sort))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(posts)
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count?.value ?? 0) };
}

/** GET /my-course: the courses the user is booked on, the next first. */
export async function listMyCourseIds(
  db: Executor,
  userId: number,
  options: { includeEnded: boolean; now: Date },
  page: Page,
): Promise<{ ids: number[]; total: number }> {
  const conditions: SQL[] = [eq(posts.type, 'course'), eq(courseAttendees.userId, userId)];
  if (!options.includeEnded) conditions.push(notEnded(options.now));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: posts.id })
      .from(courseAttendees)
      .innerJoin(posts, eq(posts.id, courseAttendees.postId))
      .where(where)
      .orderBy(sql`${startAt} asc nulls last`, posts.id)
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(courseAttendees)
      .innerJoin(posts, eq(posts.id, courseAttendees.postId))
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count?.value ?? 0) };
}

/**
 * A course with its block tree if the viewer may see it: through the post
 * audience, or because they are booked on it.
 */
export async function findCourseForViewer(
  db: Executor,
  viewer: PostViewer,
  key: string,
): Promise<DetailedPostRow | undefined> {
  const row = await findVisiblePost(db, viewer, key);
  if (row) return row.post.type === 'course' ? row : undefined;
  const [booked] = await db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(courseAttendees, eq(courseAttendees.postId, posts.id))
    .where(
      and(
        keyCondition(key),
        eq(posts.type, 'course'),
        eq(courseAttendees.userId, viewer.audience.userId),
      ),
    )
    .limit(1);
  if (!booked) return undefined;
  return findVisiblePost(db, { ...viewer, listAll: true }, String(booked.id));
}
