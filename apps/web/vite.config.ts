import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroupNames, startPageChunkGroup } from './build/chunk-groups';
import { muiWithoutCssVariables } from './build/mui-without-css-variables';
import { precompress } from './build/precompress';
import { pageHtml } from './build/page-html';

const apiTarget = 'http://localhost:3000';
const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const chunkGroup = startPageChunkGroup({
  main: source('main.tsx'),
  earlyRequests: source('early-requests-entry.ts'),
  startPage: source('app/pages/start-page.tsx'),
});

export default defineConfig({
  plugins: [react(), muiWithoutCssVariables(), pageHtml(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/health': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The second entry is the page at "/"'s early requests (build/page-html.ts). The
      // start page is an entry too, though the app loads it lazily: what an entry imports is
      // tagged $initial, which is what the chunk groups below take (build/chunk-groups.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'early-requests': source('early-requests-entry.ts'),
        'start-page': source('app/pages/start-page.tsx'),
      },
      output: {
        codeSplitting: {
          // Each group takes the modules an entry really loads ($initial, as the bundler's
          // tree-shaking decided), sorted by build/chunk-groups.ts. Not their dependencies
          // as well: through the shared package's index those are every schema and text.
          includeDependenciesRecursively: false,
          groups: chunkGroupNames.map((group, index) => ({
            name: (id, context) => (chunkGroup(id, context) === group ? group : null),
            tags: ['$initial'],
            priority: chunkGroupNames.length - index,
          })),
        },
      },
    },
  },
});
