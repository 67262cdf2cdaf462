import { approvalEndpoints, approvalRuleEndpoints } from '@skolportalen/shared/endpoints/approvals';
import {
  approvalRuleSchemas,
  approvalSchemas,
} from '@skolportalen/shared/endpoints/approvals.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { can } from '../../identity/authorize';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { sessionPostAudience } from '../audience/session-audience';
import { presentPost } from '../posts/post-present';
import { findVisiblePost } from '../posts/posts.repo';
import { postsPolicy } from '../posts/posts.policy';
import {
  createApprovalRule,
  listApprovalRules,
  removeApprovalRule,
  updateApprovalRule,
} from './approval-rules.service';
import { latestRequest } from './approval-requests.repo';
import {
  approvalQueue,
  approvePost,
  presentApproval,
  sendBackPost,
  type ApprovalsContext,
} from './approvals.service';
import { approvalNeeded, approversOf } from './approval-gate';
import { identityScopeOf } from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
import { findRule } from './approval-rules.repo';

/** `/api/core/v1`: approving posts before they are published, and the rules (issue 29). */
export async function approvalRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db } = deps;
  const ctx: ApprovalsContext = {
    db,
    jobs: deps.jobs,
    siteOrigin: deps.config.siteOrigin,
    now: deps.clock,
  };

  /** A post as its approver reads it: whatever its audience, since deciding on it is their job. */
  async function presentAny(request: FastifyRequest, id: number) {
    const { user } = authOf(request);
    const audience = await sessionPostAudience(db, request);
    const row = await findVisiblePost(db, { audience, listAll: true }, String(id));
    if (!row) throw errors.notFound();
    return presentPost(db, user, row, { audience, now: ctx.now() });
  }

  /** The post's approval to its editors, and to its approvers; 404 to anyone else. */
  async function stateFor(request: FastifyRequest, key: string) {
    const { user } = authOf(request);
    const audience = await sessionPostAudience(db, request);
    const row = await findVisiblePost(db, { audience, listAll: true }, key);
    if (!row) throw errors.notFound();
    const { post } = row;
    const editor = can(user, postsPolicy.edit, {
      type: post.type,
      status: post.status,
      authorId: post.authorId,
      editorIds: row.editorIds,
    });
    const latest = await latestRequest(db, post.id);
    if (!editor) {
      const rule = latest?.ruleId ? await findRule(db, latest.ruleId) : undefined;
      const approvers = rule ? await approversOf(db, rule, { postId: post.id }) : [];
      if (!approvers.includes(user.id)) throw errors.notFound();
    }
    return latest ? presentApproval(db, user, latest) : null;
  }

  registerEndpoints(app, approvalEndpoints, approvalSchemas, {
    queue: {
      config: { readOnly: true },
      handler: async (request, reply) => {
        const { user } = authOf(request);
        const { requests, total } = await approvalQueue(db, user, request.query);
        reply.headers(paginationTotal(total));
        const items = [];
        for (const pending of requests) {
          items.push({
            post: await presentAny(request, pending.postId),
            approval: await presentApproval(db, user, pending),
          });
        }
        return items;
      },
    },
    check: {
      config: { readOnly: true },
      handler: async (request) => {
        const { user } = authOf(request);
        const needed = await approvalNeeded(db, { ...request.body, actorId: user.id });
        if (!needed) return { required: false, rule: null, approvers: [] };
        const names = await shownNamesOf(db, await identityScopeOf(db, user), needed.approverIds);
        return {
          required: true,
          rule: { id: needed.rule.id, name: needed.rule.name },
          approvers: needed.approverIds.flatMap((id) =>
            names.has(id) ? [{ id, name: names.get(id)! }] : [],
          ),
        };
      },
    },
    state: {
      config: { readOnly: true },
      handler: async (request) => stateFor(request, request.params.id),
    },
    approve: async (request) =>
      presentAny(
        request,
        await approvePost(ctx, actorOf(request), request.params.id, request.body.version),
      ),
    sendBack: async (request) =>
      presentAny(
        request,
        await sendBackPost(ctx, actorOf(request), request.params.id, request.body),
      ),
  });

  registerEndpoints(app, approvalRuleEndpoints, approvalRuleSchemas, {
    list: {
      config: { readOnly: true },
      handler: async (request) => listApprovalRules(db, authOf(request).user),
    },
    create: async (request) => createApprovalRule(db, actorOf(request), request.body),
    update: async (request) =>
      updateApprovalRule(db, actorOf(request), request.params.id, request.body),
    remove: async (request) => removeApprovalRule(db, actorOf(request), request.params.id),
  });
}
