import { afterEach, describe, expect, it, vi } from 'vitest';
import { missingNodeFlags, portalNodeFlags, warnOfMissingNodeFlags } from './node-flags';

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

describe('a production start without them', () => {
  const nodeOptions = process.env.NODE_OPTIONS;
  afterEach(() => {
    if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = nodeOptions;
  });
  // This test process was started without the portal's flags, whatever else it was given.
  const withoutFlags = () => {
    process.env.NODE_OPTIONS = (nodeOptions ?? '').replace(/--max-semi-space-size=\S+/g, '');
    expect(missingNodeFlags(process.execArgv, process.env.NODE_OPTIONS)).not.toEqual([]);
  };

  it('is logged as a warning that names the flags and the command', () => {
    withoutFlags();
    const log = { warn: vi.fn() };
    warnOfMissingNodeFlags('production', log);
    expect(log.warn).toHaveBeenCalledOnce();
    const [details, message] = log.warn.mock.calls[0]!;
    expect(details).toEqual({ missing: [...portalNodeFlags] });
    expect(message).toContain(`node ${portalNodeFlags.join(' ')} apps/server/dist/main.js`);
  });

  it('is not logged in development, nor when NODE_OPTIONS gives them', () => {
    withoutFlags();
    const log = { warn: vi.fn() };
    warnOfMissingNodeFlags('development', log);
    warnOfMissingNodeFlags(undefined, log);
    process.env.NODE_OPTIONS = portalNodeFlags.join(' ');
    warnOfMissingNodeFlags('production', log);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
