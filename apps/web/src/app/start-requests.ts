import {
  feedPageSize,
  newsFeedRequest,
  placementRequest,
  startNoticesRequest,
} from '@/features/content/api/start-requests';
import { toolsListBody } from '@/features/tools/api/tools-request';
import type { EarlyRequest } from '@/lib/early-requests';
import { apiPaths } from '@/lib/paths';

/**
 * What the start page's first screen asks for, exactly as the app asks
 * (start-prefetch.ts): the user, the frame's session, bell and role picker,
 * the notices, placed pages, first page of news, and the tools.
 */
export function startPageRequests(): EarlyRequest[] {
  return [
    { method: 'GET', url: apiPaths.currentUser() },
    { method: 'GET', url: apiPaths.session() },
    { method: 'GET', url: apiPaths.notificationDate() },
    { method: 'GET', url: apiPaths.relatedAccounts() },
    { method: 'POST', url: apiPaths.getPosts(), body: startNoticesRequest },
    { method: 'POST', url: apiPaths.getPosts(), body: placementRequest },
    { method: 'POST', url: apiPaths.getPosts(), body: newsFeedRequest(1, feedPageSize) },
    { method: 'POST', url: apiPaths.getLinks(), body: toolsListBody({}) },
  ];
}
