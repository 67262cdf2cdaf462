import {
  approvalCheckInput,
  approvalCheckResponse,
  approvalQueueQuery,
  approvalQueueResponse,
  approvalRuleInput,
  approvalRuleListResponse,
  approvalRuleResponse,
  approvalStateOrNone,
  approveInput,
  returnInput,
} from '../schemas/approval';
import { idParams, okBody } from '../schemas/common';
import { postKeyParams, postResponse } from '../schemas/post';
import { endpointSchemas } from './endpoint';

/**
 * Approval before publishing (issue 29); the routes are in ./approvals.ts.
 * Acting on a post that changed since it was read, or that another approver
 * already decided, is a 409.
 */
export const approvalSchemas = endpointSchemas('post', {
  queue: {
    summary: 'Inlägg som väntar på mitt godkännande, äldsta först (x-pagination-total)',
    query: approvalQueueQuery,
    response: approvalQueueResponse,
  },
  check: {
    summary:
      'Om ett inlägg med den typen och de grupperna väntar på godkännande när det publiceras, och vem som godkänner',
    body: approvalCheckInput,
    response: approvalCheckResponse,
  },
  state: {
    summary: 'Var inlägget står med sitt godkännande (null om det aldrig skickats)',
    params: postKeyParams,
    response: approvalStateOrNone,
  },
  approve: {
    summary: 'Godkänn inlägget: det publiceras nu eller vid sin tid',
    params: postKeyParams,
    body: approveInput,
    response: postResponse,
    errors: [409],
  },
  sendBack: {
    summary: 'Skicka tillbaka inlägget till författaren med en kommentar',
    params: postKeyParams,
    body: returnInput,
    response: postResponse,
    errors: [409],
  },
});

export const approvalRuleSchemas = endpointSchemas('post', {
  list: {
    summary: 'Reglerna för vilket innehåll som ska godkännas',
    response: approvalRuleListResponse,
  },
  create: {
    summary: 'Lägg till en regel för godkännande',
    body: approvalRuleInput,
    response: approvalRuleResponse,
    status: 201,
  },
  update: {
    summary: 'Ändra en regel för godkännande',
    params: idParams,
    body: approvalRuleInput,
    response: approvalRuleResponse,
  },
  remove: {
    summary: 'Ta bort en regel för godkännande',
    params: idParams,
    response: okBody,
  },
});
