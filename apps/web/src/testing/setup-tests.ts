import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setNavigationHandler } from '../lib/api-client';

// findBy/waitFor wait on a condition; their budget (1 s by default) is for a loaded machine, where a screen that
// loads several queries at once, or a MUI menu opening, takes several seconds (vitest.config.ts: testTimeout)
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  // the test files share their worker's modules (vitest.config.ts): a router plugged in by one test must not
  // receive the 401/403 navigations of the next
  setNavigationHandler();
  // a microphone or screen capture put on navigator by one test must not reach the next (jsdom has none)
  Reflect.deleteProperty(navigator, 'mediaDevices');
});
