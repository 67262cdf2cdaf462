import type { AttendeeAnswer, AttendeeStatus } from '@skolportalen/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { courseAttendees } from '../../db/schema';
import {
  personColumns,
  shownField,
  shownName,
  type IdentityScope,
} from '../../identity/protected-identity';
import { seenByThemselves } from '../../identity/shown-names';

/** An attendee as the course pages and lists show them: the row, the person, the queue place. */
export interface AttendeeRecord {
  id: number;
  postId: number;
  userId: number | null;
  name: string;
  email: string | null;
  organisation: string | null;
  status: AttendeeStatus;
  answers: AttendeeAnswer[];
  reservePosition: number | null;
  bookedBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlaceCounts {
  approved: number;
  pending: number;
  reserve: number;
}

export const noPlacesTaken: PlaceCounts = { approved: 0, pending: 0, reserve: 0 };

/** Places held: approved and pending attendees (decision 0013). */
export const taken = (counts: PlaceCounts) => counts.approved + counts.pending;

/** `{userId}` of the attendee routes: a user's id, or `external-{attendee id}`. */
export type AttendeeKey = { userId: number } | { externalId: number };

export function parseAttendeeKey(key: string): AttendeeKey {
  return key.startsWith('external-')
    ? { externalId: Number(key.slice('external-'.length)) }
    : { userId: Number(key) };
}

export function attendeeKeyOf(row: { id: number; userId: number | null }): string {
  return row.userId === null ? `external-${row.id}` : String(row.userId);
}

interface RawAttendee {
  id: number;
  post_id: number;
  user_id: number | null;
  name: string;
  email: string | null;
  organisation: string | null;
  status: AttendeeStatus;
  answers: AttendeeAnswer[] | null;
  reserve_position: number | string | null;
  booked_by: number | null;
  created_at: string | Date;
  updated_at: string | Date;
}

function toRecord(row: RawAttendee): AttendeeRecord {
  return {
    id: Number(row.id),
    postId: Number(row.post_id),
    userId: row.user_id === null ? null : Number(row.user_id),
    name: row.name,
    email: row.email,
    organisation: row.organisation,
    status: row.status,
    answers: row.answers ?? [],
    reservePosition: row.reserve_position === null ? null : Number(row.reserve_position),
    bookedBy: row.booked_by === null ? null : Number(row.booked_by),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

const attendeeUser = personColumns('u');
const attendeePerson = {
  ...attendeeUser,
  firstName: sql.raw('u.first_name'),
  lastName: sql.raw('u.last_name'),
};

/**
 * Attendees with their person and place in the queue, for the courses matching
 * `courseCondition` (over `a`), narrowed by `rowCondition` after the queue is numbered.
 * A portal user is named and addressed as `scope` may see them (decision 0039):
 * a protected person reads "Skyddad identitet", without e-mail.
 */
async function selectAttendees(
  db: Executor,
  scope: IdentityScope,
  courseCondition: SQL,
  rowCondition: SQL = sql`true`,
): Promise<AttendeeRecord[]> {
  const rows = await rowsOf<RawAttendee>(
    db,
    sql`
    select * from (
      select a.id, a.post_id, a.user_id, a.status, a.answers, a.booked_by, a.created_at, a.updated_at,
        case when u.id is null then coalesce(a.external_name, '')
          else coalesce(nullif(${shownName(scope, attendeePerson)}, ''), '') end as name,
        case when u.id is null then a.external_email
          else ${shownField(scope, attendeeUser, sql.raw('u.email'))} end as email,
        a.external_organisation as organisation,
        case when a.status = 'reserve' then
          row_number() over (partition by a.post_id, a.status order by a.queued_at, a.id)
        end as reserve_position,
        case a.status when 'approved' then 0 when 'pending' then 1 else 2 end as status_order,
        case when a.status = 'reserve' then a.queued_at end as queue_order
      from course_attendees a left join users u on u.id = a.user_id
      where ${courseCondition}
    ) a
    where ${rowCondition}
    order by a.post_id, a.status_order, a.queue_order nulls first, a.created_at, a.id`,
  );
  return rows.map(toRecord);
}

/**
 * Everyone on a course: booked, waiting, then the reserve list in queue order,
 * as `scope` may see them (`seenByThemselves` only for mail to each attendee).
 */
export function attendeesOf(db: Executor, scope: IdentityScope, postId: number) {
  return selectAttendees(db, scope, sql`a.post_id = ${postId}`);
}

export async function findAttendee(
  db: Executor,
  scope: IdentityScope,
  postId: number,
  key: AttendeeKey,
): Promise<AttendeeRecord | undefined> {
  const row =
    'userId' in key
      ? sql`a.user_id = ${key.userId}`
      : sql`a.id = ${key.externalId} and a.user_id is null`;
  const [found] = await selectAttendees(db, scope, sql`a.post_id = ${postId}`, row);
  return found;
}

/** One user's own bookings on the given courses, with their queue place. */
export async function bookingsOf(
  db: Executor,
  userId: number,
  postIds: readonly number[],
): Promise<Map<number, AttendeeRecord>> {
  if (postIds.length === 0) return new Map();
  const list = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await selectAttendees(
    db,
    seenByThemselves,
    sql`a.post_id in (${list})`,
    sql`a.user_id = ${userId}`,
  );
  return new Map(rows.map((row) => [row.postId, row]));
}

/** How many hold each status, per course, in one statement. */
export async function placeCounts(
  db: Executor,
  postIds: readonly number[],
): Promise<Map<number, PlaceCounts>> {
  if (postIds.length === 0) return new Map();
  const list = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{
    post_id: number;
    approved: number;
    pending: number;
    reserve: number;
  }>(
    db,
    sql`select post_id,
          count(*) filter (where status = 'approved')::int as approved,
          count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where status = 'reserve')::int as reserve
        from course_attendees where post_id in (${list}) group by post_id`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.post_id),
      {
        approved: Number(row.approved),
        pending: Number(row.pending),
        reserve: Number(row.reserve),
      },
    ]),
  );
}

