import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * The web tests in jsdom. Files share their worker's module cache (`isolate: false`): loading MUI and the
 * app's modules once per worker instead of once per file halves the run. Each test cleans up after itself
 * (testing-library's cleanup, restoreMocks, the setup file clears storage). A file that replaces a module
 * with `vi.mock` cannot share the cache: it is named `*.isolated.test.tsx` and runs in `web-isolated`.
 */
export const common = {
  environment: 'jsdom' as const,
  setupFiles: ['./src/testing/setup-tests.ts'],
  restoreMocks: true,
  // a global stubbed by one test (matchMedia for a phone's width) must not reach the next file of the worker
  unstubGlobals: true,
  // a budget against a hang, not a speed check: a CI machine at load 6 or more runs a 5 s form test in 40 s
  testTimeout: 90_000,
  // CSS is left out of tests, but theme.test.ts reads the baseline's custom properties (`?raw`)
  css: { include: [/components\/theme\/baseline\.css/] },
};

export default defineProject({
  plugins: [react()],
  test: {
    ...common,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'src/**/*.isolated.test.{ts,tsx}'],
    isolate: false,
  },
});
