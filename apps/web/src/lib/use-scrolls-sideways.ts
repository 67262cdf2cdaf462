import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether the box holds more than its width shows, followed as the window or
 * the zoom changes: a box that scrolls sideways takes the keyboard focus, so
 * the arrows can scroll it (WCAG 2.1.1).
 */
export function useScrollsSideways<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}
