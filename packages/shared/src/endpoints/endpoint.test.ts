import { describe, expect, it } from 'vitest';
import { firstScreenUrls } from '../start-page';
import { commentEndpoints } from './comments';
import { endpointUrl } from './endpoint';
import { favoriteEndpoints } from './favorites';
import { likeEndpoints } from './likes';
import { notificationSendingEndpoints } from './notification-sending';
import { notificationEndpoints } from './notifications';

describe('declared endpoints', () => {
  it('split each route line into its method and its path under the root', () => {
    expect(likeEndpoints.unlike).toEqual({
      method: 'DELETE',
      root: '/api/core/v1',
      path: '/like/:id',
    });
    expect(notificationEndpoints.setStatus).toEqual({
      method: 'POST',
      root: '/api/portal-service/v1',
      path: '/user/SetNotificationStatus',
    });
  });

  it('build the address of a call: parameters filled in, the query as the API reads it', () => {
    expect(endpointUrl(commentEndpoints.remove, { id: 12 })).toBe('/api/core/v1/comment/12');
    expect(endpointUrl(commentEndpoints.list, undefined, { postId: 5, page: 2, perPage: 50 })).toBe(
      '/api/core/v1/comment?postId=5&page=2&perPage=50',
    );
    // Spaces and commas percent-encoded, as the spec's examples write a sort.
    expect(
      endpointUrl(favoriteEndpoints.list, undefined, {
        perPage: 9999,
        sort: 'sort DESC, updated DESC',
      }),
    ).toBe('/api/core/v1/favorite?perPage=9999&sort=sort%20DESC%2C%20updated%20DESC');
    // Lists as key[]=…, empty values left out.
    expect(
      endpointUrl(notificationSendingEndpoints.outbox, undefined, {
        status: ['failed', 'kept'],
        notificationId: undefined,
        page: '',
      }),
    ).toBe('/api/portal-service/v1/notification/outbox?status%5B%5D=failed&status%5B%5D=kept');
    expect(endpointUrl(notificationSendingEndpoints.recipients, { id: 3 }, { perPage: 9999 })).toBe(
      '/api/portal-service/v1/notification/history/3/recipient?perPage=9999',
    );
  });

  it('encode a path parameter that is text', () => {
    const byKey = { method: 'GET', root: '/api/core/v1', path: '/course/:key' } as const;
    expect(endpointUrl(byKey, { key: 'a/b c' })).toBe('/api/core/v1/course/a%2Fb%20c');
  });

  it("give the start page's early request the bell's own address", () => {
    expect(firstScreenUrls.notificationDate).toBe('/api/portal-service/v1/notification/date');
  });
});
