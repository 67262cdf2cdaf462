import {
  restrictedPostFields,
  type PostValues,
  type RestrictedPostField,
} from '@skolportalen/shared';
import type { Cache } from '../../cache/cache';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import type { JobService } from '../../jobs/job-service';
import { authorize } from '../../identity/authorize';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { clearMediaUsages, setMediaUsages } from '../media/media-usages.repo';
import { notifyPublished, wakeNotifications } from './post-notifications';
import {
  effectivePublishedDate,
  effectiveStatus,
  preparePost,
  slugConflict,
  type PreparedPost,
} from './post-values';
import {
  deletePostRow,
  insertPostRow,
  realignPlacedBefore,
  refreshFeed,
  replacePostMedia,
  replaceTargets,
  updatePostRow,
} from './post-writes.repo';
import { isPublishing, postsPolicy } from './posts.policy';
import { recordPostVersions, versionEventOf } from './post-versions.repo';
import { lockPost, type PostRow, type PostTargets } from './posts.repo';
import { notifyScopeOf, targetScopeOf } from './post-scope';
import type { PostTypeRules } from './post-type-rules';
import type { PublishingDecision, PublishingGate } from './publishing-gate';

/** What post writes need besides the database: the shared cache, the clock and the site. */
export interface PostsContext {
  db: Database;
  cache: Cache;
  siteOrigin: string;
  /** Video services a video block may frame (VIDEO_EMBED_HOSTS). */
  videoEmbedOrigins: readonly string[];
  now: () => Date;
  /** Queues the notification of a post published with sendNotification. */
  jobs: JobService;
  /** The rules post types add to every write (courses: places and mails), from their modules. */
  typeRules: readonly PostTypeRules[];
  /** Whether a write may publish or must wait for approval (issue 29), from the approvals module. */
  publishing: PublishingGate;
}

type Stored = { row: PostRow } & PostTargets;

export function auditValues(row: PostRow, targets: Omit<PostTargets, 'mediaIds'>) {
  return {
    type: row.type,
    title: row.title,
    slug: row.slug,
    status: row.status,
    publishedDate: row.publishedDate?.toISOString() ?? null,
    unpublishedDate: row.unpublishedDate?.toISOString() ?? null,
    pagePlacement: row.pagePlacement,
    nodeIds: targets.nodeIds,
    categoryIds: targets.categoryIds,
    userIds: targets.userIds,
    editorIds: targets.editorIds,
    requiresAcknowledgement: row.requiresAcknowledgement,
    acknowledgeBy: row.acknowledgeBy?.toISOString() ?? null,
    acknowledgement: row.acknowledgement,
    reminderHoursBefore: row.reminderHoursBefore,
  };
}

/** Unique slug raced by a concurrent write: the database's constraint has the last word. */
export function isSlugViolation(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && (e.constraint ?? '').includes('slug')) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function inTransaction<T>(ctx: PostsContext, work: (tx: Executor) => Promise<T>) {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (isSlugViolation(error)) throw slugConflict();
    throw error;
  }
}

/** Publishing a post, or a crisis alert, needs its own right. */
function assertMayPublish(actor: Actor, values: PostValues, wasPublishing: boolean, now: Date) {
  const status = effectiveStatus(values.status, values.publishedDate, now);
  if (!isPublishing(status) || wasPublishing) return;
  authorize(actor.user, postsPolicy.publishType, values.type);
}

/**
 * Where a write may aim (decision 0028). Every group it adds, and every
 * group once it publishes or schedules, lies within the actor's scope; a
 * post whose e-mail is still to go out reaches beyond the actor's own
 * groups and schools only with send_notification.
 */
export async function assertMayTarget(
  tx: Executor,
  actor: Actor,
  values: Pick<PostValues, 'status' | 'publishedDate' | 'nodeIds' | 'sendNotification'>,
  stored: Pick<Stored, 'row' | 'nodeIds'> | undefined,
  now: Date,
) {
  const publishing = isPublishing(effectiveStatus(values.status, values.publishedDate, now));
  const publishesNow = publishing && !(stored && isPublishing(stored.row.status));
  const before = new Set(stored?.nodeIds ?? []);
  const added = values.nodeIds.filter((nodeId) => !before.has(nodeId));
  const checked = publishesNow ? values.nodeIds : added;
  if (checked.length > 0) {
    const scope = await targetScopeOf(tx, actor.user);
    authorize(actor.user, postsPolicy.target, { scope, nodeIds: checked });
  }
  // The e-mail goes out once, when the post is first published (now or by the scheduler).
  const mailPending = stored === undefined || stored.row.status !== 'publish';
  const mailChanges = publishesNow || added.length > 0 || !stored?.row.sendNotification;
  if (values.sendNotification && publishing && mailPending && mailChanges) {
    const scope = await notifyScopeOf(tx, actor.user);
    authorize(actor.user, postsPolicy.notify, { scope, nodeIds: values.nodeIds });
  }
}

/**
 * Asks the publishing gate about a written post (its targets in place) and
 * stores what it decides: a post that must wait for approval is `pending`,
 * and out of the feed, until an approver publishes it.
 */
