import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('shows a file under a kilobyte in bytes, not as "1 kB"', () => {
    expect(formatFileSize(0)).toBe('0 byte');
    expect(formatFileSize(200)).toBe('200 byte');
    expect(formatFileSize(1023)).toBe('1 023 byte'.replace(' ', '\u00a0'));
  });

  it('writes kilobytes and megabytes with a Swedish decimal comma', () => {
    expect(formatFileSize(1024)).toBe('1 kB');
    expect(formatFileSize(1536)).toBe('1,5 kB');
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2,4 MB');
  });
});
