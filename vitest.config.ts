import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const cores = availableParallelism();

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
      {
        test: {
          name: 'server-integration',
          root: './apps/server',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          environment: 'node',
          // Migrated and seeded once per run; every test file copies a template.
          globalSetup: ['./test/database-templates.ts'],
          // Much of an integration test is waiting (the database, jobs, timers): more files
          // than cores keep the cores busy. INTEGRATION_WORKERS overrides it.
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? cores + 1),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'tooling',
          root: './scripts',
          include: ['*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
