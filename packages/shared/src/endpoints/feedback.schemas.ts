import { idParams, okBody } from '../schemas/common';
import { feedbackItem, feedbackListQuery, feedbackRequest, feedbackUpdate } from '../schemas/site';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * The accessibility statement's feedback function; the routes are in
 * ./feedback.ts. They are outside the signed-in group (anyone may send), so
 * each names its refusals.
 */
export const feedbackSchemas = endpointSchemas('feedback', {
  send: {
    summary: 'Skicka en synpunkt om tillgänglighet',
    body: feedbackRequest,
    response: z.object({ id: z.number() }),
    status: 201,
    errors: [400, 403, 429],
  },
  list: {
    summary: 'Synpunkter (administratörer)',
    query: feedbackListQuery,
    response: z.array(feedbackItem),
    errors: [400, 401, 403],
  },
  setStatus: {
    summary: 'Markera en synpunkt som hanterad eller ny',
    params: idParams,
    body: feedbackUpdate,
    response: okBody,
    errors: [400, 401, 403, 404],
  },
});