export async function placeCountsOf(db: Executor, postId: number): Promise<PlaceCounts> {
  return (await placeCounts(db, [postId])).get(postId) ?? noPlacesTaken;
}

export interface NewAttendee {
  postId: number;
  userId: number | null;
  externalName?: string | null;
  externalEmail?: string | null;
  externalOrganisation?: string | null;
  status: AttendeeStatus;
  answers: AttendeeAnswer[];
  bookedBy: number | null;
  now: Date;
}

export async function insertAttendee(db: Executor, values: NewAttendee): Promise<number> {
  const [row] = await db
    .insert(courseAttendees)
    .values({
      postId: values.postId,
      userId: values.userId,
      externalName: values.externalName ?? null,
      externalEmail: values.externalEmail ?? null,
      externalOrganisation: values.externalOrganisation ?? null,
      status: values.status,
      answers: values.answers,
      bookedBy: values.bookedBy,
      queuedAt: values.now,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: courseAttendees.id });
  return row!.id;
}

export async function updateAttendeeRow(
  db: Executor,
  id: number,
  values: { status?: AttendeeStatus; answers?: AttendeeAnswer[]; queuedAt?: Date; now: Date },
) {
  const { now, ...changes } = values;
  await db
    .update(courseAttendees)
    .set({ ...changes, updatedAt: now })
    .where(eq(courseAttendees.id, id));
}

export async function deleteAttendeeRow(db: Executor, id: number) {
  await db.delete(courseAttendees).where(eq(courseAttendees.id, id));
}

/** The first `count` on the reserve list, in queue order. */
export async function firstReserves(db: Executor, postId: number, count: number) {
  if (count <= 0) return [];
  return db
    .select({ id: courseAttendees.id })
    .from(courseAttendees)
    .where(and(eq(courseAttendees.postId, postId), eq(courseAttendees.status, 'reserve')))
    .orderBy(courseAttendees.queuedAt, courseAttendees.id)
    .limit(count);
}

/** Is the user on the course in any status (an attendee may always see their course). */
export async function isAttendee(db: Executor, postId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: courseAttendees.id })
    .from(courseAttendees)
    .where(and(eq(courseAttendees.postId, postId), eq(courseAttendees.userId, userId)))
    .limit(1);
  return row !== undefined;
}