export async function decidePublishing(
  ctx: PostsContext,
  tx: Executor,
  actor: Actor,
  row: PostRow,
  nodeIds: readonly number[],
  before: PostRow['status'] | undefined,
  now: Date,
): Promise<{ row: PostRow; decision: PublishingDecision }> {
  const decision = await ctx.publishing.decide(tx, {
    actor,
    postId: row.id,
    type: row.type,
    nodeIds,
    title: row.title,
    before,
    status: row.status,
    now,
  });
  if (decision.status === row.status) return { row, decision };
  const held = await updatePostRow(tx, row.id, { status: decision.status });
  await refreshFeed(tx, [row.id]);
  return { row: held, decision };
}

async function writeRelations(
  tx: Executor,
  postId: number,
  values: PostValues,
  prepared: PreparedPost,
) {
  await replaceTargets(tx, postId, 'nodes', values.nodeIds);
  await replaceTargets(tx, postId, 'categories', values.categoryIds);
  await replaceTargets(tx, postId, 'users', values.userIds);
  await replaceTargets(tx, postId, 'editors', values.editorIds);
  await replacePostMedia(tx, postId, values.mediaIds);
  await setMediaUsages(tx, { type: 'post', id: postId }, prepared.usedMediaIds);
  await refreshFeed(tx, [postId]);
}

export async function createPost(
  ctx: PostsContext,
  actor: Actor,
  values: PostValues,
): Promise<number> {
  authorize(actor.user, postsPolicy.create);
  for (const rules of ctx.typeRules) rules.assertMayWrite(actor, values);
  const now = ctx.now();
  assertMayPublish(actor, values, false, now);
  return inTransaction(ctx, async (tx) => {
    const prepared = await preparePost(tx, values, undefined, {
      now,
      siteOrigin: ctx.siteOrigin,
      videoEmbedOrigins: ctx.videoEmbedOrigins,
      authorId: actor.user.id,
    });
    await assertMayTarget(tx, actor, values, undefined, now);
    const inserted = await insertPostRow(tx, prepared.columns);
    await writeRelations(tx, inserted.id, values, prepared);
    const { row, decision } = await decidePublishing(
      ctx,
      tx,
      actor,
      inserted,
      values.nodeIds,
      undefined,
      now,
    );
    const versions = await recordPostVersions(tx, [row.id], {
      at: now,
      by: actor.user.id,
      event: 'created',
    });
    await decision.recorded(tx, versions.get(row.id)!);
    if (row.status === 'publish') await notifyPublished(tx, ctx.jobs, ctx.siteOrigin, [row.id]);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.created',
      entityType: 'post',
      entityId: row.id,
      after: auditValues(row, values),
      requestId: actor.requestId,
    });
    return row.id;
  }).finally(() => {
    if (values.sendNotification) wakeNotifications(ctx.jobs);
    ctx.publishing.afterCommit();
  });
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  JSON.stringify([...a].sort((x, y) => x - y)) === JSON.stringify([...b].sort((x, y) => x - y));
const sameTime = (stored: Date | null, given: string | null) =>
  (stored?.getTime() ?? null) === (given === null ? null : Date.parse(given));

/** The restricted fields (decision 0010) a write would change. */
export function changedRestrictedFields(
  stored: Stored,
  values: PostValues,
  now: Date,
): RestrictedPostField[] {
  const { row } = stored;
  const differs: Record<RestrictedPostField, boolean> = {
    type: row.type !== values.type,
    status: row.status !== effectiveStatus(values.status, values.publishedDate, now),
    slug: values.slug !== undefined && values.slug !== row.slug,
    publishedDate:
      (row.publishedDate?.getTime() ?? null) !==
      (effectivePublishedDate(values, row, now)?.getTime() ?? null),
    unpublishedDate: !sameTime(row.unpublishedDate, values.unpublishedDate),
    nodeIds: !sameIds(stored.nodeIds, values.nodeIds),
    categoryIds: !sameIds(stored.categoryIds, values.categoryIds),
    userIds: !sameIds(stored.userIds, values.userIds),
    courseNodeIds: !sameIds(row.courseNodeIds, values.courseNodeIds),
    editorIds: !sameIds(stored.editorIds, values.editorIds),
    sendNotification: row.sendNotification !== values.sendNotification,
    pagePlacement: row.pagePlacement !== values.pagePlacement,
    allowComments: row.allowComments !== values.allowComments,
    parentId: row.parentId !== values.parentId,
    requiresAcknowledgement: row.requiresAcknowledgement !== values.requiresAcknowledgement,
    acknowledgeBy: !sameTime(row.acknowledgeBy, values.acknowledgeBy),
    acknowledgement: row.acknowledgement !== values.acknowledgement,
    reminderHoursBefore: !sameIds(row.reminderHoursBefore, values.reminderHoursBefore),
  };
  return restrictedPostFields.filter((field) => differs[field]);
}

/** The stored post for a write, or 404 — also when the caller could not even see it. */
export async function postForWrite(tx: Executor, actor: Actor, key: string): Promise<Stored> {
  const stored = await lockPost(tx, key);
  if (!stored) throw errors.notFound();
  return stored;
}

