import { format, sv, type ApprovalState } from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import type { AuthUser } from '../../identity/auth-user.repo';
import { errors } from '../../http/errors';
import { identityScopeOf } from '../../identity/protected-identity';
import { seenByNoOne, shownNamesOf } from '../../identity/shown-names';
import type { JobService } from '../../jobs/job-service';
import { recordAudit } from '../audit/audit.repo';
import { fanOutQueue } from '../notifications/notification-jobs';
import { notifyPublished, wakeNotifications } from '../posts/post-notifications';
import { effectiveStatus } from '../posts/post-values';
import { latestPostVersion, recordPostVersions } from '../posts/post-versions.repo';
import { refreshFeed, updatePostRow } from '../posts/post-writes.repo';
import { lockPost } from '../posts/posts.repo';
import { approversOf } from './approval-gate';
import { addressOf, tellAboutApproval } from './approval-publishing';
import {
  decideRequest,
  latestRequest,
  lockPendingRequest,
  pendingRequests,
  type ApprovalRequestRow,
} from './approval-requests.repo';
import { findRule } from './approval-rules.repo';
import { editsEveryPost } from '../posts/posts.policy';

const t = sv.approvals;

export interface ApprovalsContext {
  db: Database;
  jobs: JobService;
  siteOrigin: string;
  now: () => Date;
}

/**
 * Who may decide a request: the approvers of its rule as they are now (a
 * rule removed since leaves it to those who edit every post).
 */
async function approversOfRequest(db: Executor, request: ApprovalRequestRow) {
  const rule = request.ruleId === null ? undefined : await findRule(db, request.ruleId);
  if (!rule) return null;
  return approversOf(db, rule, { postId: request.postId });
}

async function mayDecide(db: Executor, user: AuthUser, request: ApprovalRequestRow) {
  const approvers = await approversOfRequest(db, request);
  return approvers === null ? editsEveryPost(user) : approvers.includes(user.id);
}

/** Where a post stands with its approval, named as the reader may see the people. */
export async function presentApproval(
  db: Executor,
  user: AuthUser,
  request: ApprovalRequestRow,
): Promise<ApprovalState> {
  const rule = request.ruleId === null ? undefined : await findRule(db, request.ruleId);
  const approverIds = rule ? await approversOf(db, rule, { postId: request.postId }) : [];
  const names = await shownNamesOf(db, await identityScopeOf(db, user), [
    ...approverIds,
    ...(request.requestedBy === null ? [] : [request.requestedBy]),
    ...(request.decidedBy === null ? [] : [request.decidedBy]),
  ]);
  const person = (id: number | null) =>
    id !== null && names.has(id) ? { id, name: names.get(id)! } : null;
  return {
    state: request.state,
    requestedAt: request.requestedAt.toISOString(),
    requestedBy: person(request.requestedBy),
    version: request.versionNumber,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decidedBy: person(request.decidedBy),
    comment: request.comment,
    rule: rule ? { id: rule.id, name: rule.name } : null,
    approvers: approverIds.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : [])),
  };
}

/** The requests the user may decide, oldest first, a page at a time. */
export async function approvalQueue(
  db: Executor,
  user: AuthUser,
  page: { page: number; perPage: number },
) {
  const mine: ApprovalRequestRow[] = [];
  for (const request of await pendingRequests(db)) {
    if (await mayDecide(db, user, request)) mine.push(request);
  }
  const start = (page.page - 1) * page.perPage;
  return { requests: mine.slice(start, start + page.perPage), total: mine.length };
}

/** The latest request of a post the user may edit or decide; null if it was never sent. */
export async function approvalStateOf(db: Executor, user: AuthUser, postId: number) {
  const request = await latestRequest(db, postId);
  return request ? presentApproval(db, user, request) : null;
}

async function lockedRequestFor(tx: Executor, actor: Actor, key: string, version: number) {
  const stored = await lockPost(tx, key);
  if (!stored) throw errors.notFound();
  const request = await lockPendingRequest(tx, stored.row.id);
  if (!request || stored.row.status !== 'pending') {
    // Not a post to decide, or another approver was first: say so only to someone who could decide.
    const latest = await latestRequest(tx, stored.row.id);
    if (latest && (await mayDecide(tx, actor.user, latest)))
      throw errors.conflict(t.errors.notPending);
    throw errors.notFound();
  }
  if (!(await mayDecide(tx, actor.user, request))) throw errors.notFound();
  if (request.requestedBy === actor.user.id || stored.row.authorId === actor.user.id) {
    throw errors.forbidden(t.errors.ownPost);
  }
  const latest = await latestPostVersion(tx, stored.row.id);
  if (version !== request.versionNumber || latest?.number !== request.versionNumber) {
    throw errors.conflict(t.errors.changedSince);
  }
  return { stored, request };
}

