import { describe, expect, it } from 'vitest';
import { courseDateTime, courseTimeSpan, swedishCalendarDate } from './course-time';

describe('course times in Swedish time', () => {
  it('writes one day with a time span, in Stockholm time (summer and winter)', () => {
    expect(courseTimeSpan('2026-11-24T12:00:00Z', '2026-11-24T15:00:00Z')).toBe(
      'tisdag 24 november 2026 kl. 13:00–16:00',
    );
    expect(courseDateTime('2026-06-01T06:30:00Z')).toBe('måndag 1 juni 2026 kl. 08:30');
  });

  it('writes both days when a course runs over several', () => {
    expect(courseTimeSpan('2026-11-24T08:00:00Z', '2026-11-25T15:00:00Z')).toBe(
      'tisdag 24 november 2026 kl. 09:00 – onsdag 25 november 2026 kl. 16:00',
    );
  });

  it('gives the Swedish calendar date of an instant late in the UTC day', () => {
    expect(swedishCalendarDate('2026-11-24T23:30:00Z')).toBe('2026-11-25');
    expect(courseTimeSpan(null, null)).toBe('');
  });
});
