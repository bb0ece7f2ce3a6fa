import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // The property tests run whole settlements a few hundred times: seconds on a loaded 2-core machine.
          testTimeout: 20_000,
          // Pure functions (their module state is memoised results): a file need not start from freshly loaded modules.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['./test/global-setup.ts'],
          // Each test file builds its own app on its own database (test/test-app.ts), whose caches live in that app or
          // are keyed by its database, and spies are restored: a file need not start from freshly loaded modules.
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          // A whole journey through the browser: on the 2-core host of 2026-11-27 (1.6 times slower than the one
          // before, where every journey stayed under 60 s) the trip order to its settlement took 64–66 s at the
          // commit before ADR 0051 and 69–80 s after it, alone, so 60 s failed it either way.
          testTimeout: 150_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
});
