import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { sharedLinkExpiry } from './shared-link-lifetime';

const now = new Date('2026-11-26T12:00:00Z');

describe('the lifetime of a shared link (issue 20 F10)', () => {
  it('is SHARED_LINK_DAYS when its maker names no end', () => {
    expect(sharedLinkExpiry(null, 30, now)).toEqual(new Date('2026-12-26T12:00:00Z'));
  });

  it('may be shorter but not longer', () => {
    const sooner = new Date('2026-12-01T22:59:59Z');
    expect(sharedLinkExpiry(sooner, 30, now)).toEqual(sooner);
    expect(() => sharedLinkExpiry(new Date('2026-12-27T00:00:00Z'), 30, now)).toThrow(AppError);
  });

  it('is until revoked with 0 days, unless an end is named', () => {
    expect(sharedLinkExpiry(null, 0, now)).toBeNull();
    const end = new Date('2030-01-01T00:00:00Z');
    expect(sharedLinkExpiry(end, 0, now)).toEqual(end);
  });
});
