import { describe, expect, it, vi } from 'vitest';
import type { Executor } from '../db/client';
import type { AuthContext } from '../identity/authenticate';
import { countersFor, feedCounterFor } from './kept-answers';

/** A database that answers the counters statement, and counts how often it is asked. */
function countersDatabase() {
  const execute = vi.fn(async () => ({
    rows: [{ content: 'content-read', links: 'links-read', mine: 'mine-read' }],
  }));
  return { db: { execute } as unknown as Executor, execute };
}

const reader = (fields: Partial<AuthContext>) =>
  ({ user: { id: 7 }, ...fields }) as unknown as AuthContext;

describe('the counters a kept answer is stamped with', () => {
  it('are those read with a session’s first request, for its own account, without another statement', async () => {
    const { db, execute } = countersDatabase();
    const auth = reader({
      counters: { content: '11', links: '12', feed: '14', mine: '13', userId: 7 },
    });
    expect(await countersFor(db, auth, 'content')).toEqual({ data: '11', mine: '13' });
    expect(await countersFor(db, auth, 'links')).toEqual({ data: '12', mine: '13' });
    expect(await feedCounterFor(db, auth)).toBe('14');
    expect(execute).not.toHaveBeenCalled();
  });

  it('are read again for another account than the one they were read for', async () => {
    const { db, execute } = countersDatabase();
    const auth = reader({
      counters: { content: '11', links: '12', feed: '14', mine: '13', userId: 8 },
    });
    expect(await countersFor(db, auth, 'links')).toEqual({ data: 'links-read', mine: 'mine-read' });
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('are the route’s own, read with the session counter, where the route has them', async () => {
    const { db, execute } = countersDatabase();
    const auth = reader({
      stamp: { scope: 'links', userId: 7, data: '21', mine: '23' },
      counters: { content: '11', links: '12', feed: '14', mine: '13', userId: 7 },
    });
    expect(await countersFor(db, auth, 'links')).toEqual(
      expect.objectContaining({ data: '21', mine: '23' }),
    );
    expect(await countersFor(db, auth, 'content')).toEqual({ data: '11', mine: '13' });
    expect(execute).not.toHaveBeenCalled();
  });

  it('are read once per request when nothing was read with the session', async () => {
    const { db, execute } = countersDatabase();
    const auth = reader({});
    expect(await countersFor(db, auth, 'content')).toEqual({
      data: 'content-read',
      mine: 'mine-read',
    });
    expect(await countersFor(db, auth, 'links')).toEqual({ data: 'links-read', mine: 'mine-read' });
    expect(execute).toHaveBeenCalledTimes(1);
  });
});
