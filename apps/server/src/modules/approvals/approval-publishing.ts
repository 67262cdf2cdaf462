import { format, postUrl, sv, urlPrefixByType } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import { errors } from '../../http/errors';
import type { JobService } from '../../jobs/job-service';
import { recordAudit } from '../audit/audit.repo';
import { fanOutQueue, queueNotification } from '../notifications/notification-jobs';
import type { PublishingGate, PublishingRequest } from '../posts/publishing-gate';
import { seenByNoOne, shownNamesOf } from '../../identity/shown-names';
import { approvalNeeded } from './approval-gate';
import { insertRequest, withdrawPending } from './approval-requests.repo';

const t = sv.approvals;

/** Tells people about a post's approval: in the portal under the bell, and by e-mail. */
export async function tellAboutApproval(
  tx: Executor,
  jobs: JobService,
  message: { subject: string; text: string; userIds: number[]; createdBy: number },
) {
  if (message.userIds.length === 0) return;
  await queueNotification(tx, jobs, {
    subject: message.subject,
    text: message.text,
    audience: { nodeIds: [], categoryIds: [], userIds: message.userIds },
    createdBy: message.createdBy,
    source: 'approval',
  });
}

export function addressOf(
  siteOrigin: string,
  post: { type: PublishingRequest['type']; slug: string },
) {
  return `${siteOrigin.replace(/\/+$/, '')}${postUrl(post.type, post.slug, urlPrefixByType) ?? '/'}`;
}

/**
 * The approvals module's answer to every post write (issue 29): a write that
 * would publish a post a rule covers leaves it `pending` and asks the rule's
 * approvers — in the portal and by e-mail — with the version they are to
 * approve. Any write replaces a request still waiting.
 */
export function approvalGate(deps: { jobs: JobService; siteOrigin: string }): PublishingGate {
  return {
    async decide(tx, request) {
      await withdrawPending(tx, request.postId, request.now);
      const none = { status: request.status, recorded: async () => undefined };
      if (request.status !== 'publish' && request.status !== 'future') return none;
      const needed = await approvalNeeded(tx, {
        type: request.type,
        nodeIds: request.nodeIds,
        actorId: request.actor.user.id,
      });
      if (!needed) return none;
      if (needed.approverIds.length === 0) throw errors.conflict(t.errors.nobodyToApprove);
      return {
        status: 'pending',
        recorded: async (db: Executor, versionNumber: number) => {
          await insertRequest(db, {
            postId: request.postId,
            ruleId: needed.rule.id,
            requestedBy: request.actor.user.id,
            requestedAt: request.now,
            versionNumber,
          });
          // One mail to several approvers: the author named as one who may see no one would.
          const author = (await shownNamesOf(db, seenByNoOne, [request.actor.user.id])).get(
            request.actor.user.id,
          );
          await tellAboutApproval(db, deps.jobs, {
            subject: format(t.mail.requestSubject, { title: request.title }),
            text: format(t.mail.requestText, {
              author: author ?? '',
              title: request.title,
              url: `${deps.siteOrigin.replace(/\/+$/, '')}/profile/approval`,
            }),
            userIds: needed.approverIds,
            createdBy: request.actor.user.id,
          });
          await recordAudit(db, {
            actorUserId: request.actor.user.id,
            realUserId: request.actor.realUserId,
            action: 'post.approval-requested',
            entityType: 'post',
            entityId: request.postId,
            after: {
              ruleId: needed.rule.id,
              version: versionNumber,
              approverIds: needed.approverIds,
            },
            requestId: request.actor.requestId,
          });
        },
      };
    },
    afterCommit() {
      deps.jobs.wake(fanOutQueue);
    },
  };
}
