/**
 * The soak's figures as markdown (printed, and written to bench/results/soak.md): the run's settings and
 * machine, requests and errors by kind, each ramp step's p95 per page, the soak's p50/p95/p99 per route,
 * per page and per wait, and the server's CPU and memory over time with the memory's slope.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { WAITS } from './learner';
import { type Metrics, type Quantiles, quantiles, type Window, worstPage } from './metrics';
import { type CpuMemSample, slope } from './monitor';
import type { SoakOptions } from './options';
import { THINK } from './think';

export interface RunInfo {
  startedAt: Date;
  loadAtStart: number[];
  options: SoakOptions;
  seeded: string;
  windows: Window[];
  samples: CpuMemSample[];
  /** what could not be prepared (e.g. the customer voices), said in the report */
  remarks: string[];
}

const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)}`);
const pct = (n: number) => `${Math.round(n)}`;

function commit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

function row(cells: (string | number)[]) {
  return `| ${cells.join(' | ')} |`;
}

function quantileRows(map: Map<string, { at: number; ms: number; ok: boolean }[]>, window: Window): string[] {
  const rows: [string, Quantiles][] = [...map].map(([name, samples]) => [name, quantiles(samples, window)]);
  return rows
    .filter(([, q]) => q.count > 0)
    .sort((a, b) => b[1].p95 - a[1].p95)
    .map(([name, q]) => row([`\`${name}\``, q.count, q.errors, ms(q.p50), ms(q.p95), ms(q.p99), ms(q.max)]));
}

