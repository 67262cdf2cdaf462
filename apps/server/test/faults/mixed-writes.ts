import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import { rowsOf } from '../../src/db/raw-rows';
import { courseBody, roleCategory } from '../course-helpers';

/**
 * The writes of a school morning for the fault tests, in turn: a favourite,
 * a course booking, a like and a comment. Each writer keeps what it was told
 * was written (a 2xx), so the test can look for every one of them afterwards.
 */

export interface Answer {
  status: number;
  body: unknown;
}
export type Send = (
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  payload?: unknown,
) => Promise<Answer>;

export interface Targets {
  courseIds: number[];
  postIds: number[];
}

/** Courses to book and news to like and comment on, aimed at the municipality's staff. */
export async function prepareTargets(send: Send, adminCookie: string, count: number) {
  const targets: Targets = { courseIds: [], postIds: [] };
  for (let i = 0; i < count; i += 1) {
    const course = await send(
      'POST',
      '/api/core/v1/course',
      adminCookie,
      courseBody(new Date(), { title: `Avbrottskurs ${i + 1}` }),
    );
    const news = await send('POST', '/api/core/v1/post', adminCookie, {
      type: 'news',
      title: `Avbrottsnyhet ${i + 1}`,
      nodeIds: [1],
      categoryIds: [roleCategory.teacher, roleCategory.employee],
    });
    if (course.status !== 201 || news.status !== 201)
      throw new Error(`targets not made: ${JSON.stringify([course.body, news.body])}`);
    targets.courseIds.push((course.body as { id: number }).id);
    targets.postIds.push((news.body as { id: number }).id);
  }
  return targets;
}

export interface Acknowledged {
  favorites: number[];
  bookings: { courseId: number; userId: number }[];
  comments: number[];
  likes: { userId: number; postId: number }[];
}

export const acknowledgedNone = (): Acknowledged => ({
  favorites: [],
  bookings: [],
  comments: [],
  likes: [],
});

/** Comments one person may write a minute is ten; stay under it. */
const commentsPerWriter = 9;

/**
 * A writer's writes, in turn; each course is booked and each post liked once.
 * Returns the answer of each write so the test can count statuses.
 */
export async function writerFor(
  send: Send,
  cookie: string,
  name: string,
  targets: Targets,
  acknowledged: Acknowledged,
) {
  const me = await send('GET', '/api/core/v1/user', cookie);
  const userId = (me.body as { id: number }).id;
  let turn = 0;
  let booked = 0;
  let liked = 0;
  let commented = 0;
  return async function next(): Promise<Answer> {
    turn += 1;
    const kind = turn % 4;
    if (kind === 1 && booked < targets.courseIds.length) {
      const courseId = targets.courseIds[booked++]!;
      const answer = await send(
        'POST',
        `/api/core/v1/course/${courseId}/attendee/${userId}`,
        cookie,
        { answers: [] },
      );
      if (answer.status === 201) acknowledged.bookings.push({ courseId, userId });
      return answer;
    }
    if (kind === 2 && liked < targets.postIds.length) {
      const postId = targets.postIds[liked++]!;
      const answer = await send('POST', '/api/core/v1/like', cookie, { postId });
      if (answer.status === 200) acknowledged.likes.push({ userId, postId });
      return answer;
    }
    if (kind === 3 && commented < commentsPerWriter) {
      commented += 1;
      const answer = await send('POST', '/api/core/v1/comment', cookie, {
        postId: targets.postIds[0],
        text: `Avbrott ${name} ${turn}`,
      });
      if (answer.status === 201) acknowledged.comments.push((answer.body as { id: number }).id);
      return answer;
    }
    const answer = await send('POST', '/api/core/v1/favorite', cookie, {
      name: `avbrott-${name}-${turn}`,
      url: `https://exempelby.se/${name}/${turn}`,
    });
    if (answer.status === 201) acknowledged.favorites.push((answer.body as { id: number }).id);
    return answer;
  };
}

/** Every acknowledged write that is not in the database. */
export async function missingWrites(db: Executor, acknowledged: Acknowledged) {
  const ids = async (query: ReturnType<typeof sql>) =>
    new Set((await rowsOf<{ id: number }>(db, query)).map((row) => row.id));
  const favorites = await ids(sql`select id from favorites where name like 'avbrott-%'`);
  const comments = await ids(sql`select id from comments where text like 'Avbrott %'`);
  const pairs = async (query: ReturnType<typeof sql>) =>
    new Set((await rowsOf<{ a: number; b: number }>(db, query)).map((row) => `${row.a}/${row.b}`));
  const bookings = await pairs(sql`select post_id as a, user_id as b from course_attendees`);
  const likes = await pairs(
    sql`select user_id as a, post_id as b from likes where post_id is not null`,
  );
  return [
    ...acknowledged.favorites.filter((id) => !favorites.has(id)).map((id) => `favourite ${id}`),
    ...acknowledged.bookings
      .filter((booking) => !bookings.has(`${booking.courseId}/${booking.userId}`))
      .map((booking) => `booking ${booking.courseId}/${booking.userId}`),
    ...acknowledged.comments.filter((id) => !comments.has(id)).map((id) => `comment ${id}`),
    ...acknowledged.likes
      .filter((like) => !likes.has(`${like.userId}/${like.postId}`))
      .map((like) => `like ${like.userId}/${like.postId}`),
  ];
}
