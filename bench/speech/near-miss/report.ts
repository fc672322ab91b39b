import { readFile, writeFile } from 'node:fs/promises';
import { replaceBetween } from '../robustness/results-block';
import { pctOf, ratio } from '../robustness/tally';
import { FACT_KINDS, type FactKind, NEAR_MISS_LINES, type NearMissLine, nearMisses, passCheck } from './corpus';
import { type Decoded, EVIDENCE, EVIDENCE_LABELS, type Evidence, type RegradeSettings } from './grade';

/** One recording graded: a right answer (the line itself) or a near miss (one fact swapped). */
export interface Graded {
  kind: 'right' | 'near';
  /** the line's id (corpus.ts) */
  line: string;
  /** near miss: its kind of fact and the keyword entry its swap makes false */
  fact?: FactKind;
  swapped?: string;
  voice: string;
  condition: string;
  /** gradeLine's correctKeywords and passed */
  credited: string[];
  passed: boolean;
  evidence: Evidence;
  cpu: number;
  /** seconds of the recording sent */
  seconds: number;
}

/** A recording as kept in the details file: what was said, every raw output of the provider, the grade. */
export interface Detail extends Graded {
  nearMiss?: string;
  said: string;
  /** the recording (in the audio cache) */
  audio: string;
  decoded: Decoded;
  /** regrade() with PRODUCT_SETTINGS gives the product's verdict (false: the engine combines otherwise) */
  regradeAgrees: boolean;
}

/** The details file of a run (run.ts writes it, regrade.ts reads it). */
export interface Details {
  info: RunInfo;
  /** the settings grade.ts rebuilt the evidence with */
  settings: RegradeSettings;
  recordings: Detail[];
}

export interface RunInfo {
  date: string;
  command: string;
  machine: string;
  engine: string;
  espeak: string;
  voices: { id: string; label: string }[];
  conditions: { id: string; label: string }[];
  lines: number;
  nearMisses: number;
  wall: number;
  paused: number;
  /** set by a regrade: what was changed from the product's grading */
  note?: string;
}

/** The issue's goals: the swapped keyword credited in at most this share of near misses, and no near miss passing. */
export const CREDIT_GOAL = 0.03;
const lineOf = new Map(NEAR_MISS_LINES.map((l) => [l.id, l]));
const lineById = (id: string): NearMissLine => {
  const line = lineOf.get(id);
  if (!line) throw new Error(`No line "${id}" in corpus.ts`);
  return line;
};

const NEAR_MISSES = nearMisses();
/** The keyword entries of a line that its near misses (of `kind`) swap: the entry each swap makes false. */
function swappedEntries(line: string, kind?: FactKind): string[] {
  return [
    ...new Set(NEAR_MISSES.filter((m) => m.line.id === line && (!kind || m.kind === kind)).map((m) => m.keyword)),
  ];
}

interface Tally {
  near: number;
  credited: number;
  checked: number;
  passing: number;
  rightEntries: number;
  rightFound: number;
  right: number;
  rightPasses: number;
}

