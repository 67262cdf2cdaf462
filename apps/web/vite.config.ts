import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { startPageHtml } from './build/start-page-html';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), startPageHtml(), precompress()],
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
      // The second entry is the page at "/"'s early requests (build/start-page-html.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'early-requests': fileURLToPath(new URL('./src/early-requests-entry.ts', import.meta.url)),
      },
    },
  },
});
