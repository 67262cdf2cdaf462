import { describe, expect, it } from 'vitest';
import { reminderInWords } from './reminder-words';

describe('a reminder in words', () => {
  it('says hours under a day, whole days as dygn, and both in between', () => {
    expect(reminderInWords(1)).toBe('1 timme före');
    expect(reminderInWords(5)).toBe('5 timmar före');
    expect(reminderInWords(24)).toBe('1 dygn före');
    expect(reminderInWords(72)).toBe('3 dygn före');
    expect(reminderInWords(25)).toBe('1 dygn och 1 timme före');
    expect(reminderInWords(51)).toBe('2 dygn och 3 timmar före');
  });

  it('says nothing of what is not a whole positive number of hours', () => {
    expect(reminderInWords(0)).toBeNull();
    expect(reminderInWords(Number.NaN)).toBeNull();
    expect(reminderInWords(1.5)).toBeNull();
  });
});
