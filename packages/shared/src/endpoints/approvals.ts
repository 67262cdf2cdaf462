import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { approvalRuleSchemas, approvalSchemas } from './approvals.schemas';

/** `/api/core/v1`: approving posts before they are published (issue 29). */
export const approvalEndpoints = declareEndpoints<typeof approvalSchemas>()(apiRoots.core, {
  queue: 'GET /approval',
  check: 'POST /approval/check',
  state: 'GET /post/:id/approval',
  approve: 'POST /post/:id/approve',
  sendBack: 'POST /post/:id/return',
});

/** `/api/core/v1/approval-rule`: which posts need approval, and who approves (administrators). */
export const approvalRuleEndpoints = declareEndpoints<typeof approvalRuleSchemas>()(apiRoots.core, {
  list: 'GET /approval-rule',
  create: 'POST /approval-rule',
  update: 'PUT /approval-rule/:id',
  remove: 'DELETE /approval-rule/:id',
});
