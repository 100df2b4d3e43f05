// Component and hook tests of the shell, the client kit and the micro-frontends, in jsdom.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['shell/**/*.test.{ts,tsx}', 'microfrontends/**/*.test.{ts,tsx}'],
    setupFiles: ['shell/test/setup.ts'],
    restoreMocks: true,
  },
});