function tally(rs: readonly Graded[], kind?: FactKind): Tally {
  const t: Tally = {
    near: 0,
    credited: 0,
    checked: 0,
    passing: 0,
    rightEntries: 0,
    rightFound: 0,
    right: 0,
    rightPasses: 0,
  };
  for (const r of rs) {
    if (r.kind === 'near') {
      if (kind && r.fact !== kind) continue;
      t.near++;
      if (r.swapped && r.credited.includes(r.swapped)) t.credited++;
      if (passCheck(lineById(r.line))) {
        t.checked++;
        if (r.passed) t.passing++;
      }
      continue;
    }
    const entries = swappedEntries(r.line, kind);
    if (!entries.length) continue;
    t.right++;
    if (r.passed) t.rightPasses++;
    t.rightEntries += entries.length;
    t.rightFound += entries.filter((e) => r.credited.includes(e)).length;
  }
  return t;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const goal = (ok: boolean) => (ok ? '✅' : '❌');

function cells(t: Tally): string {
  const credit = ratio(t.credited, t.near);
  const creditCell = t.near ? `${pctOf(t.credited, t.near)} ${goal(credit <= CREDIT_GOAL)}` : 'n/a';
  const passCell = t.checked ? `${t.passing} of ${t.checked} ${goal(t.passing === 0)}` : 'n/a (3 entries)';
  return `${t.near} | ${creditCell} | ${passCell} | ${pctOf(t.rightFound, t.rightEntries)} | ${pctOf(t.rightPasses, t.right)}`;
}

const HEADER = [
  '| {what} | Near misses | Swapped keyword credited (≤ 3%) | Near misses passing their line (1-2 entry lines; 0) | Same keyword found when said right | Right answers passing |',
  '|---|---|---|---|---|---|',
];
const header = (what: string) => [HEADER[0].replace('{what}', what), HEADER[1]];

/** The tables of a run (or of a regrade of its details). */
export function report(rs: readonly Graded[], info: RunInfo): string {
  const near = rs.filter((r) => r.kind === 'near');
  const right = rs.filter((r) => r.kind === 'right');
  const all = tally(rs);
  const kinds = (Object.keys(FACT_KINDS) as FactKind[]).filter((k) => near.some((r) => r.fact === k));
  const perKind = kinds.map((k) => {
    const lines = new Set(near.filter((r) => r.fact === k).map((r) => r.line)).size;
    return `| ${FACT_KINDS[k]} (${plural(lines, 'line')}) | ${cells(tally(rs, k))} |`;
  });
  const per = (key: 'condition' | 'voice', items: { id: string; label: string }[]) =>
    items.map((item) => `| ${item.label} | ${cells(tally(rs.filter((r) => r[key] === item.id)))} |`);
  const rightEntries = right.reduce((a, r) => a + lineById(r.line).keywords.length, 0);
  const rightFound = right.reduce((a, r) => a + r.credited.length, 0);
  const cpu = ratio(
    rs.reduce((a, r) => a + r.cpu, 0),
    rs.reduce((a, r) => a + r.seconds, 0),
  );
  const credited = near.filter((r) => r.swapped && r.credited.includes(r.swapped));
  const by = (r: Graded, e: (typeof EVIDENCE)[number], entry: string) => r.evidence[e].includes(entry);
  const evidenceRows = EVIDENCE.map((e) => {
    const nearBy = credited.filter((r) => by(r, e, r.swapped ?? ''));
    const nearAlone = nearBy.filter((r) => EVIDENCE.every((o) => o === e || !by(r, o, r.swapped ?? '')));
    const found = right.flatMap((r) => r.credited.map((entry) => ({ r, entry })));
    const rightBy = found.filter((f) => by(f.r, e, f.entry));
    const rightAlone = rightBy.filter((f) => EVIDENCE.every((o) => o === e || !by(f.r, o, f.entry)));
    return `| ${EVIDENCE_LABELS[e]} | ${nearBy.length} | ${nearAlone.length} | ${rightBy.length} of ${found.length} | ${rightAlone.length} |`;
  });
  const gateOpen = near.filter((r) => r.evidence.gateOpen).length;
  return [
    `${plural(info.lines, 'line')}, ${plural(info.nearMisses, 'near miss', 'near misses')}, said by ${plural(info.voices.length, 'voice')} (${info.voices.map((v) => v.label).join(', ')}) in ${plural(info.conditions.length, 'condition')} (${info.conditions.map((c) => c.label).join('; ')}): ${near.length} near-miss recordings and ${right.length} right answers. Run ${info.date} with \`${info.command}\` (from bench/); ${info.machine}; ${info.engine}; ${info.espeak}. ${info.wall.toFixed(0)} s wall${info.paused ? ` (plus ${info.paused.toFixed(0)} s paused for /tmp/quiet.lock)` : ''}.${info.note ? ` ${info.note}` : ''}`,
    '',
    '| Measure (goal of issue 30) | Value | Goal |',
    '|---|---|---|',
    `| Swapped keyword credited, all near misses | ${pctOf(all.credited, all.near)} | ≤ 3% ${goal(ratio(all.credited, all.near) <= CREDIT_GOAL)} |`,
    `| Near misses passing their line (lines of 1-2 keyword entries) | ${all.passing} of ${all.checked} | 0 ${goal(all.passing === 0)} |`,
    `| Kinds of fact meeting both goals | ${
      kinds.filter((k) => {
        const t = tally(rs, k);
        return ratio(t.credited, t.near) <= CREDIT_GOAL && t.passing === 0;
      }).length
    } of ${kinds.length} | all |`,
    `| Right answers: keyword recall (every entry) / lines passing | ${pctOf(rightFound, rightEntries)} / ${pctOf(
      right.filter((r) => r.passed).length,
      right.length,
    )} | kept |`,
    `| Decoder CPU ÷ audio (both recognisers) | ${Number.isFinite(cpu) ? cpu.toFixed(3) : 'n/a'} | ≤ 0.3 ${goal(cpu <= 0.3)} |`,
    '',
    '**Per kind of fact** (all voices and conditions; "said right": the same keyword entry in the right answers of the same lines):',
    '',
    ...header('Kind of fact'),
    ...perKind,
    `| **All kinds** | ${cells(all)} |`,
    '',
    '**Per condition:**',
    '',
    ...header('Condition'),
    ...per('condition', info.conditions),
    '',
    '**Per voice:**',
    '',
    ...header('Voice'),
    ...per('voice', info.voices),
    '',
    `**Which evidence credits the swapped keyword** (${credited.length} near misses credited; the line gate opened on ${pctOf(gateOpen, near.length)} of the near misses). Each evidence on its own, before the fusion's veto (grade.ts); a keyword may have several:`,
    '',
    '| Evidence | Near misses it credits | … and nothing else does | Right answers: keywords it finds | … and nothing else does |',
    '|---|---|---|---|---|',
    ...evidenceRows,
    '',
  ].join('\n');
}

/** How the section is made (at the top of its block). */
export function method(): string {
  return [
    '## Near misses: no credit for a fact not said (issue 30)',
    '',
    'Made by `bench/speech/near-miss/run.ts` (`npm run bench:speech:near-miss`; also a step of `npm run bench:speech`).',
    "Its own call-centre lines (`corpus.ts`, sentences of no other bench), each with 1-3 keyword entries, and their near misses: the same line with exactly one keyword's fact swapped for a plausible wrong one",
    '("fifteen dollars" → "fifty dollars", "six one three eight" → "six nine three eight", "Doctor Patel" → "Doctor Patton", "Premium plan" → "Premier plan"), tagged with the kind of fact; the right answers are the lines themselves.',
    'Every near miss and right answer is synthesized in every voice (espeak-ng variants and project voices, `robustness/voices.ts`) and put in every condition (`robustness/conditions.ts`),',
    "then graded exactly as the product grades a learner's line: `SpeechRecognizer.transcribeWithStats` with `recognitionHints` of the line, then `gradeLine` with the transcript's `spotted` and overalConfidence 60.",
    "Swapped keyword credited = near misses whose swapped keyword entry is in gradeLine's correctKeywords ÷ near misses. A line of 3 entries passes with one wrong fact by the rules (2 of 3 = 66.7% ≥ 60%), so only lines of 1-2 entries count for the passes.",
    "Which evidence credits a keyword is rebuilt from the provider's raw outputs (`grade.ts`); every decode is kept in the details file (`--cache`, printed by the run) and `regrade.ts` grades it again with other settings without decoding.",
    'The "Before" part is kept in `bench/speech/near-miss/before.md` (rewritten only by a run with `--as-before`); the "Latest run" part by every full run (or a run with `--out`).',
  ].join('\n');
}

const BLOCK = { start: '<!-- near-miss:start -->', end: '<!-- near-miss:end -->' };
const BEFORE = { start: '<!-- near-miss:before:start -->', end: '<!-- near-miss:before:end -->' };
const LATEST = { start: '<!-- near-miss:latest:start -->', end: '<!-- near-miss:latest:end -->' };

/** Keeps this run's tables as the "before" figures (before.md, beside this file). */
export async function saveAsBefore(beforeFile: string, tables: string, heading: string) {
  await writeFile(beforeFile, `${heading}\n\n${tables.trim()}\n`);
}

/** Writes the "Near misses" section of `outFile` (the rest of the file kept as it is). */
export async function writeSection(outFile: string, beforeFile: string, tables: string) {
  const file = await readFile(outFile, 'utf8').catch(() => '');
  const before = await readFile(beforeFile, 'utf8').catch(() => '_No "before" tables kept yet._');
  let block = `${method()}\n\n`;
  block = replaceBetween(block, BEFORE, before);
  block = replaceBetween(block, LATEST, `### Latest run\n\n${tables}`);
  await writeFile(outFile, replaceBetween(file, BLOCK, block));
}
