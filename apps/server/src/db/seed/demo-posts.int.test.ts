import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, feedTitles } from '../../../test/posts-helpers';
import { seedDemoMunicipality } from './demo-municipality';
import { seedDemoPosts } from './demo-posts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const { nodeByRef, userIds } = await seedDemoMunicipality(t.db);
  await seedDemoPosts(t.db, nodeByRef, userIds);
});
afterAll(() => t.close());

describe('demo posts', () => {
  it('reach each demo reader by school, class and role', async () => {
    const elsa = await feedTitles(await clientFor(t, 'elsa.nilsson'));
    expect(elsa).toContain('Utflykt till Naturhistoriska museet med 3A');
    expect(elsa).toContain('Studiedag fredag – eleverna är lediga');
    expect(elsa).not.toContain('Engelskaprov i 8B vecka 49');
    expect(elsa).not.toContain('Vattenläcka – Lindängsskolan håller stängt i dag');
    expect(elsa).not.toContain('Kompetensutvecklingsdag för lärare');
    expect(elsa).not.toContain('Vårterminens schema');
    expect(elsa).not.toContain('Julavslutning i Ekbackens kyrka');

    const leo = await feedTitles(await clientFor(t, 'leo.nilsson'));
    expect(leo).toContain('Vattenläcka – Lindängsskolan håller stängt i dag');
    expect(leo).toContain('Engelskaprov i 8B vecka 49');
    expect(leo).not.toContain('Utflykt till Naturhistoriska museet med 3A');

    // A guardian is reached through the groups of each child.
    const karin = await feedTitles(await clientFor(t, 'karin.nilsson'));
    expect(karin).toEqual(
      expect.arrayContaining([
        'Utflykt till Naturhistoriska museet med 3A',
        'Engelskaprov i 8B vecka 49',
        'Vattenläcka – Lindängsskolan håller stängt i dag',
        'Elevhälsan',
      ]),
    );

    const anna = await clientFor(t, 'anna.larsson');
    expect(await feedTitles(anna)).toContain('Kompetensutvecklingsdag för lärare');
    const mine = await anna('GET', '/api/core/v1/my-post?perPage=100');
    const statuses = Object.fromEntries(
      (mine.json() as { title: string; status: string }[]).map((post) => [post.title, post.status]),
    );
    expect(statuses['Vårterminens schema']).toBe('draft');
    expect(statuses['Julavslutning i Ekbackens kyrka']).toBe('future');
    // Anna is an assigned editor of Sara's post.
    expect(statuses['Kompetensutvecklingsdag för lärare']).toBe('publish');
  });

  it('places pages on the start page and keeps the order (pinned first)', async () => {
    const sara = await clientFor(t, 'sara.ekstrom');
    const top = await feedTitles(sara, { pagePlacement: ['start-top'] });
    expect(top).toEqual(['Välkommen till Skolportalen']);
    const elsa = await feedTitles(await clientFor(t, 'elsa.nilsson'), { type: ['pinned-news'] });
    expect(elsa).toEqual(['Elevhälsan']);
  });
});
