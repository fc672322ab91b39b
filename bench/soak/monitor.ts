/**
 * The server's CPU and memory over time, read from Linux /proc every interval: the server's node process
 * (its CPU, as a % of one core, and its VmRSS), and the processes under it (the embedded PostgreSQL, the
 * speech decoders, ffmpeg) together; the machine's busy CPU and load average; this load generator's own CPU
 * (it runs on the same two cores). What the machine spent beyond these three is other work's. Memory is judged by the slope of a least-squares line through the server's RSS.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICKS = 100; // USER_HZ of /proc/<pid>/stat

export interface CpuMemSample {
  /** ms since the run began */
  at: number;
  learners: number;
  /** % of one core over the interval */
  serverCpu: number;
  serverRssMb: number;
  childrenCpu: number;
  childrenRssMb: number;
  childrenCount: number;
  generatorCpu: number;
  /** the whole machine's busy CPU (all cores, % of one core), from /proc/stat */
  machineCpu: number;
  load1: number;
}

/** CPU seconds the machine has been busy (not idle, not waiting for I/O), all cores together. */
function machineBusySeconds(): number {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const [, ...ticks] = line.trim().split(/\s+/).map(Number);
    const total = ticks.slice(0, 8).reduce((n, t) => n + t, 0);
    return (total - ticks[3] - ticks[4]) / TICKS;
  } catch {
    return 0;
  }
}

interface ProcInfo {
  ppid: number;
  /** its own CPU seconds */
  seconds: number;
  /** with its ended, waited-for children's (cutime, cstime): what a subtree has used, summed over its live processes */
  withEnded: number;
  rssKb: number;
}

function readProcs(): Map<number, ProcInfo> {
  const procs = new Map<number, ProcInfo>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17, rss (pages) 24
      const own = (Number(fields[11]) + Number(fields[12])) / TICKS;
      procs.set(Number(entry), {
        ppid: Number(fields[1]),
        seconds: own,
        withEnded: own + (Number(fields[13]) + Number(fields[14])) / TICKS,
        rssKb: (Number(fields[21]) * 4096) / 1024,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return procs;
}

function descendants(procs: Map<number, ProcInfo>, root: number): number[] {
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, p] of procs) {
      if (p.ppid !== pid) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

function vmRssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export class Monitor {
  readonly samples: CpuMemSample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private last:
    | { wall: number; server: number; children: Map<number, number>; generator: number; machine: number }
    | undefined;

  constructor(
    private readonly serverPid: number,
    private readonly now: () => number,
    private readonly learners: () => number,
  ) {}

  start(intervalMs: number) {
    this.sample(false);
    this.timer = setInterval(() => this.sample(true), intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.sample(true);
  }

  private sample(keep: boolean) {
    const procs = readProcs();
    const server = procs.get(this.serverPid);
    if (!server) return;
    const kids = descendants(procs, this.serverPid);
    // the children's CPU: the live ones' own and their ended children's, plus the server's ended children's
    const children = new Map(kids.map((pid) => [pid, procs.get(pid)?.withEnded ?? 0]));
    children.set(0, server.withEnded - server.seconds);
    const usage = process.cpuUsage();
    const generator = (usage.user + usage.system) / 1e6;
    const wall = performance.now();
    const machine = machineBusySeconds();
    const last = this.last;
    this.last = { wall, server: server.seconds, children, generator, machine };
    if (!keep || !last) return;
    const seconds = (wall - last.wall) / 1000;
    if (seconds <= 0) return;
    let childSeconds = 0;
    // a child that ended since the last sample moved its CPU into its parent's cutime (counted above)
    for (const [pid, s] of children) childSeconds += s - (last.children.get(pid) ?? 0);
    for (const [pid, s] of last.children) if (!children.has(pid)) childSeconds -= s;
    this.samples.push({
      at: this.now(),
      learners: this.learners(),
      serverCpu: (100 * (server.seconds - last.server)) / seconds,
      serverRssMb: vmRssMb(this.serverPid),
      childrenCpu: (100 * childSeconds) / seconds,
      childrenRssMb: kids.reduce((n, pid) => n + (procs.get(pid)?.rssKb ?? 0), 0) / 1024,
      childrenCount: kids.length,
      generatorCpu: (100 * (generator - last.generator)) / seconds,
      machineCpu: (100 * (machine - last.machine)) / seconds,
      load1: os.loadavg()[0],
    });
  }
}

/** The least-squares slope of y over x (per unit of x), 0 with fewer than two points. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
