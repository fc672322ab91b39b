import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * Fake timers for a test of a timed alert or of polling: the clock still moves with real time (so findBy,
 * waitFor and the mocked answers go on as usual), and `advance(ms)` jumps ahead at once, running the timers
 * that fall due and the promises they start, inside act. `user` is a userEvent that knows the clock is
 * fake. Real timers come back after each test (setup-tests.ts).
 */
export function fakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return {
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    advance: (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      }),
  };
}

/** How long before a timer falls due a test checks that it has not yet (the clock also moves on its own). */
export const BEFORE_DUE_MS = 1000;
