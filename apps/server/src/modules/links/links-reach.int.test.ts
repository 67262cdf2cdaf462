import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../../test/harness';
import { loadAudience } from '../audience/audience.repo';
import { defaultLinkSort, listLinks } from './links.repo';

/**
 * Who a tool reaches is decided from the tools' catalog for GetLinks and the
 * reader's own list (links-catalog.ts `toolsReaching`), and in SQL elsewhere
 * (`visibleTo`): for every kind of demo reader, both give the same tools.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const readers = [
  'anna.larsson',
  'anna.larsson.vh',
  'johan.berg',
  'elsa.nilsson',
  'leo.nilsson',
  'karin.nilsson',
  'eva.andersson',
  'sven.svensson',
];

describe('the tools that reach a reader', () => {
  it.each(readers)('are the same from the catalog as from SQL for %s', async (username) => {
    const cookie = await signInAs(t.app, username);
    const me = await t.app.inject({ method: 'GET', url: '/api/core/v1/user', headers: { cookie } });
    const audience = await loadAudience(t.db, me.json().id);
    for (const scope of ['mine', 'available'] as const) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/core/v1/GetLinks',
        headers: { cookie },
        payload: { scope, perPage: 100 },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const { items, total } = await listLinks(t.db, audience, scope, {}, defaultLinkSort, {
        page: 1,
        perPage: 100,
      });
      expect(items.length).toBeGreaterThan(0);
      expect(answer.headers['x-pagination-total']).toBe(String(total));
      expect(
        answer
          .json()
          .map((tool: Record<string, unknown>) => [
            tool.id,
            tool.created,
            tool.updated,
            tool.userSort,
            tool.linkSort,
            tool.optional,
            tool.mediaId,
            tool.inMyList,
          ]),
      ).toEqual(
        items.map((item) => [
          item.row.id,
          item.row.createdAt.toISOString(),
          item.row.updatedAt.toISOString(),
          item.userSort,
          item.row.linkSort,
          item.row.optional,
          item.row.mediaId,
          !item.row.optional || item.chosen,
        ]),
      );
      if (scope === 'mine')
        expect(me.json().links.map((tool: { id: number }) => tool.id)).toEqual(
          items.map((item) => item.row.id),
        );
    }
  });
});
