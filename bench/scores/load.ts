/**
 * The measuring parts of bench:scores: a keep-alive HTTP load of N connections, the same for a function
 * (the bare SQL), percentiles, and the resident memory of a process tree (Linux /proc).
 */
import fs from 'node:fs';
import http from 'node:http';
import { percentile } from '../db/server-process';

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  count: number;
}

/** Runs `one` on `width` loops for `ms` after a 1 s warm-up; latencies in ms. */
export async function loadOf(one: () => Promise<boolean>, width: number, ms: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const run = async (duration: number, keep: boolean) => {
    const end = Date.now() + duration;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (Date.now() < end) {
          const t0 = process.hrtime.bigint();
          const ok = await one().catch(() => false);
          if (!keep) continue;
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          if (!ok) errors++;
        }
      }),
    );
  };
  await run(1000, false);
  const t0 = Date.now();
  await run(ms, true);
  const elapsed = (Date.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    count: latencies.length,
  };
}

/** One HTTP request on a keep-alive agent: resolves true on 200, after reading the whole body. */
export function httpCall(
  agent: http.Agent,
  port: number,
  token: string,
  req: { method: string; path: string; body?: unknown },
): () => Promise<boolean> {
  const payload = req.body === undefined ? undefined : Buffer.from(JSON.stringify(req.body));
  const headers: Record<string, string | number> = { authorization: `Bearer ${token}` };
  if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
  return () =>
    new Promise<boolean>((resolve, reject) => {
      const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.path, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      });
      r.on('error', reject);
      r.end(payload);
    });
}

/** The resident memory (bytes) of a process and its children (Linux /proc), 0 elsewhere. */
export function treeRss(root: number): number {
  if (!fs.existsSync(`/proc/${root}/status`)) return 0;
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const add = (pid: number) => {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += rss ? Number(rss[1]) * 1024 : 0;
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) add(child);
  };
  add(root);
  return total;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc, 100 ticks a second), 0 elsewhere. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat; fields[0] is field 3 (the state)
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
