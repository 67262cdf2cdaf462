import type { ApprovalState, PostResponse } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createPost, nodeIdByName, roleCategory } from '../../../test/posts-helpers';
import { seedDemoApprovalRule } from './demo-approval-rule';

let t: TestContext;
let lindang: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  await seedDemoApprovalRule(t.db);
  lindang = await nodeIdByName(t, 'Lindängsskolan');
});
afterAll(() => t.close());

describe("the demo's approval rule", () => {
  it("sends a teacher's post to the whole of Lindängsskolan to its rektor, and him alone", async () => {
    const teacher = await clientFor(t, 'johan.berg');
    const post = await createPost(teacher, {
      title: 'Skoldans i aulan',
      nodeIds: [lindang],
      categoryIds: [roleCategory.student],
    });
    expect(post.status).toBe('pending');

    const state = await teacher('GET', `/api/core/v1/post/${post.id}/approval`);
    expect(state.statusCode, state.body).toBe(200);
    const approval = state.json() as ApprovalState;
    expect(approval.state).toBe('pending');
    expect(approval.approvers.map((person) => person.name)).toEqual(['Lars Berglund']);

    const queue = await (await clientFor(t, 'lars.berglund'))('GET', '/api/core/v1/approval');
    expect(queue.statusCode, queue.body).toBe(200);
    const titles = (queue.json() as { post: PostResponse }[]).map((item) => item.post.title);
    expect(titles).toContain('Skoldans i aulan');
  });

  it('lets a post to one class, and the rektor himself, publish at once', async () => {
    const teacher = await clientFor(t, 'johan.berg');
    const toClass = await createPost(teacher, {
      title: 'Engelska 8B: läxa',
      nodeIds: [await nodeIdByName(t, '8B')],
      categoryIds: [roleCategory.student],
    });
    expect(toClass.status).toBe('publish');

    const rektor = await clientFor(t, 'lars.berglund');
    const fromRektor = await createPost(rektor, {
      title: 'Välkomna tillbaka',
      nodeIds: [lindang],
      categoryIds: [roleCategory.student],
    });
    expect(fromRektor.status).toBe('publish');
  });
});
