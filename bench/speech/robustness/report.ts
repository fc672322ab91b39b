import type { Condition } from './conditions';
import type { SetName } from './corpus-types';
import { cpuRatio, falseRate, type Outcome, passRate, pct, pctOf, recall, type Tally, tally } from './tally';
import type { BenchVoice } from './voices';

/** Where the enrolment sentences are said (run.ts --enrol): over the clean noise floor, or in each condition. */
export type EnrolIn = 'floor' | 'same';

/** Speaker adaptation done before decoding (run.ts --adapt). */
export interface Adaptation {
  /** enrolment sentences said by each voice (corpus-enrol.ts) */
  sentences: number;
  /** label of the condition the enrolment recordings were made in; none: in each recording's own condition */
  condition?: string;
  /** per voice: utterances the adaptations used, their seconds, and how many transforms were made */
  voices: { voice: string; used: number; seconds: number; transforms?: number }[];
}

export interface RunInfo {
  set: SetName;
  lines: number;
  voices: BenchVoice[];
  conditions: Condition[];
  /** speakers of each wrong answer in each condition */
  wrongVoices: number;
  date: string;
  command: string;
  machine: string;
  engine: string;
  espeak: string;
  /** seconds, pauses for /tmp/quiet.lock left out */
  wall: number;
  paused: number;
  /** combined: Moonshine's text with pocketsphinx's keyword search (the product); pocketsphinx: alone */
  engineKind: 'combined' | 'pocketsphinx';
  /** present when every voice was decoded with a transform adapted to it */
  adaptation?: Adaptation;
}

/** The condition the issue's accent goals are stated at. */
export const GOAL_CONDITION = 'pink10';
/** Digital silence is compared with the same recordings over this noise floor (else pink 20 dB). */
const FLOOR_CONDITIONS = ['floor', 'pink20'];

const goal = (ok: boolean, text: string) => `${text} ${ok ? '✅' : '❌'}`;
const points = (value: number) => (Number.isFinite(value) ? `${(100 * value).toFixed(1)} points` : 'n/a');

export interface Summary {
  accentMean: number;
  worst?: { voice: BenchVoice; recall: number };
  silenceCost: number;
  floorCondition?: string;
  all: Tally;
  project: Tally;
}

export function summarise(outcomes: readonly Outcome[], info: RunInfo): Summary {
  const accents = info.voices.filter((v) => v.kind === 'espeak');
  const at = (voice: string, condition: string) =>
    tally(outcomes.filter((o) => o.voice === voice && o.condition === condition));
  const accentRecalls = accents
    .map((voice) => ({ voice, recall: recall(at(voice.id, GOAL_CONDITION)) }))
    .filter((a) => Number.isFinite(a.recall));
  const accentMean = accentRecalls.length
    ? accentRecalls.reduce((a, r) => a + r.recall, 0) / accentRecalls.length
    : Number.NaN;
  const worst = accentRecalls.reduce<(typeof accentRecalls)[number] | undefined>(
    (w, a) => (!w || a.recall < w.recall ? a : w),
    undefined,
  );
  const byCondition = (id: string) => tally(outcomes.filter((o) => o.condition === id));
  const floorCondition = FLOOR_CONDITIONS.find((id) => info.conditions.some((c) => c.id === id));
  const silenceCost =
    floorCondition && info.conditions.some((c) => c.id === 'silence')
      ? recall(byCondition(floorCondition)) - recall(byCondition('silence'))
      : Number.NaN;
  const projectIds = new Set(info.voices.filter((v) => v.kind === 'project').map((v) => v.id));
  return {
    accentMean,
    worst,
    silenceCost,
    floorCondition,
    all: tally(outcomes),
    project: tally(outcomes.filter((o) => projectIds.has(o.voice))),
  };
}

