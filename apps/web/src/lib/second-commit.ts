import { useDeferredValue } from 'react';

/**
 * False in a page's first commit and true in a second one that React makes
 * right after it. What a page draws only when this is true comes in its own
 * commit, so neither is a long task on a phone (issues 11 and 32): putting a
 * page on screen (inserting its elements and its styles) cannot be cut into
 * slices the way rendering it can. Only what lies below everything drawn
 * first may wait for it, so that nothing the reader already sees moves.
 */
export function useSecondCommit(): boolean {
  return useDeferredValue(true, false);
}
