import { describe, expect, it } from 'vitest';
import type { BlockFrame } from '@/lib/responsive-image';
import { courseContentFrame } from './course-content-frame';

const widthAt = (frame: BlockFrame, viewport: number) => {
  const step = frame.find((candidate) => candidate.minWidth <= viewport)!;
  return (viewport * step.vw) / 100 + step.px;
};

/** The course page's layout worked out directly: the page, its padding, the grid's share and gap. */
function contentWidth(viewport: number) {
  const page = Math.min(viewport, 1500) - (viewport >= 600 ? 48 : 32);
  const twelfths = viewport >= 1200 ? 8 : viewport >= 900 ? 7 : 12;
  return (page * twelfths) / 12 - (1 - twelfths / 12) * 24;
}

describe('the width of a course page’s content', () => {
  it('follows the page’s grid from a phone to a wide screen', () => {
    for (const viewport of [360, 599, 600, 899, 900, 1199, 1200, 1499, 1500, 1920]) {
      expect(Math.abs(widthAt(courseContentFrame, viewport) - contentWidth(viewport))).toBeLessThan(
        1,
      );
    }
  });
});