function summaryTable(outcomes: readonly Outcome[], info: RunInfo, s: Summary): string[] {
  const cpu = cpuRatio(s.all);
  const silence = (id: string) => recall(tally(outcomes.filter((o) => o.condition === id)));
  const projectClean = tally(
    outcomes.filter(
      (o) => o.condition === 'silence' && info.voices.some((v) => v.id === o.voice && v.kind === 'project'),
    ),
  );
  const floorLabel = info.conditions.find((c) => c.id === s.floorCondition)?.label ?? 'a noise floor';
  return [
    '| Measure (goal of issue 14) | Value | Goal |',
    '|---|---|---|',
    `| Mean keyword recall across the espeak-ng accents, pink noise 10 dB | ${pct(s.accentMean)} | ${goal(s.accentMean >= 0.85, '≥ 85%')} |`,
    `| Worst accent, pink noise 10 dB | ${s.worst ? `${pct(s.worst.recall)} (${s.worst.voice.label})` : 'n/a'} | ${goal((s.worst?.recall ?? 0) >= 0.7, '≥ 70%')} |`,
    `| Cost of digital silence: recall with ${floorLabel} (${pct(silence(s.floorCondition ?? ''))}) − clean with digital silence (${pct(silence('silence'))}), all voices | ${points(s.silenceCost)} | ${goal(s.silenceCost <= 0.05, '≤ 5 points')} |`,
    `| False keywords on wrong answers, all conditions | ${pctOf(s.all.falseFound, s.all.wrongEntries)} | ${goal(falseRate(s.all) <= 0.03, '≤ 3%')} |`,
    `| Wrong answers passing a line, all conditions | ${s.all.wrongPasses} of ${s.all.wrong} | ${goal(s.all.wrongPasses === 0, '0')} |`,
    `| Decoder CPU ÷ audio | ${Number.isFinite(cpu) ? cpu.toFixed(3) : 'n/a'} | ${goal(cpu <= 0.3, '≤ 0.3')} |`,
    `| Project voices: keyword recall all conditions / clean (digital silence) | ${pct(recall(s.project))} / ${pct(recall(projectClean))} | no worse than before |`,
  ];
}

function row(label: string, t: Tally): string {
  const cpu = cpuRatio(t);
  return `| ${label} | ${pctOf(t.found, t.entries)} | ${pctOf(t.falseFound, t.wrongEntries)} | ${t.wrongPasses} of ${t.wrong} | ${pctOf(t.linePasses, t.lines)} | ${Number.isFinite(cpu) ? cpu.toFixed(3) : 'n/a'} |`;
}

export function report(outcomes: readonly Outcome[], info: RunInfo): string {
  const s = summarise(outcomes, info);
  const goalLabel = info.conditions.find((c) => c.id === GOAL_CONDITION)?.label ?? 'pink noise 10 dB';
  const perCondition = info.conditions.map((c) => row(c.label, tally(outcomes.filter((o) => o.condition === c.id))));
  const perVoice = info.voices.map((v) => {
    const mine = outcomes.filter((o) => o.voice === v.id);
    const all = tally(mine);
    const atGoal = tally(mine.filter((o) => o.condition === GOAL_CONDITION));
    const cpu = cpuRatio(all);
    return `| ${v.label} | ${pctOf(all.found, all.entries)} | ${pctOf(atGoal.found, atGoal.entries)} | ${pctOf(all.linePasses, all.lines)} | ${pct(passRate(atGoal))} | ${pctOf(all.falseFound, all.wrongEntries)} | ${all.wrongPasses} of ${all.wrong} | ${Number.isFinite(cpu) ? cpu.toFixed(3) : 'n/a'} |`;
  });
  const matrix = info.voices.map((v) => {
    const cells = info.conditions.map((c) =>
      pct(recall(tally(outcomes.filter((o) => o.voice === v.id && o.condition === c.id))), 0),
    );
    return `| ${v.label} | ${cells.join(' | ')} |`;
  });
  const allVoices = info.conditions.map((c) => pct(recall(tally(outcomes.filter((o) => o.condition === c.id))), 0));
  return [
    ...adaptationNote(info),
    `Set **${info.set}**: ${info.lines} lines × ${info.voices.length} voices × ${info.conditions.length} conditions = ${s.all.lines} line recordings, and ${s.all.wrong} wrong-answer recordings (each wrong answer in ${info.wrongVoices} voices per condition, turn about). Run ${info.date} with \`${info.command}\` (from bench/); ${info.machine}; ${info.engine}; recognition: ${info.engineKind === 'combined' ? "Moonshine tiny's text (stt-moonshine.ts), the keywords of its decode with the line's keywords boosted, and pocketsphinx's keyword search and timings (stt-combine.ts), as the product does" : 'pocketsphinx alone (`--engine pocketsphinx`)'}; ${info.espeak}. ${info.wall.toFixed(0)} s wall${info.paused ? ` (plus ${info.paused.toFixed(0)} s paused for /tmp/quiet.lock)` : ''}.`,
    '',
    ...summaryTable(outcomes, info, s),
    '',
    '**Per condition** (all voices):',
    '',
    '| Condition | Keyword recall | False keywords on wrong answers | Wrong answers passing | Line pass rate | CPU ÷ audio |',
    '|---|---|---|---|---|---|',
    ...perCondition,
    row('**All conditions**', s.all),
    '',
    `**Per accent** (all conditions pooled, and ${goalLabel}):`,
    '',
    `| Voice | Keyword recall | Keyword recall, ${goalLabel} | Line pass rate | Line pass rate, ${goalLabel} | False keywords on wrong answers | Wrong answers passing | CPU ÷ audio |`,
    '|---|---|---|---|---|---|---|---|',
    ...perVoice,
    '',
    '**Keyword recall by voice and condition:**',
    '',
    `| Voice | ${info.conditions.map((c) => c.id).join(' | ')} |`,
    `|---|${info.conditions.map(() => '---').join('|')}|`,
    ...matrix,
    `| **All voices** | ${allVoices.join(' | ')} |`,
    '',
  ].join('\n');
}

