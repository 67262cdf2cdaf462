import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

/**
 * Shutting down while a worker is fetching: pg-boss counts only jobs it has
 * handed out as running, so the job such a fetch takes must still run and
 * its end be written before the database closes.
 */
describe('stopping the job service', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('lets the job of a fetch under way run and be marked done before the database closes', async () => {
    const events: string[] = [];
    const t = await createTestApp({
      demo: false,
      beforeReady: (app) =>
        app.jobs.define({
          name: 'test.fetched-while-stopping',
          retryLimit: 0,
          backoff: false,
          expireInSeconds: 60,
          handler: async () => {
            events.push('started');
            await delay(50);
            events.push('finished');
          },
        }),
    });
    // Every later fetch of a job is slow, so the stop below comes while one is under way.
    const executeSql = t.database.executeSql;
    let jobId: string | null = null;
    t.database.executeSql = async (text, values) => {
      if (text.includes('FOR UPDATE SKIP LOCKED')) await delay(300);
      const answer = executeSql(text, values);
      const ids = values?.[1];
      if (/state = 'completed'/i.test(text) && Array.isArray(ids) && ids.includes(jobId)) {
        answer.then(
          () => events.push('marked done'),
          () => events.push('marking failed'),
        );
      }
      return answer;
    };
    jobId = await t.app.jobs.send('test.fetched-while-stopping', {});
    await delay(100);
    await t.close();
    await delay(50);

    expect(events).toEqual(['started', 'finished', 'marked done']);
    expect(unhandled).toEqual([]);
  });
});
