import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { common } from './vitest.config';

/** The web tests that replace a module with `vi.mock`: each file in its own module cache (see vitest.config.ts). */
export default defineProject({
  plugins: [react()],
  test: { ...common, name: 'web-isolated', include: ['src/**/*.isolated.test.{ts,tsx}'] },
});
