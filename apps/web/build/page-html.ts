import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The script that sends the start page's first requests before the app has loaded. */
const earlyRequestsModule = /\/src\/early-requests-entry\.ts$/;

/** A page whose HTML asks for its code up front, and the module that is that code. */
export interface PreloadedPage {
  /** The HTML file written beside index.html, served for the page's addresses. */
  fileName: string;
  module: RegExp;
  /** Whether the early requests' script comes along (the start page's, decision 0026). */
  earlyRequests?: boolean;
  /** The module that asks for the page's data, which the app loads for the page too. */
  prefetch?: RegExp;
}

/** What a reading page asks for with its code (src/main.tsx loads it only for one). */
const readingPrefetch = /\/src\/app\/reading-prefetch\.ts$/;

/**
 * The start page ("/"), and the reading pages people open cold from a link
 * (issue 32): a post at its reading address, and a course. The server picks
 * the file by address (apps/server/src/http/web-app.ts).
 */
export const preloadedPages: readonly PreloadedPage[] = [
  { fileName: 'start.html', module: /\/src\/app\/pages\/start-page\.tsx$/, earlyRequests: true },
  {
    fileName: 'read.html',
    module: /\/src\/app\/pages\/read-post-page\.tsx$/,
    prefetch: readingPrefetch,
  },
  {
    fileName: 'course.html',
    module: /\/src\/app\/pages\/course-page\.tsx$/,
    prefetch: readingPrefetch,
  },
];

/** The chunk's file and every chunk it imports statically, transitively. */
function staticClosure(bundle: OutputBundle, root: OutputChunk): string[] {
  const files: string[] = [];
  const pending = [root.fileName];
  while (pending.length) {
    const file = pending.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') pending.push(...chunk.imports);
  }
  return files;
}

/**
 * Emits a page per `preloadedPages`: index.html plus a `modulepreload` link
 * for each chunk the page needs, and for the start page the early requests'
 * script (src/lib/early-requests.ts). The browser then fetches and compiles
 * the page's code while it parses the HTML, instead of the app adding some
 * 40 links from script after it has started — a long task on a phone
 * (decision 0024) — and a round trip later. Other addresses keep index.html
 * and load no page code they do not use.
 */
export function pageHtml(pages: readonly PreloadedPage[] = preloadedPages): Plugin {
  return {
    name: 'skolportalen:page-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('page-html: index.html is missing');
      const early = Object.values(bundle).find(
        (item): item is OutputChunk =>
          item.type === 'chunk' &&
          item.isEntry &&
          earlyRequestsModule.test(item.facadeModuleId ?? ''),
      );
      if (!early) this.error('page-html: the early requests entry is missing');
      const source = String(html.source);
      const mainScript = source.indexOf('<script type="module"');
      for (const wanted of pages) {
        // The chunk that holds the page's module: its own, or the group it is sorted into
        // (build/chunk-groups.ts).
        const chunkOf = (module: RegExp) =>
          Object.values(bundle).find(
            (item): item is OutputChunk =>
              item.type === 'chunk' && item.moduleIds.some((id) => module.test(id)),
          );
        const page = chunkOf(wanted.module);
        if (!page) this.error(`page-html: the chunk of ${wanted.fileName} is missing`);
        const prefetch = wanted.prefetch ? chunkOf(wanted.prefetch) : undefined;
        if (wanted.prefetch && !prefetch)
          this.error(`page-html: the data module of ${wanted.fileName} is missing`);
        const earlyFiles = wanted.earlyRequests ? staticClosure(bundle, early).slice(1) : [];
        const prefetchFiles = prefetch ? staticClosure(bundle, prefetch) : [];
        const links = [...earlyFiles, ...prefetchFiles, ...staticClosure(bundle, page)]
          .filter(
            (file, index, all) => all.indexOf(file) === index && !source.includes(`/${file}"`),
          )
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
          .join('');
        // The early requests' script first, and async: it runs as soon as its few small chunks
        // are in, not after the parsing and in turn with the app's script.
        const earlyScript = wanted.earlyRequests
          ? `<script type="module" async crossorigin src="/${early.fileName}"></script>\n    `
          : '';
        const withEarly = `${source.slice(0, mainScript)}${earlyScript}${source.slice(mainScript)}`;
        this.emitFile({
          type: 'asset',
          fileName: wanted.fileName,
          source: withEarly.replace('  </head>', `${links}  </head>`),
        });
      }
    },
  };
}
