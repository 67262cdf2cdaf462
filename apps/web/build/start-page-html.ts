import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The page module whose code the start page's HTML asks for up front. */
const startPageModule = /\/src\/app\/pages\/start-page\.tsx$/;
/** The script that sends the start page's first requests before the app has loaded. */
const earlyRequestsModule = /\/src\/early-requests-entry\.ts$/;

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
 * Emits `start.html`: index.html plus the early requests' script
 * (src/lib/early-requests.ts) and a `modulepreload` link for each chunk the
 * start page needs, served for "/" only (apps/server/src/http/web-app.ts).
 * The browser then fetches and compiles the morning's page while it parses
 * the HTML, instead of the app adding some 40 links from script after it has
 * started — a long task on a phone (decision 0024). Other addresses keep
 * index.html and load no start-page code they do not use.
 */
export function startPageHtml(): Plugin {
  return {
    name: 'skolportalen:start-page-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      // The chunk that holds the page's module: its own, or the group it is sorted into
      // (build/chunk-groups.ts).
      const page = Object.values(bundle).find(
        (item): item is OutputChunk =>
          item.type === 'chunk' && item.moduleIds.some((id) => startPageModule.test(id)),
      );
      if (html?.type !== 'asset' || !page) {
        this.error('start-page-html: index.html or the start page chunk is missing');
      }
      const early = Object.values(bundle).find(
        (item): item is OutputChunk =>
          item.type === 'chunk' &&
          item.isEntry &&
          earlyRequestsModule.test(item.facadeModuleId ?? ''),
      );
      if (!early) this.error('start-page-html: the early requests entry is missing');
      const source = String(html.source);
      // The early requests' script first, and async: it runs as soon as its few small chunks
      // are in, not after the parsing and in turn with the app's script.
      const earlyScript = `<script type="module" async crossorigin src="/${early.fileName}"></script>\n    `;
      const mainScript = source.indexOf('<script type="module"');
      const links = [...staticClosure(bundle, early).slice(1), ...staticClosure(bundle, page)]
        .filter((file, index, all) => all.indexOf(file) === index && !source.includes(`/${file}"`))
        .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
        .join('');
      const withEarly = `${source.slice(0, mainScript)}${earlyScript}${source.slice(mainScript)}`;
      this.emitFile({
        type: 'asset',
        fileName: 'start.html',
        source: withEarly.replace('  </head>', `${links}  </head>`),
      });
    },
  };
}
