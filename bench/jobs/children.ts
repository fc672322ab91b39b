/** Worker processes (worker-child.ts) forked by the bench, and what they report. */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildMessage } from './worker-child';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface WorkerProcess {
  proc: ChildProcess;
  ready: Promise<void>;
  /** when it started its first job */
  first: Promise<number>;
  /** reports of started jobs (payload `report`) */
  onStarted(listener: (tag: string, at: number) => void): void;
  exited: Promise<void>;
  /** asks it to stop (pool, connections); kills it after `graceMs` */
  stop(graceMs?: number): Promise<void>;
}

export function forkWorker(system: string, variant: string, url: string): WorkerProcess {
  const proc = fork(path.join(here, 'worker-child.ts'), [system, variant], {
    cwd: here,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_JOBS_URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const startedListeners: ((tag: string, at: number) => void)[] = [];
  let markReady: () => void = () => {};
  let markFirst: (at: number) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    proc.once('exit', (code) => reject(new Error(`worker ${system}/${variant} exited (${code}) before it was ready`)));
  });
  ready.catch(() => {});
  const first = new Promise<number>((resolve) => {
    markFirst = resolve;
  });
  proc.on('message', (message: ChildMessage) => {
    if (message.type === 'ready') markReady();
    else if (message.type === 'first') markFirst(message.at);
    else if (message.type === 'started') for (const listener of startedListeners) listener(message.tag, message.at);
  });
  return {
    proc,
    ready,
    first,
    onStarted: (listener) => startedListeners.push(listener),
    exited,
    async stop(graceMs = 5000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      if (proc.connected) proc.send('stop');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function forkWorkers(n: number, system: string, variant: string, url: string): Promise<WorkerProcess[]> {
  const workers = Array.from({ length: n }, () => forkWorker(system, variant, url));
  try {
    await Promise.all(workers.map((w) => w.ready));
  } catch (error) {
    await Promise.all(workers.map((w) => w.stop(1000)));
    throw error;
  }
  return workers;
}
