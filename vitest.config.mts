// Component and hook tests of the shell, the client kit and the micro-frontends, in jsdom; and the
// benchmarks' report logic (tests/bench/*.test.mjs). The back office is a project of its own: it
// runs on react-router 7 (react-admin 5's), not the shell's 8, so every import of the router in its
// tests, react-admin's included, is its own copy (as its build does, webpack.config.js).
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
const BACK_OFFICE = path.resolve('microfrontends/back-office');
const backOfficeCopy = (name: string) => path.dirname(require.resolve(`${name}/package.json`, { paths: [BACK_OFFICE] }));

export default defineConfig({
  test: {
    environment: 'jsdom',
    restoreMocks: true,
    // One worker per core: by default vitest keeps one core free, which on a two-core machine runs
    // the files one at a time.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'shell',
          include: ['shell/**/*.test.{ts,tsx}', 'microfrontends/**/*.test.{ts,tsx}', 'tests/bench/**/*.test.mjs'],
          exclude: ['microfrontends/back-office/**', '**/node_modules/**'],
          setupFiles: ['shell/test/setup.ts'],
        },
      },
      {
        extends: true,
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: backOfficeCopy('react-router') },
            { find: /^react-router-dom$/, replacement: backOfficeCopy('react-router-dom') },
          ],
        },
        test: {
          name: 'back-office',
          // MUI's inputs typed into key by key in jsdom take a while on a busy two-core machine.
          testTimeout: 30000,
          include: ['microfrontends/back-office/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          setupFiles: ['microfrontends/back-office/test/setup.ts'],
          // Run through vite, so the alias reaches react-admin's own imports of the router.
          server: { deps: { inline: [/react-admin/, /ra-core/, /ra-ui-materialui/, /react-router/] } },
        },
      },
    ],
  },
});
