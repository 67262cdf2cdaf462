import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
