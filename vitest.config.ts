import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const cores = availableParallelism();

/** Integration test files that replace a module (`vi.mock`): they need a module graph of their own. */
const filesThatMockModules = [
  'test/faults/full-disk.int.test.ts',
  'test/session-first-request.int.test.ts',
];

/**
 * The API integration suite. Both projects match `--project 'server-integration*'`; each
 * migrates and seeds once per run, and every test file copies a template.
 */
function integrationProject(
  name: string,
  files: { include: string[]; exclude?: string[]; isolate: boolean },
) {
  return {
    test: {
      name,
      root: './apps/server',
      include: files.include,
      exclude: files.exclude ?? [],
      isolate: files.isolate,
      environment: 'node' as const,
      globalSetup: ['./test/database-templates.ts'],
      // Much of an integration test is waiting (the database, jobs, timers): more files
      // than cores keep the cores busy. INTEGRATION_WORKERS overrides it.
      maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? cores + 1),
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest leaves a core free by default; the check has nothing else to run beside it.
    maxWorkers: cores,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-unit',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
        },
      },
      integrationProject('server-integration', {
        include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
        exclude: filesThatMockModules,
        // Files share a worker's module graph: the server, Fastify, zod and the database
        // drivers are imported once per worker instead of once per file (half the suite's time).
        // Every file still builds its own app and database; what a file leaves in a module is
        // keyed by database (see test/tools-helpers.ts).
        isolate: false,
      }),
      integrationProject('server-integration-isolated', {
        include: filesThatMockModules,
        isolate: true,
      }),
      {
        test: {
          name: 'tooling',
          root: './scripts',
          include: ['*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
    ],
  },
});
