/** The figures of bench:web as console lines and as bench/results/web.md. */
import type { FormFactor, PageFigures } from './lighthouse-run';

export const GOALS = { performance: 95, accessibility: 95 } as const;

export interface PageResult {
  name: string;
  path: string;
  formFactor: FormFactor;
  /** every run, in order */
  runs: PageFigures[];
}

/** The run of median performance score (Lighthouse's advice for variable runs): its figures are reported. */
export function medianRun(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.tbt - b.tbt);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export function meetsGoals(f: PageFigures): boolean {
  return f.performance >= GOALS.performance && f.accessibility >= GOALS.accessibility;
}

const ms = (v: number) => `${Math.round(v)} ms`;
const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;

export function tableRow(r: PageResult): string {
  const m = medianRun(r.runs);
  const all = r.runs.map((run) => run.performance).join(', ');
  return `| ${r.name} | ${r.formFactor} | ${m.performance} (${all}) | ${m.accessibility} | ${m.bestPractices} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${kb(m.jsTransferred)} (${m.jsRequests}) | ${meetsGoals(m) ? 'yes' : '**no**'} |`;
}

export function consoleLine(r: PageResult): string {
  const m = medianRun(r.runs);
  return `${r.name.padEnd(10)} ${r.formFactor.padEnd(8)} perf ${String(m.performance).padStart(3)}  a11y ${String(m.accessibility).padStart(3)}  bp ${String(m.bestPractices).padStart(3)}  FCP ${ms(m.fcp).padStart(8)}  LCP ${ms(m.lcp).padStart(8)}  TBT ${ms(m.tbt).padStart(7)}  CLS ${m.cls.toFixed(3)}  JS ${kb(m.jsTransferred).padStart(9)} in ${m.jsRequests}  (runs: ${r.runs.map((x) => x.performance).join(', ')})${meetsGoals(m) ? '' : '  BELOW GOAL'}`;
}

/** The hand-written part of bench/results/web.md (from its `## Notes` heading on), kept when the bench rewrites it. */
export const NOTES_HEADING = '## Notes';

export function keptNotes(previous: string | null): string {
  const at = previous?.indexOf(`\n${NOTES_HEADING}\n`) ?? -1;
  return previous && at >= 0 ? previous.slice(at + 1) : '';
}

export function markdown(results: PageResult[], context: string[], notes = ''): string {
  const lines = [
    '# Web first paint and runtime (`npm run bench:web`)',
    '',
    ...context,
    '',
    `Goals: performance ≥ ${GOALS.performance}, accessibility ≥ ${GOALS.accessibility} (desktop, the product's`,
    'setting: agents and reviewers at call-centre desktops). Mobile (Lighthouse default: Moto G Power, slow 4G,',
    '4× CPU) is printed for information. Figures are those of the run of median performance score; the',
    'performance column lists every run.',
    '',
    '| page | form factor | performance (runs) | accessibility | best practices | FCP | LCP | TBT | CLS | JS transferred (requests) | goals met |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(tableRow),
    '',
    '## Audits under 0.9 (median run)',
    '',
  ];
  for (const r of results) {
    const m = medianRun(r.runs);
    lines.push(`### ${r.name} (${r.formFactor}) — ${r.path} → ${new URL(m.finalUrl).pathname}`, '');
    if (m.failing.length === 0) lines.push('None.');
    for (const f of m.failing)
      lines.push(`- ${f.category}: \`${f.id}\` ${f.title}${f.display ? ` (${f.display})` : ''}`);
    for (const issue of m.a11yIssues)
      lines.push(`  - \`${issue.id}\` elements: ${issue.nodes.map((n) => `\`${n}\``).join(', ') || '(none listed)'}`);
    lines.push('');
  }
  if (notes.trim()) lines.push(notes.trim());
  return `${lines.join('\n').trimEnd()}\n`;
}
