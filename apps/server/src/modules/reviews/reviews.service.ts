import {
  ids,
  postUrl,
  sv,
  urlPrefixByType,
  type PostReview,
  type PostReviewInput,
  type ReviewListItem,
  type ReviewList,
  type ReviewSchool,
} from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import { loadAuthUser, type AuthUser } from '../../identity/auth-user.repo';
import { can } from '../../identity/authorize';
import { identityScopeOf } from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import type { PostAudience } from '../audience/audience.repo';
import { updatePostRow } from '../posts/post-writes.repo';
import { findVisiblePost, lockPost, type PostRow } from '../posts/posts.repo';
import { postsPolicy } from '../posts/posts.policy';
import {
  addMonths,
  dayIn,
  daysBetween,
  periodOf,
  reviewedTypes,
  reviewStateOf,
  type ReviewSettings,
} from './review-dates';
import {
  municipalityName,
  recordReview,
  reviewCounts,
  reviewHistory,
  reviewList,
  schoolsByIds,
  schoolsWhereHolding,
} from './reviews.repo';
import { reviewsPolicy } from './reviews.policy';

const t = sv.reviews;

/** The farthest ahead a review date may be set. */
const maxYearsAhead = 10;

export interface ReviewsContext {
  db: Database;
  settings: ReviewSettings;
  now: () => Date;
}

async function ownerActive(db: Executor, ownerId: number | null) {
  if (ownerId === null) return false;
  const owner = await loadAuthUser(db, ownerId);
  return Boolean(owner) && !owner!.disabled;
}

/** A post's review as the user may see it: the owner named as the rule lets them (decision 0039). */
async function presentReview(
  ctx: ReviewsContext,
  db: Executor,
  user: AuthUser,
  post: Pick<PostRow, 'id' | 'type' | 'status' | 'ownerId' | 'reviewDate'>,
): Promise<PostReview> {
  const history = await reviewHistory(db, post.id);
  const people = [post.ownerId, history.reviewedBy].filter((id): id is number => id !== null);
  const names = await shownNamesOf(db, await identityScopeOf(db, user), people);
  const person = (id: number | null) =>
    id !== null && names.has(id) ? { id, name: names.get(id)! } : null;
  return {
    ownerId: post.ownerId,
    owner: person(post.ownerId),
    ownerActive: await ownerActive(db, post.ownerId),
    reviewDate: post.reviewDate,
    periodMonths: periodOf(ctx.settings, post.type),
    state: reviewStateOf(ctx.settings, post, dayIn(ctx.now())),
    lastReviewedAt: history.reviewedAt?.toISOString() ?? null,
    lastReviewedBy: person(history.reviewedBy),
    unpublishedAt:
      post.status !== 'publish' && history.unpublishedAt
        ? history.unpublishedAt.toISOString()
        : null,
  };
}

/** GET /post/{id}/review: for those who may edit the post; 404 to anyone else. */
export async function reviewOfPost(
  ctx: ReviewsContext,
  user: AuthUser,
  audience: PostAudience,
  key: string,
): Promise<PostReview> {
  const row = await findVisiblePost(ctx.db, { audience, listAll: true }, key);
  if (!row) throw errors.notFound();
  const facts = {
    type: row.post.type,
    status: row.post.status,
    authorId: row.post.authorId,
    editorIds: row.editorIds,
  };
  if (!can(user, postsPolicy.edit, facts)) throw errors.notFound();
  return presentReview(ctx, ctx.db, user, row.post);
}

/** The post locked for a change of its review, by one who may edit it. */
async function lockedForReview(tx: Executor, actor: Actor, key: string) {
  const stored = await lockPost(tx, key);
  if (!stored) throw errors.notFound();
  const facts = {
    type: stored.row.type,
    status: stored.row.status,
    authorId: stored.row.authorId,
    editorIds: stored.editorIds,
  };
  if (!can(actor.user, postsPolicy.edit, facts)) throw errors.notFound();
  return { row: stored.row, facts };
}

/**
 * PUT /post/{id}/review: a new owner — an active person who may edit the
 * post — or a new review date (from today to ten years ahead, for a type
 * that is reviewed). A new date starts a new review period. Audited.
 */
export async function updateReview(
  ctx: ReviewsContext,
  actor: Actor,
  key: string,
  input: PostReviewInput,
): Promise<PostReview> {
  const today = dayIn(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const { row, facts } = await lockedForReview(tx, actor, key);
    const changes: Partial<PostRow> = {};
    if (input.ownerId !== undefined && input.ownerId !== row.ownerId) {
      const owner = await loadAuthUser(tx, input.ownerId);
      if (!owner || owner.disabled) {
        throw errors.validation([{ field: 'ownerId', message: t.errors.ownerNotFound }]);
      }
      if (!can(owner, postsPolicy.edit, facts)) {
        throw errors.validation([{ field: 'ownerId', message: t.errors.ownerMayNotEdit }]);
      }
      changes.ownerId = owner.id;
    }
    if (input.reviewDate !== undefined && input.reviewDate !== row.reviewDate) {
      const field = 'reviewDate';
      if (periodOf(ctx.settings, row.type) === 0) {
        throw errors.validation([{ field, message: t.errors.notReviewed }]);
      }
      if (input.reviewDate < today)
        throw errors.validation([{ field, message: t.errors.dateInPast }]);
      if (input.reviewDate > addMonths(today, maxYearsAhead * 12)) {
        throw errors.validation([{ field, message: t.errors.dateTooFar }]);
      }
      changes.reviewDate = input.reviewDate;
      changes.reviewPeriod = row.reviewPeriod + 1;
    }
    if (Object.keys(changes).length === 0) return presentReview(ctx, tx, actor.user, row);
    const updated = await updatePostRow(tx, row.id, changes);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.review-changed',
      entityType: 'post',
      entityId: row.id,
      before: { ownerId: row.ownerId, reviewDate: row.reviewDate },
      after: { ownerId: updated.ownerId, reviewDate: updated.reviewDate },
      requestId: actor.requestId,
    });
    return presentReview(ctx, tx, actor.user, updated);
  });
}

