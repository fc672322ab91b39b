import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    testTimeout: 20000,
    // CSS is left out of tests, but theme.test.ts reads the baseline's custom properties (`?raw`)
    css: { include: [/components\/theme\/baseline\.css/] },
  },
});