function facts(stored: Stored) {
  return {
    type: stored.row.type,
    status: stored.row.status,
    authorId: stored.row.authorId,
    editorIds: stored.editorIds,
  };
}

export async function replacePost(
  ctx: PostsContext,
  actor: Actor,
  key: string,
  values: PostValues,
  /** The number of the version this write restores (issue 28): the history and audit say so. */
  restoredVersion?: number,
): Promise<number> {
  const now = ctx.now();
  const { id, afterCommit } = await inTransaction(ctx, async (tx) => {
    const stored = await postForWrite(tx, actor, key);
    authorize(actor.user, postsPolicy.edit, facts(stored));
    for (const rules of ctx.typeRules) rules.assertMayWrite(actor, values, stored.row);
    authorize(actor.user, postsPolicy.writeRestricted, {
      post: facts(stored),
      changed: changedRestrictedFields(stored, values, now),
    });
    const wasPublishing = isPublishing(stored.row.status) && stored.row.type === values.type;
    assertMayPublish(actor, values, wasPublishing, now);
    const prepared = await preparePost(tx, values, stored.row, {
      now,
      siteOrigin: ctx.siteOrigin,
      videoEmbedOrigins: ctx.videoEmbedOrigins,
      authorId: stored.row.authorId,
    });
    await assertMayTarget(tx, actor, values, stored, now);
    const afterCommit: (() => void)[] = [];
    for (const rules of ctx.typeRules) {
      const then = await rules.beforeReplace(tx, stored.row, values, {
        now,
        siteOrigin: ctx.siteOrigin,
      });
      if (then) afterCommit.push(then);
    }
    const updated = await updatePostRow(tx, stored.row.id, prepared.columns);
    await writeRelations(tx, updated.id, values, prepared);
    await refreshFeed(tx, await realignPlacedBefore(tx, updated.id));
    const { row, decision } = await decidePublishing(
      ctx,
      tx,
      actor,
      updated,
      values.nodeIds,
      stored.row.status,
      now,
    );
    const versions = await recordPostVersions(tx, [row.id], {
      at: now,
      by: actor.user.id,
      event:
        restoredVersion === undefined ? versionEventOf(stored.row.status, row.status) : 'restored',
    });
    await decision.recorded(tx, versions.get(row.id)!);
    if (row.status === 'publish' && stored.row.status !== 'publish') {
      await notifyPublished(tx, ctx.jobs, ctx.siteOrigin, [row.id]);
    }
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: restoredVersion === undefined ? 'post.updated' : 'post.version-restored',
      entityType: 'post',
      entityId: row.id,
      before: auditValues(stored.row, stored),
      after: {
        ...auditValues(row, values),
        ...(restoredVersion === undefined ? {} : { restoredVersion }),
      },
      requestId: actor.requestId,
    });
    return { id: row.id, afterCommit };
  }).finally(() => {
    if (values.sendNotification) wakeNotifications(ctx.jobs);
    ctx.publishing.afterCommit();
  });
  for (const then of afterCommit) then();
  return id;
}

/**
 * Deletes a post's row for good: its targets, reads and the rest go with it
 * (foreign keys), its media usages are cleared so the files may go. Its
 * versions stay; the caller records the last one or, for a retention rule,
 * deletes them.
 */
export async function deletePostForGood(tx: Executor, postId: number) {
  await clearMediaUsages(tx, { type: 'post', id: postId });
  await deletePostRow(tx, postId);
}

/**
 * DELETE moves a post to the trash (status trash, nothing else changes); a
 * post already in the trash is deleted for good with its targets, reads and
 * media usages (decision 0011).
 */
export async function removePost(
  ctx: PostsContext,
  actor: Actor,
  key: string,
): Promise<{ id: number; deleted: boolean }> {
  return inTransaction(ctx, async (tx) => {
    const stored = await postForWrite(tx, actor, key);
    authorize(actor.user, postsPolicy.delete, facts(stored));
    const before = auditValues(stored.row, stored);
    if (stored.row.status !== 'trash') {
      const row = await updatePostRow(tx, stored.row.id, { status: 'trash' });
      await refreshFeed(tx, [row.id]);
      await recordPostVersions(tx, [row.id], {
        at: ctx.now(),
        by: actor.user.id,
        event: 'trashed',
      });
      await recordAudit(tx, {
        actorUserId: actor.user.id,
        realUserId: actor.realUserId,
        action: 'post.trashed',
        entityType: 'post',
        entityId: row.id,
        before,
        after: auditValues(row, stored),
        requestId: actor.requestId,
      });
      return { id: row.id, deleted: false };
    }
    // The last state is kept as the version of its deletion: the record outlives the post
    // until a retention rule lets it go (issue 28).
    await recordPostVersions(tx, [stored.row.id], {
      at: ctx.now(),
      by: actor.user.id,
      event: 'deleted',
    });
    await deletePostForGood(tx, stored.row.id);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.deleted',
      entityType: 'post',
      entityId: stored.row.id,
      before,
      requestId: actor.requestId,
    });
    return { id: stored.row.id, deleted: true };
  });
}
