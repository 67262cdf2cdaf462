import { describe, expect, it } from 'vitest';
import { weekdayDateTime } from './dates';

describe('a deadline at a glance', () => {
  it('names the weekday and writes the time with a point, in Swedish time', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(weekdayDateTime('2026-12-04T11:00:00.000Z', now)).toBe(
      'fredag 4 december kl.\u00a012.00',
    );
    // Summer time: 06:30 UTC is 08.30 in Stockholm.
    expect(weekdayDateTime('2026-06-01T06:30:00.000Z', now)).toBe('måndag 1 juni kl.\u00a008.30');
  });

  it('adds the year when it is not this year, and says nothing of no date', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(weekdayDateTime('2027-01-08T13:15:00.000Z', now)).toBe(
      'fredag 8 januari 2027 kl.\u00a014.15',
    );
    expect(weekdayDateTime(null, now)).toBe('');
  });
});
