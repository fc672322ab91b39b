/** Waits, or rejects with an AbortError when the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface PollOptions<T = unknown> {
  intervalMs: number;
  /** how many times it asks at most (the first ask included) */
  tries: number;
  signal?: AbortSignal;
  /** every answer, as it comes (the done one included) */
  onAnswer?: (value: T) => void;
}

/**
 * Asks at once, then every interval, until the answer is done or the tries run out. Answers the last
 * answer and whether it was done. A failed ask rejects (an AbortError when the signal aborted).
 */
export async function pollUntil<T>(
  ask: (signal?: AbortSignal) => Promise<T>,
  done: (value: T) => boolean,
  { intervalMs, tries, signal, onAnswer }: PollOptions<T>,
): Promise<{ value: T; done: boolean }> {
  let value = await ask(signal);
  onAnswer?.(value);
  for (let n = 1; n < tries && !done(value); n += 1) {
    await sleep(intervalMs, signal);
    value = await ask(signal);
    onAnswer?.(value);
  }
  return { value, done: done(value) };
}
