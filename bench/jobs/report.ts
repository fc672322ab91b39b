/** The bench's tables (markdown), printed as each row is measured. */
import type { FairnessFigures } from './scenarios/fairness';
import type { LatencyFigures } from './scenarios/latency';
import type { TakeoverFigures } from './scenarios/takeover';
import type { ThroughputFigures } from './scenarios/throughput';
import { ms } from './stats';

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const head = (cells: string[]) => `${row(cells)}\n${row(cells.map(() => '---'))}`;
const orNot = (v: number | null, unit = ' ms') => (v === null ? 'not within the wait' : `${ms(v)}${unit}`);

export const latencyHead = () =>
  head(['system', 'setting', 'jobs', 'pick-up p50 ms', 'p95 ms', 'max ms', 'enqueue call p50 ms']);
export const latencyRow = (system: string, setting: string, f: LatencyFigures) =>
  row([system, setting, f.pickup.n, ms(f.pickup.p50), ms(f.pickup.p95), ms(f.pickup.max), ms(f.enqueue.p50)]);

export const throughputHead = () =>
  head(['system', 'setting', 'done / jobs', 'jobs/s', 'run s', 'commit → first start ms', 'enqueue ms']);
export const throughputRow = (system: string, setting: string, f: ThroughputFigures) =>
  row([
    system,
    setting,
    `${f.done} / ${f.jobs}${f.capped ? ' (capped)' : ''}`,
    f.perSecond.toFixed(0),
    (f.runMs / 1000).toFixed(2),
    ms(f.firstMs),
    ms(f.enqueueMs),
  ]);

export const takeoverHead = () =>
  head(['system', 'setting', 'kill → restarted elsewhere', 'kill → finished', 'with forceUnlockWorkers']);
export const takeoverRow = (system: string, setting: string, f: TakeoverFigures) =>
  row([
    system,
    setting,
    f.restartMs === null ? `not within ${f.waitMs / 1000} s` : orNot(f.restartMs),
    f.restartMs === null ? '—' : orNot(f.doneMs),
    f.forced ? `call → restarted ${orNot(f.forced.restartMs)}, → finished ${orNot(f.forced.doneMs)}` : '—',
  ]);

export const fairnessHead = () =>
  head(['system', 'setting', "B's places among 505", 'B finished after (p50 / max ms)', 'all 505 in ms']);
export const fairnessRow = (system: string, setting: string, f: FairnessFigures) =>
  row([
    system,
    setting,
    f.positions.join(', ') || '—',
    `${ms(f.latency.p50)} / ${ms(f.latency.max)}`,
    f.complete ? ms(f.totalMs) : `capped at ${ms(f.totalMs)}: ${f.done} of 505 done`,
  ]);
