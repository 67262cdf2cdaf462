import type { ReadingPage } from '@skolportalen/shared/reading-page';
import type { ComponentType } from 'react';

/** Each reading page's component once its code has arrived. */
const loadedPages: Partial<Record<ReadingPage['kind'], ComponentType>> = {};

/** A reading page's code (./reading-prefetch.ts asks for it with the page's data). */
export function importReadingPage(kind: ReadingPage['kind']) {
  const load = kind === 'post' ? import('./pages/read-post-page') : import('./pages/course-page');
  return load.then((module) => {
    loadedPages[kind] = module.default;
    return module;
  });
}

/** A reading page's component if its code is here already (see lazyPage). */
export const readPostPageIfLoaded = () => loadedPages.post;
export const coursePageIfLoaded = () => loadedPages.course;
