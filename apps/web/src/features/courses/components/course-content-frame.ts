import type { BlockFrame } from '@/lib/responsive-image';

/**
 * How wide a course's content is on its page (routes/course-route.tsx): the
 * whole page on a phone, 7 of 12 columns from 900 px and 8 from 1200 px, less
 * its part of the 24 px gap, inside the page's padding and its 1500 px.
 */
export const courseContentFrame: BlockFrame = [
  { minWidth: 1500, vw: 0, px: 960 },
  { minWidth: 1200, vw: 200 / 3, px: -40 },
  { minWidth: 900, vw: 175 / 3, px: -38 },
  { minWidth: 600, vw: 100, px: -48 },
  { minWidth: 0, vw: 100, px: -32 },
];