/**
 * POST /post/{id}/reviewed: the post is reviewed today; the next review is
 * a period of its type from today, and a new review period starts. Kept in
 * post_reviews and audited.
 */
export async function markReviewed(
  ctx: ReviewsContext,
  actor: Actor,
  key: string,
): Promise<PostReview> {
  const now = ctx.now();
  const today = dayIn(now);
  return ctx.db.transaction(async (tx) => {
    const { row } = await lockedForReview(tx, actor, key);
    const months = periodOf(ctx.settings, row.type);
    if (months === 0) {
      throw errors.badRequest('NOT_REVIEWED', t.errors.notReviewed);
    }
    const next = addMonths(today, months);
    const updated = await updatePostRow(tx, row.id, {
      reviewDate: next,
      reviewPeriod: row.reviewPeriod + 1,
    });
    await recordReview(tx, {
      postId: row.id,
      reviewedBy: actor.user.id,
      reviewedAt: now,
      previousDate: row.reviewDate,
      nextDate: next,
    });
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.reviewed',
      entityType: 'post',
      entityId: row.id,
      before: { reviewDate: row.reviewDate },
      after: { reviewDate: next },
      requestId: actor.requestId,
    });
    return presentReview(ctx, tx, actor.user, updated);
  });
}

/**
 * The school units whose lists the user may see: every one, and the
 * municipality's own posts first, for holders of manage_content_reviews;
 * otherwise those where the user holds the escalation role.
 */
async function visibleSchools(ctx: ReviewsContext, user: AuthUser) {
  if (can(user, reviewsPolicy.everySchool)) {
    const municipality = await municipalityName(ctx.db);
    const schools = await schoolsByIds(ctx.db, 'all');
    return municipality
      ? [{ id: ids.municipalityNodeId, name: municipality }, ...schools]
      : schools;
  }
  return schoolsByIds(
    ctx.db,
    await schoolsWhereHolding(ctx.db, user.id, ctx.settings.escalationRole),
  );
}

function listDay(ctx: ReviewsContext) {
  return {
    types: reviewedTypes(ctx.settings),
    today: dayIn(ctx.now()),
    reminderDays: ctx.settings.reminderDays,
  };
}

/** GET /content-review: the schools the user may see, with how much is on each list. */
export async function reviewSchools(ctx: ReviewsContext, user: AuthUser): Promise<ReviewSchool[]> {
  const schools = await visibleSchools(ctx, user);
  if (schools.length === 0) return [];
  const counts = await reviewCounts(ctx.db, listDay(ctx));
  return schools.map((school) => ({
    ...school,
    ...(counts.get(school.id) ?? { due: 0, overdue: 0, unowned: 0 }),
  }));
}

/**
 * GET /content-review/{id}: a page of one of a school's lists, with the
 * owners named as the user may see them (decision 0039). A school the user
 * may not see is a 403; an id that is no school a 404.
 */
export async function reviewListOf(
  ctx: ReviewsContext,
  user: AuthUser,
  schoolId: number,
  query: { page: number; perPage: number; list: ReviewList },
): Promise<{ items: ReviewListItem[]; total: number }> {
  const isMunicipality = schoolId === ids.municipalityNodeId;
  if (!isMunicipality && (await schoolsByIds(ctx.db, [schoolId])).length === 0) {
    throw errors.notFound(t.errors.notASchool);
  }
  const schools = await visibleSchools(ctx, user);
  if (!schools.some((school) => school.id === schoolId)) throw errors.forbidden();
  const day = listDay(ctx);
  const { items, total } = await reviewList(ctx.db, day, schoolId, query.list, query);
  const ownerIds = items.flatMap((item) => (item.owner_id === null ? [] : [item.owner_id]));
  const names = await shownNamesOf(ctx.db, await identityScopeOf(ctx.db, user), ownerIds);
  return {
    total,
    items: items.map((item) => ({
      id: item.id,
      type: item.type,
      title: item.title,
      url: postUrl(item.type, item.slug, urlPrefixByType),
      ownerId: item.owner_id,
      owner:
        item.owner_id !== null && names.has(item.owner_id)
          ? { id: item.owner_id, name: names.get(item.owner_id)! }
          : null,
      ownerActive: Boolean(item.owner_active),
      reviewDate: item.review_date,
      state: reviewStateOf(
        ctx.settings,
        { type: item.type, reviewDate: item.review_date },
        day.today,
      ),
      daysLeft: item.review_date === null ? null : daysBetween(day.today, item.review_date),
    })),
  };
}
