import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Test files that replace a module (`vi.mock`, `vi.resetModules`), count what the app's
 * module-level stores saw (requests in flight) or set what the app sets once per page load
 * (`markAppAsking`): they run isolated, in the web-isolated project (vitest.isolated.config.ts).
 */
export const filesWithOwnModules = [
  'src/app/route-error-boundary.test.tsx',
  // Counts what the page preloads and what the screen shows from the first request on:
  // a request left in flight by another file's reading page showed here as an alert.
  'src/app/sign-in-return.test.tsx',
  'src/features/accounts/components/role-picker.test.tsx',
  'src/lib/analytics.test.ts',
  'src/lib/api-client.test.ts',
  'src/lib/api-upload.test.ts',
  'src/lib/early-requests.test.ts',
];

/** The web app's tests in jsdom; `isolated` picks the project of the files above. */
export function webProject(isolated: boolean) {
  return defineProject({
    plugins: [react()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    test: {
      name: isolated ? 'web-isolated' : 'web',
      root: fileURLToPath(new URL('.', import.meta.url)),
      environment: 'jsdom',
      include: isolated ? filesWithOwnModules : ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      exclude: isolated ? [] : filesWithOwnModules,
      // The other files share a worker's jsdom and module graph: React, the router and the
      // screens are imported, and jsdom built, once per worker instead of once per file
      // (the project took a third of the time). setup.ts cleans up after every test.
      isolate: isolated,
      setupFiles: ['./src/test/setup.ts'],
      // Whole screens rendered in jsdom on a shared two-core machine take seconds, not milliseconds.
      testTimeout: 20_000,
    },
  });
}

export default webProject(false);
