import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** While this file exists someone is measuring on the shared machine: heavy work waits (helper rules). */
export const QUIET_LOCK = '/tmp/quiet.lock';
const CHECK_MS = 30_000;

let waiting: Promise<void> | undefined;
let paused = 0;

/** Seconds spent waiting so far (left out of the run's wall time). */
export function pausedSeconds(): number {
  return paused;
}

/** Resolves at once when the lock is absent, else when it is gone (all callers share one wait). */
export function waitQuiet(log: (message: string) => void = console.log): Promise<void> {
  if (!existsSync(QUIET_LOCK)) return Promise.resolve();
  waiting ??= (async () => {
    const started = Date.now();
    log(`  paused: ${QUIET_LOCK} exists (checking every ${CHECK_MS / 1000} s)`);
    while (existsSync(QUIET_LOCK)) await sleep(CHECK_MS);
    paused += (Date.now() - started) / 1000;
    log(`  resumed after ${Math.round((Date.now() - started) / 1000)} s`);
    waiting = undefined;
  })();
  return waiting;
}
