/**
 * In-process word that a hand-off job's run ended (sent, failed, or waiting to retry), so the request
 * that queued it can answer with the outcome when it comes quickly. Only the runs of this instance are
 * heard; the caller always reads the attempt's state afterwards, so a missed word only costs the wait.
 */
const waiting = new Map<string, Set<() => void>>();

/** Resolves at the next `settled(attemptId)` or after `timeoutMs`, whichever is first. */
export function whenSettled(attemptId: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const listeners = waiting.get(attemptId) ?? new Set<() => void>();
    waiting.set(attemptId, listeners);
    const done = () => {
      clearTimeout(timer);
      listeners.delete(done);
      if (listeners.size === 0 && waiting.get(attemptId) === listeners) waiting.delete(attemptId);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    listeners.add(done);
  });
}

export function settled(attemptId: string): void {
  for (const done of [...(waiting.get(attemptId) ?? [])]) done();
}