export function report(metrics: Metrics, info: RunInfo): string {
  const { options } = info;
  const out: string[] = [];
  const cpus = os.cpus();
  const soak = info.windows.find((w) => w.label === 'soak');
  const steps = info.windows.filter((w) => w.label !== 'soak');
  const all = { from: 0, to: Number.POSITIVE_INFINITY };
  const requests = [...metrics.routes.values()].reduce((n, s) => n + s.length, 0);
  const failed = [...metrics.routes.values()].reduce((n, s) => n + s.filter((x) => !x.ok).length, 0);
  const errors = [...metrics.errors.values()].reduce((n, e) => n + e.count, 0);

  out.push('# bench:soak — learners and reviewers on the built server', '');
  out.push(
    `${info.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit()}, ${cpus[0]?.model ?? 'CPU'} × ${cpus.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; load average at the start ${info.loadAtStart.map((l) => l.toFixed(2)).join(' / ')} (1 / 5 / 15 min).`,
    `The built server (apps/server/${process.env.SERVER_OUT_DIR || 'dist'}/main.js, NODE_ENV=production) on its embedded PostgreSQL, a fresh data folder; the load generator is one node process on the same machine.`,
    `Settings: ${options.learners} learners, ${options.reviewers} reviewers, soak ${options.minutes} min; ramp ${options.steps.length ? `${options.steps.join(', ')} learners, ${options.stepSeconds} s each (the newcomers arrive over its first half, the step is measured over its second half)` : 'skipped'}; think times × ${options.thinkScale}.`,
    `Seed: ${info.seeded}.`,
    `Think times (s, uniform, before the scale): ${Object.entries(THINK)
      .map(([k, [lo, hi]]) => `${k} ${lo}–${hi}`)
      .join(', ')}; a learner's sitting is 1–3 levels, a reviewer's 3–6 looks (one in four an export).`,
    ...info.remarks,
    ...(info.loadAtStart[0] > cpus.length / 2
      ? [
          `**The machine was busy with other work at the start (load ${info.loadAtStart[0].toFixed(1)} on ${cpus.length} cores): these figures are those of a shared machine, not of the product alone** (see "other work CPU %" below).`,
        ]
      : []),
    ...(options.thinkScale !== 1 || options.minutes < 10 || options.learners < 200
      ? ["This is a shortened run (not the issue's 200 learners, 10 minutes, realistic think times)."]
      : []),
    '',
  );

  out.push(
    '`npm run bench:soak` (bench/soak/run.ts; `--help` for the settings). A **page** is the calls a screen makes before it shows, timed together from the first call to the last answer: sign in (POST login), dashboard (user-details, users/count, assignment/count, assignment/list), sim dialog (assignment status, learner-sim, level stats), take-sim screen (take-sim details, then a new attempt), score table (filters, listing, insights), result (reviewer) (result, history, audio status, track record, assessor notes). An **error** is any answer that is not a success, a network failure, no answer within 60 s, a line graded Failed or a final score not ready after 5 minutes.',
    '',
  );
  out.push('## Requests and errors (whole run)', '');
  out.push(`- requests: **${requests}** (${failed} failed)`);
  const countOf = (map: Map<string, unknown[]>, key: string) => map.get(key)?.length ?? 0;
  out.push(
    `- sign-ins: ${countOf(metrics.pages, 'sign in')}, levels started: ${countOf(metrics.pages, 'take-sim screen')}, lines spoken and uploaded: ${countOf(metrics.routes, 'POST /api/v1/sims/grade-transcription')}, levels finished (final score with every line graded): ${(metrics.waits.get(WAITS.final) ?? []).filter((s) => s.ok).length}`,
  );
  out.push(`- errors: **${errors}**${errors ? '' : ' (goal 0: met)'}`);
  for (const [kind, e] of [...metrics.errors].sort((a, b) => b[1].count - a[1].count))
    out.push(`  - ${e.count} × ${kind} — e.g. \`${e.example.replace(/`/g, "'").replace(/\s+/g, ' ').slice(0, 200)}\``);
  for (const [kind, n] of metrics.notes) out.push(`- not errors: ${n} × ${kind}`);
  out.push('');

  if (steps.length) {
    const pages = [...metrics.pages.keys()];
    out.push('## Ramp: p95 of each page (ms) by learners at once (plus the reviewers)', '');
    out.push(
      row([
        'learners',
        'requests',
        'errors',
        'req/s',
        ...pages,
        'line graded p95',
        'server CPU %',
        'children CPU %',
        'other work CPU %',
        'load',
      ]),
    );
    out.push(row(['---:', '---:', '---:', '---:', ...pages.map(() => '---:'), '---:', '---:', '---:', '---:', '---:']));
    let knee: Window | undefined;
    for (const w of steps) {
      const inWindow = [...metrics.routes.values()].flat().filter((s) => s.at >= w.from && s.at < w.to);
      const cpu = info.samples.filter((s) => s.at > w.from && s.at <= w.to);
      const avg = (f: (s: CpuMemSample) => number) => (cpu.length ? cpu.reduce((n, s) => n + f(s), 0) / cpu.length : 0);
      const line = metrics.waits.get(WAITS.line) ?? [];
      out.push(
        row([
          w.learners,
          inWindow.length,
          inWindow.filter((s) => !s.ok).length,
          (inWindow.length / ((w.to - w.from) / 1000)).toFixed(1),
          ...pages.map((p) => {
            const q = quantiles(metrics.pages.get(p) ?? [], w);
            return q.count ? ms(q.p95) : '–';
          }),
          quantiles(line, w).count ? ms(quantiles(line, w).p95) : '–',
          pct(avg((s) => s.serverCpu)),
          pct(avg((s) => s.childrenCpu)),
          pct(avg((s) => Math.max(0, s.machineCpu - s.serverCpu - s.childrenCpu - s.generatorCpu))),
          avg((s) => s.load1).toFixed(1),
        ]),
      );
      if (!knee && worstPage(metrics, w).p95 > options.pageLimitMs) knee = w;
    }
    out.push('');
    if (knee) {
      const worst = worstPage(metrics, knee);
      out.push(
        `**p95 of a page passes ${options.pageLimitMs / 1000} s at ${knee.learners} learners** (${worst.name}: ${(worst.p95 / 1000).toFixed(2)} s).`,
      );
    } else
      out.push(
        `p95 of every page stayed under ${options.pageLimitMs / 1000} s up to ${steps.at(-1)?.learners} learners (the ramp's last step).`,
      );
    out.push('');
  }

  const w = soak ?? { label: 'all', learners: options.learners, ...all };
  out.push(
    `## Soak: ${w.learners} learners and ${options.reviewers} reviewers, ${((w.to - w.from) / 60_000).toFixed(1)} min`,
    '',
  );
  const head = ['count', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'];
  out.push('Pages (the calls a screen makes before it shows, timed together):', '');
  out.push(row(['page', ...head]), row(['---', ...head.map(() => '---:')]), ...quantileRows(metrics.pages, w), '');
  out.push('What a learner waits for that is not a page:', '');
  out.push(row(['wait', ...head]), row(['---', ...head.map(() => '---:')]), ...quantileRows(metrics.waits, w), '');
  out.push('Routes:', '');
  out.push(row(['route', ...head]), row(['---', ...head.map(() => '---:')]), ...quantileRows(metrics.routes, w), '');

  out.push('## Server CPU and memory over time', '');
  out.push(
    `CPU in % of one core (${os.cpus().length} cores = ${100 * os.cpus().length} %), each row over the interval before it; "children": the embedded PostgreSQL, the speech decoders and ffmpeg under the server process; "generator": this load generator; "other work": the rest of the machine's busy CPU (0 on a quiet machine). RSS in MB.`,
    '',
  );
  out.push(
    row([
      't (s)',
      'learners',
      'server CPU %',
      'server RSS',
      'children CPU %',
      'children RSS',
      'children',
      'generator CPU %',
      'other work CPU %',
      'load',
    ]),
    row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  );
  for (const s of info.samples)
    out.push(
      row([
        Math.round(s.at / 1000),
        s.learners,
        pct(s.serverCpu),
        Math.round(s.serverRssMb),
        pct(s.childrenCpu),
        Math.round(s.childrenRssMb),
        s.childrenCount,
        pct(s.generatorCpu),
        pct(Math.max(0, s.machineCpu - s.serverCpu - s.childrenCpu - s.generatorCpu)),
        s.load1.toFixed(1),
      ]),
    );
  out.push('');
  const during = info.samples.filter((s) => s.at > w.from && s.at <= w.to);
  if (during.length >= 2) {
    const perMin = slope(during.map((s) => ({ x: s.at / 60_000, y: s.serverRssMb })));
    const mean = during.reduce((n, s) => n + s.serverRssMb, 0) / during.length;
    const first = during[0].serverRssMb;
    const last = during.at(-1)?.serverRssMb ?? first;
    // robust to the short peaks (a burst of sign-ins: argon2id takes 64 MiB per verification while it runs)
    const third = Math.max(1, Math.floor(during.length / 3));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const early = median(during.slice(0, third).map((s) => s.serverRssMb));
    const late = median(during.slice(-third).map((s) => s.serverRssMb));
    const verdict =
      Math.abs(late - early) < 0.1 * mean
        ? `flat: the median of the last third (${Math.round(late)} MB) is within 10 % of the first third's (${Math.round(early)} MB)`
        : `NOT flat: the median of the last third (${Math.round(late)} MB) is ${late > early ? 'above' : 'below'} the first third's (${Math.round(early)} MB) by more than 10 % of the mean`;
    out.push(
      `Server RSS during the soak: ${Math.round(first)} → ${Math.round(last)} MB, mean ${Math.round(mean)} MB, least-squares slope ${perMin >= 0 ? '+' : ''}${perMin.toFixed(2)} MB/min; **${verdict}**.`,
    );
    const kids = slope(during.map((s) => ({ x: s.at / 60_000, y: s.childrenRssMb })));
    out.push(`Children's RSS slope: ${kids >= 0 ? '+' : ''}${kids.toFixed(2)} MB/min.`);
  }
  out.push('');
  return out.join('\n');
}
