import { useEffect, useRef, useState } from 'react';

/**
 * Whether the box holds more than its width shows, followed as the window or
 * the zoom changes: a box that scrolls sideways takes the keyboard focus, so
 * the arrows can scroll it (WCAG 2.1.1). Read in the resize observer's first
 * call, after the browser has laid the page out anyway: measuring as the box
 * mounts would make it lay out the whole page then, in the middle of the
 * first render.
 */
export function useScrollsSideways<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // Observing calls `measure` once the box has its size, and again on every change.
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}
