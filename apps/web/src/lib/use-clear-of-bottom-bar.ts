import { useEffect, useRef } from 'react';

/** Room left between a field scrolled into view and the bar above it. */
const gapPx = 8;

/**
 * For a bar stuck to the bottom of the window (the editor's save bar): the
 * page's scrolling keeps clear of it. A field the keyboard or a link brings
 * into view is scrolled to just above the bar instead of under it, where it
 * would be focused but hidden (WCAG 2.4.11). The bar's height is followed as
 * the window or the zoom changes (its buttons wrap on a narrow screen), and
 * the page's own setting is given back when the bar goes.
 */
export function useClearOfBottomBar<T extends HTMLElement = HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const page = document.documentElement;
    const before = page.style.scrollPaddingBottom;
    const keepClear = () => {
      page.style.scrollPaddingBottom = `${Math.ceil(bar.getBoundingClientRect().height) + gapPx}px`;
    };
    keepClear();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keepClear);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      page.style.scrollPaddingBottom = before;
    };
  }, []);
  return ref;
}
