/**
 * Take-over: 2 worker processes; one job (holds 300 ms); the process that starts it is killed with SIGKILL
 * at once. Measured from the kill: the other process starting the job, and the job finished in the
 * database. A system that has not restarted it after `waitMs` and can release a dead worker's jobs on
 * request (graphile-worker's forceUnlockWorkers) is then asked to, and timed from that call.
 */
import { forkWorkers } from '../children';
import { now, sleep } from '../stats';
import { canForceUnlock } from '../systems/index';
import type { QueueSystem } from '../systems/types';

export interface TakeoverFigures {
  /** kill → restarted on the other process, null when not within waitMs */
  restartMs: number | null;
  doneMs: number | null;
  waitMs: number;
  /** after a forceUnlockWorkers call made when the wait ran out */
  forced?: { restartMs: number | null; doneMs: number | null };
}

const HOLD_MS = 300;

function nextStart(workers: Awaited<ReturnType<typeof forkWorkers>>, timeoutMs: number) {
  return new Promise<{ at: number; index: number } | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    workers.forEach((w, index) => {
      w.onStarted((_tag, at) => {
        clearTimeout(timer);
        resolve({ at, index });
      });
    });
  });
}

async function finished(sys: QueueSystem, timeoutMs: number): Promise<number | null> {
  const until = now() + timeoutMs;
  while (now() < until) {
    if ((await sys.unfinished()) === 0) return now();
    await sleep(50);
  }
  return null;
}

export async function takeover(
  sys: QueueSystem,
  worker: { system: string; variant: string; url: string },
  waitMs: number,
): Promise<TakeoverFigures> {
  await sys.reset();
  const workers = await forkWorkers(2, worker.system, worker.variant, worker.url);
  try {
    const firstStart = nextStart(workers, 15_000);
    await sys.enqueue([{ tag: 'victim', holdMs: HOLD_MS, report: true, company: 'A' }]);
    const first = await firstStart;
    if (!first) throw new Error('the job was not started in 15 s');
    const restart = nextStart(workers, waitMs);
    workers[first.index].proc.kill('SIGKILL');
    const killedAt = now();
    await workers[first.index].exited;
    const again = await restart;
    const figures: TakeoverFigures = { restartMs: again && again.at - killedAt, doneMs: null, waitMs };
    if (again) {
      const done = await finished(sys, 10_000);
      figures.doneMs = done && done - killedAt;
    } else if (canForceUnlock(sys)) {
      const forcedRestart = nextStart(workers, 10_000);
      const askedAt = now();
      await sys.forceUnlockHolders();
      const forced = await forcedRestart;
      const done = forced ? await finished(sys, 10_000) : null;
      figures.forced = { restartMs: forced && forced.at - askedAt, doneMs: done && done - askedAt };
    }
    return figures;
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
