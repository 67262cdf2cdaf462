import { postKeyParams } from '../schemas/post';
import {
  postReviewInput,
  postReviewResponse,
  reviewListParams,
  reviewListQuery,
  reviewListResponse,
  reviewSchoolsResponse,
} from '../schemas/review';
import { endpointSchemas } from './endpoint';

/**
 * Owners and review dates (issue 29, decision 0045); the routes are in
 * ./reviews.ts. A post's review is for those who may edit it; a school's
 * list for the escalation role at that school (REVIEW_ESCALATION_ROLE) and
 * holders of manage_content_reviews.
 */
export const reviewSchemas = endpointSchemas('post', {
  state: {
    summary: 'Inläggets ansvarige och datum för nästa granskning',
    params: postKeyParams,
    response: postReviewResponse,
  },
  update: {
    summary:
      'Byt ansvarig (någon som får redigera inlägget) eller datum för nästa granskning; börjar en ny granskningsperiod',
    params: postKeyParams,
    body: postReviewInput,
    response: postReviewResponse,
  },
  reviewed: {
    summary: 'Markera inlägget som granskat: nästa granskning flyttas fram en period',
    params: postKeyParams,
    response: postReviewResponse,
  },
  schools: {
    summary: 'Skolorna vars innehåll att granska man får se, med antal per lista',
    response: reviewSchoolsResponse,
  },
  list: {
    summary:
      'En skolas innehåll att granska: snart (due), försenat (overdue) eller utan ansvarig (unowned) (x-pagination-total)',
    params: reviewListParams,
    query: reviewListQuery,
    response: reviewListResponse,
  },
});
