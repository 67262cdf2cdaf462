import { describe, expect, it } from 'vitest';
import { missingNodeFlags, portalNodeFlags } from './node-flags';

describe('the portal’s node flags', () => {
  it('are missing when node was started without them', () => {
    expect(missingNodeFlags([])).toEqual([...portalNodeFlags]);
    expect(missingNodeFlags(['--import', 'tsx'], '--enable-source-maps')).toEqual([
      ...portalNodeFlags,
    ]);
  });

  it('count from node’s own arguments or from NODE_OPTIONS', () => {
    expect(missingNodeFlags([...portalNodeFlags])).toEqual([]);
    expect(missingNodeFlags(['--import', 'tsx'], ` ${portalNodeFlags.join('  ')} `)).toEqual([]);
  });

  it('count only when given whole: another size is not the portal’s', () => {
    expect(missingNodeFlags(['--max-semi-space-size=16'])).toEqual([...portalNodeFlags]);
  });
});