/** The title of the part a run's tables go into. */
export function partTitle(setTitle: string, adaptation?: Adaptation, pocketsphinxAlone = false): string {
  if (pocketsphinxAlone && !adaptation) return `Pocketsphinx alone (no neural recogniser): ${setTitle}`;
  if (!adaptation) return `Latest run: ${setTitle}`;
  return adaptation.condition
    ? `Latest run, adapted to each speaker (${adaptation.sentences} earlier recordings): ${setTitle}`
    : `Latest run, adapted to each speaker in each condition (${adaptation.sentences} earlier recordings made there): ${setTitle}`;
}

/** What an adapted run did before decoding (nothing for an unadapted one). */
function adaptationNote(info: RunInfo): string[] {
  const a = info.adaptation;
  if (!a) return [];
  const label = (id: string) => info.voices.find((v) => v.id === id)?.label ?? id;
  const perVoice = a.voices.map((v) => {
    const count = v.transforms ?? 1;
    const made = count > 1 ? `${v.used}/${a.sentences * count} over ${count} transforms` : `${v.used}/${a.sentences}`;
    return `${label(v.voice)} ${made} in ${v.seconds.toFixed(1)} s`;
  });
  const where = a.condition
    ? `in the condition "${a.condition}"; the engine made one MLLR transform per voice from them`
    : "in the condition of the recordings decoded with them (`--enrol same`: the same microphone and room as a learner's later lines; babble made of other enrolment sentences); the engine made one MLLR transform per voice and condition";
  return [
    `**Adapted to each speaker** (\`--adapt\`): before decoding, each voice said the ${a.sentences} enrolment sentences of \`corpus-enrol.ts\` (neither dev nor held-out lines; a learner's earlier recordings), ${where} as the server does for a learner (\`SpeechRecognizer.adaptSpeaker\`, stt-adapt.ts: the decodes' conditioning and frequency warp), and every recording of that voice (lines and wrong answers) was decoded with it (\`RecognitionHints.speaker\`). Enrolment utterances used and adaptation time: ${perVoice.join('; ')}. Otherwise the same measure as the unadapted tables above.`,
    '',
  ];
}

/** How the section is made (printed once at the top of the block). */
export function method(): string {
  return [
    'Made by `bench/speech/robustness/run.ts` (`npm run bench:speech:robustness`; also the last step of `npm run bench:speech`).',
    'Its own call-centre lines (billing, insurance, telecom, banking, healthcare scheduling; a dev set, `corpus-dev.ts`, and a held-out set, `corpus-heldout.ts`, chosen with `--set heldout`), each with 1-3 keyword entries and one wrong answer holding none of them.',
    'Speakers: espeak-ng English variants (accents the recogniser was never tuned on) and two of the project voices (LocalTtsProvider).',
    'Conditions (ffmpeg; speech brought to an active level of -26 dBFS with 0.7 s before and after it): clean with that 0.7 s as exact-zero samples (digital silence);',
    'the same over a faint noise floor (pink, 40 dB under the speech); pink noise and babble (4 other lines of the set in other voices) at 20, 10 and 5 dB SNR against the active speech level;',
    'telephone band (the noise-floor recording band-passed 300-3400 Hz, sent as an 8 kHz WAV).',
    "Every recording goes through Try Test's path: `SpeechRecognizer.transcribeWithStats` with `recognitionHints` of its line (a wrong answer with the hints of the line it answers),",
    "then `gradeLine` with the line's keywords and overalConfidence 60 (the engine's `spotted` keyword phrases are passed on when it reports them).",
    "Keyword recall = entries in gradeLine's correctKeywords ÷ entries; false keywords = entries gradeLine finds in wrong answers ÷ their entries; a line passes when gradeLine passes it; CPU ÷ audio = decoder CPU seconds ÷ seconds of audio sent.",
    'The "Before" part is kept in `bench/speech/robustness/before.md` (rewritten only by a run with `--as-before`); each "Latest run" part is rewritten by the run of its set.',
  ].join('\n');
}
