// Component and hook tests of the shell, the client kit and the micro-frontends, in jsdom; and the
// benchmarks' report logic (tests/bench/*.test.mjs).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['shell/**/*.test.{ts,tsx}', 'microfrontends/**/*.test.{ts,tsx}', 'tests/bench/**/*.test.mjs'],
    setupFiles: ['shell/test/setup.ts'],
    restoreMocks: true,
    // One worker per core: by default vitest keeps one core free, which on a two-core machine runs
    // the files one at a time.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
