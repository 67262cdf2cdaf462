import {
  sv,
  type AcknowledgementChannel,
  type AcknowledgementState,
  type MyAcknowledgement,
} from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import type { Actor } from '../../identity/actor';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize, can } from '../../identity/authorize';
import { identityScopeOf } from '../../identity/protected-identity';
import type { PostViewer } from '../audience/post-visibility';
import { recordAudit } from '../audit/audit.repo';
import {
  childNamesOf,
  myAcknowledgementOf,
  postsReachingOwnSchools,
  readerPostStates,
  type ReaderPostState,
} from '../posts/post-acknowledgement-state';
import { accessFacts } from '../posts/post-present';
import { markRead } from '../posts/post-writes.repo';
import { postsPolicy } from '../posts/posts.policy';
import { findVisiblePost, type DetailedPostRow } from '../posts/posts.repo';
import { acknowledgementRows, acknowledgementSummaryOf } from './acknowledgement-report.repo';
import { insertAcknowledgements } from './acknowledgements.repo';

const e = sv.acknowledgements.errors;

export interface AcknowledgementsContext {
  db: Database;
  now: () => Date;
}

const notMustRead = () => new AppError(409, 'NOT_MUST_READ', e.notMustRead);

/** A 422 that names the field, so a form can show it there. */
const refusedChildren = (code: string, message: string) =>
  new AppError(422, code, message, [{ field: 'childIds', message }]);

/**
 * What one confirmation records (decision 0040): a guardian the post reached
 * through children confirms for the named children, each one reached, or for
 * every child reached when none is named; a reader reached themselves
 * confirms for themselves (null). Anyone else is no recipient.
 */
function confirmationsFor(
  state: ReaderPostState | undefined,
  childIds: readonly number[] | undefined,
): (number | null)[] {
  if (state && state.childIds.length > 0) {
    if (!childIds) return [...state.childIds];
    if (childIds.some((id) => !state.childIds.includes(id))) {
      throw refusedChildren('NOT_OWN_CHILD', e.notOwnChild);
    }
    return [...childIds];
  }
  if (state?.self) {
    if (childIds) throw refusedChildren('CHILDREN_NOT_EXPECTED', e.childrenNotExpected);
    return [null];
  }
  throw new AppError(422, 'NOT_RECIPIENT', e.notRecipient);
}

async function myStateNow(
  db: Executor,
  user: AuthUser,
  viewer: PostViewer,
  post: DetailedPostRow['post'],
  now: Date,
): Promise<MyAcknowledgement | null> {
  const states = await readerPostStates(db, viewer.audience, [post.id]);
  const names = await childNamesOf(db, user, states.values());
  return myAcknowledgementOf(states.get(post.id), { userId: user.id, now }, names);
}

/**
 * POST /post/{id}/acknowledge: the reader confirms a must-read post they may
 * read. Each confirmation is recorded once however often (or however many
 * times at once) it is sent; what it records is audited, and the post counts
 * as opened. Refused with nothing written: a post they may not read (404),
 * one that asks for no confirmation or is not published (409), a child not
 * theirs or not reached, or a post that asks nothing of them (422).
 */
export async function acknowledgePost(
  ctx: AcknowledgementsContext,
  actor: Actor,
  viewer: PostViewer,
  key: string,
  childIds: readonly number[] | undefined,
  via: AcknowledgementChannel = 'portal',
) {
  const now = ctx.now();
  const { post, recorded } = await ctx.db.transaction(async (tx) => {
    const row = await findVisiblePost(tx, viewer, key);
    if (!row) throw errors.notFound();
    if (!row.post.requiresAcknowledgement) throw notMustRead();
    if (row.post.status !== 'publish') {
      throw new AppError(409, 'NOT_PUBLISHED', e.notPublished);
    }
    const states = await readerPostStates(tx, viewer.audience, [row.post.id]);
    const wanted = confirmationsFor(states.get(row.post.id), childIds);
    const inserted = await insertAcknowledgements(tx, {
      postId: row.post.id,
      userId: actor.user.id,
      childIds: wanted,
      via,
      at: now,
    });
    if (inserted.length > 0) {
      await markRead(tx, row.post.id, actor.user.id, now);
      await recordAudit(tx, {
        actorUserId: actor.user.id,
        realUserId: actor.realUserId,
        action: 'post.acknowledge',
        entityType: 'post',
        entityId: row.post.id,
        after: {
          childIds: inserted.filter((id): id is number => id !== null),
          forThemselves: inserted.includes(null),
          via,
        },
        requestId: actor.requestId,
      });
    }
    return { post: row.post, recorded: inserted.length };
  });
  const myAcknowledgement = await myStateNow(ctx.db, actor.user, viewer, post, now);
  // The confirmation was just checked against what the post asks of the reader.
  if (!myAcknowledgement) throw errors.notFound();
  return { postId: post.id, recorded, myAcknowledgement };
}

/**
 * The post whose report is asked for, if the viewer may read it: its author
 * and editors, a rektor of a school it reaches, administrators. Someone who
 * may not even read the post is told it does not exist; a post that asks for
 * no confirmation has no report (409).
 */
async function reportedPost(db: Executor, user: AuthUser, viewer: PostViewer, key: string) {
  const row = await findVisiblePost(db, { ...viewer, listAll: true }, key);
  if (!row) throw errors.notFound();
  const facts = accessFacts(row);
  const reachesOwnSchool =
    user.isSchoolResponsible &&
    !can(user, postsPolicy.edit, facts) &&
    (await postsReachingOwnSchools(db, user.id, [row.post.id])).has(row.post.id);
  const report = { ...facts, reachesOwnSchool };
  if (!can(user, postsPolicy.readAcknowledgements, report)) {
    if (!viewer.listAll && !(await findVisiblePost(db, viewer, key))) throw errors.notFound();
    authorize(user, postsPolicy.readAcknowledgements, report);
  }
  if (!row.post.requiresAcknowledgement) throw notMustRead();
  return row.post;
}

export interface ReportRequest {
  nodeId?: number;
  role?: string;
  state?: AcknowledgementState;
  page?: { page: number; perPage: number };
}

/** GET /post/{id}/acknowledgements: the rows, a page of them or (for the CSV) all. */
export async function acknowledgementReport(
  ctx: AcknowledgementsContext,
  user: AuthUser,
  viewer: PostViewer,
  key: string,
  request: ReportRequest,
) {
  const post = await reportedPost(ctx.db, user, viewer, key);
  const scope = await identityScopeOf(ctx.db, user);
  const { page, ...filters } = request;
  const result = await acknowledgementRows(ctx.db, scope, post.id, ctx.now(), filters, page);
  return { post, ...result };
}

/** GET /post/{id}/acknowledgement-summary. */
export async function acknowledgementSummary(
  ctx: AcknowledgementsContext,
  user: AuthUser,
  viewer: PostViewer,
  key: string,
) {
  const post = await reportedPost(ctx.db, user, viewer, key);
  return acknowledgementSummaryOf(ctx.db, post, post.acknowledgeBy, ctx.now());
}
