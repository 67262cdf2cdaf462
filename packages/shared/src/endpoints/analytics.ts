import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { analyticsSchemas } from './analytics.schemas';

/** `/api/portal-service/v1/analytics`: whether pages are counted here, counting one, the counts. */
export const analyticsEndpoints = declareEndpoints<typeof analyticsSchemas>()(apiRoots.portal, {
  config: 'GET /analytics/config',
  pageView: 'POST /analytics/pageview',
  pageViews: 'GET /analytics/pageviews',
});
