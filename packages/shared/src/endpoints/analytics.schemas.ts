import { analyticsConfig, pageViewQuery, pageViewRequest, pageViewRow } from '../schemas/site';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * Cookie-less page-view counts (spec §9); the routes are in ./analytics.ts.
 * They are outside the signed-in group (a visitor's page counts without a
 * session), so each names its refusals.
 */
export const analyticsSchemas = endpointSchemas('analytics', {
  config: {
    summary: 'Om sidvisningar räknas på den här adressen',
    response: analyticsConfig,
  },
  pageView: {
    summary: 'Räkna en sidvisning',
    body: pageViewRequest,
    response: z.null(),
    status: 204,
    errors: [400, 429],
  },
  pageViews: {
    summary: 'Sidvisningar per dag och sida (administratörer)',
    query: pageViewQuery,
    response: z.array(pageViewRow),
    errors: [400, 401, 403],
  },
});