/**
 * Approves a waiting post: it is published now, or scheduled for its time,
 * as the approver; the author is told; the step is audited.
 */
export async function approvePost(
  ctx: ApprovalsContext,
  actor: Actor,
  key: string,
  version: number,
): Promise<number> {
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    const { stored, request } = await lockedRequestFor(tx, actor, key, version);
    const status = effectiveStatus('publish', stored.row.publishedDate?.toISOString() ?? null, now);
    const row = await updatePostRow(tx, stored.row.id, {
      status,
      ...(status === 'publish' && !stored.row.publishedDate ? { publishedDate: now } : {}),
    });
    await refreshFeed(tx, [row.id]);
    await recordPostVersions(tx, [row.id], {
      at: now,
      by: actor.user.id,
      event: status === 'publish' ? 'published' : 'scheduled',
    });
    await decideRequest(tx, request.id, {
      state: 'approved',
      decidedBy: actor.user.id,
      decidedAt: now,
    });
    if (status === 'publish') await notifyPublished(tx, ctx.jobs, ctx.siteOrigin, [row.id]);
    await tellTheAuthor(ctx, tx, actor, request, {
      subject: format(t.mail.approvedSubject, { title: row.title }),
      text: (approver) =>
        format(t.mail.approvedText, {
          approver,
          title: row.title,
          when:
            status === 'publish'
              ? ''
              : ` från ${row.publishedDate!.toLocaleString('sv-SE', { timeZone: 'Europe/Stockholm' })}`,
          url: addressOf(ctx.siteOrigin, row),
        }),
    });
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.approved',
      entityType: 'post',
      entityId: row.id,
      after: { version: request.versionNumber, status },
      requestId: actor.requestId,
    });
    return row.id;
  });
  wakeNotifications(ctx.jobs);
  return id;
}

/** Sends a waiting post back to its author with the approver's comment: it becomes a draft. */
export async function sendBackPost(
  ctx: ApprovalsContext,
  actor: Actor,
  key: string,
  input: { version: number; comment: string },
): Promise<number> {
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    const { stored, request } = await lockedRequestFor(tx, actor, key, input.version);
    const row = await updatePostRow(tx, stored.row.id, { status: 'draft' });
    await refreshFeed(tx, [row.id]);
    await recordPostVersions(tx, [row.id], { at: now, by: actor.user.id, event: 'saved' });
    await decideRequest(tx, request.id, {
      state: 'returned',
      decidedBy: actor.user.id,
      decidedAt: now,
      comment: input.comment,
    });
    await tellTheAuthor(ctx, tx, actor, request, {
      subject: format(t.mail.returnedSubject, { title: row.title }),
      text: (approver) =>
        format(t.mail.returnedText, {
          approver,
          title: row.title,
          comment: input.comment,
          url: `${ctx.siteOrigin.replace(/\/+$/, '')}/skapa-innehall/${row.id}`,
        }),
    });
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.returned',
      entityType: 'post',
      entityId: row.id,
      after: { version: request.versionNumber, comment: input.comment },
      requestId: actor.requestId,
    });
    return row.id;
  });
  ctx.jobs.wake(fanOutQueue);
  return id;
}

async function tellTheAuthor(
  ctx: ApprovalsContext,
  tx: Executor,
  actor: Actor,
  request: ApprovalRequestRow,
  message: { subject: string; text: (approver: string) => string },
) {
  if (request.requestedBy === null) return;
  // A mail that may be read anywhere: the approver named as one who may see no one would.
  const names = await shownNamesOf(tx, seenByNoOne, [actor.user.id]);
  await tellAboutApproval(tx, ctx.jobs, {
    subject: message.subject,
    text: message.text(names.get(actor.user.id) ?? ''),
    userIds: [request.requestedBy],
    createdBy: actor.user.id,
  });
}
