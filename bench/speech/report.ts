import { readFileSync } from 'node:fs';
import os from 'node:os';
import { LOCAL_VOICES } from '../../apps/server/src/modules/speech/engines/tts/tts-voices';
import type { VoiceName } from '../../apps/server/src/modules/speech/engines/types';
import type { KeywordResult } from './match';
import { matchesKeyword, wordErrors } from './match';
import { mean, median, percent, quantile } from './stats';
import type { StreamTiming } from './stream';

export interface Decoded {
  text: string;
  /** decoder CPU seconds */
  cpu: number;
  /** audio seconds (without the padding) */
  audio: number;
}

export interface Outcome {
  kind: 'line' | 'wrong' | 'human';
  voice: string;
  reference: string;
  keywords: string[];
  biased: Decoded;
  general?: Decoded;
  grade: KeywordResult;
  /** gradeLine of packages/shared (flexible phrasing) */
  graded: { passed: boolean; matched: number };
  ttsSeconds?: number;
}

export interface ReportInput {
  outcomes: Outcome[];
  streams: StreamTiming[];
  voices: string[];
  /** median F0 of each voice, Hz */
  pitch: Record<string, number>;
  lines: number;
  wrongAnswers: number;
  streamFailures: number;
  tts: { wall: number; cpu: number };
  stt: { wall: number; childCpu: number };
  cpus: number;
}

/** A line passes when its grade reaches overalConfidence (DECISIONS.md section 4). */
export const OVERALL_CONFIDENCE = 60;

const sec = (s: number) => (Number.isFinite(s) ? `${s.toFixed(2)} s` : 'n/a');

function keywordCounts(outcomes: Outcome[], model: 'biased' | 'general') {
  let matched = 0;
  let total = 0;
  for (const o of outcomes) {
    const text = model === 'biased' ? o.biased.text : o.general?.text;
    if (text === undefined) continue;
    total += o.keywords.length;
    matched += model === 'biased' ? o.grade.matched.length : countMatched(o, text);
  }
  return { matched, total };
}

function countMatched(o: Outcome, text: string): number {
  return o.keywords.filter((k) => matchesKeyword(text, k)).length;
}

function wer(outcomes: Outcome[], model: 'biased' | 'general'): string {
  let errors = 0;
  let words = 0;
  for (const o of outcomes) {
    const text = model === 'biased' ? o.biased.text : o.general?.text;
    if (text === undefined) return 'n/a';
    const e = wordErrors(o.reference, text);
    errors += e.errors;
    words += e.words;
  }
  return percent(errors, words);
}

function cpuRatio(outcomes: Outcome[], model: 'biased' | 'general'): number {
  let cpu = 0;
  let audio = 0;
  for (const o of outcomes) {
    const d = model === 'biased' ? o.biased : o.general;
    if (!d) return Number.NaN;
    cpu += d.cpu;
    audio += d.audio;
  }
  return cpu / audio;
}

function ratio(part: number, whole: number): number {
  return whole ? part / whole : Number.NaN;
}

export function report(input: ReportInput): string {
  const { outcomes, streams } = input;
  const synthetic = outcomes.filter((o) => o.kind === 'line');
  const wrong = outcomes.filter((o) => o.kind === 'wrong');
  const human = outcomes.filter((o) => o.kind === 'human');
  const kwSyn = keywordCounts(synthetic, 'biased');
  const kwSynGen = keywordCounts(synthetic, 'general');
  const kwHum = keywordCounts(human, 'biased');
  const kwHumGen = keywordCounts(human, 'general');
  const falseKw = keywordCounts(wrong, 'biased');
  const falseKwGen = keywordCounts(wrong, 'general');
  const passes = (list: Outcome[]) => list.filter((o) => o.graded.passed).length;
  const graded = (list: Outcome[]) => ({
    matched: list.reduce((a, o) => a + o.graded.matched, 0),
    total: list.reduce((a, o) => a + o.keywords.length, 0),
  });
  const gSyn = graded(synthetic);
  const gHum = graded(human);
  const gWrong = graded(wrong);
  const count = (k: { matched: number; total: number }) => `${percent(k.matched, k.total)} (${k.matched}/${k.total})`;
  const wrongPassing = passes(wrong);
  const cpuBiased = cpuRatio([...synthetic, ...wrong, ...human], 'biased');
  const cpuGeneral = cpuRatio([...synthetic, ...wrong, ...human], 'general');
  const firstPartials = streams.map((s) => s.firstPartial).filter(Number.isFinite);
  const afterOnset = streams.map((s) => s.firstPartialAfterOnset).filter(Number.isFinite);
  const ttsTimes = outcomes.map((o) => o.ttsSeconds).filter((t): t is number => t !== undefined);
  const ttsRtf = outcomes
    .filter((o) => o.ttsSeconds !== undefined)
    .map((o) => (o.ttsSeconds ?? 0) / Math.max(0.1, o.biased.audio));
  const streamRecall = streams.length
    ? `${streams.filter((s) => s.final.text.length > 0).length}/${streams.length + input.streamFailures} streams gave a final transcript`
    : 'not run';

  const target = (ok: boolean) => (ok ? '✅' : '❌');
  const rows: string[][] = [
    [
      "Keyword recall, synthetic voices (the grader: the transcript and the engine's keyword search)",
      percent(gSyn.matched, gSyn.total),
      `${gSyn.matched}/${gSyn.total}`,
      `≥ 97% ${target(ratio(gSyn.matched, gSyn.total) >= 0.97)}`,
    ],
    [
      'Keyword recall, human recordings (the grader)',
      percent(gHum.matched, gHum.total),
      `${gHum.matched}/${gHum.total}`,
      `≥ 90% ${target(ratio(gHum.matched, gHum.total) >= 0.9)}`,
    ],
    [
      'False keywords on wrong answers (the grader, hints of the line)',
      percent(gWrong.matched, gWrong.total),
      `${gWrong.matched}/${gWrong.total}`,
      `≤ 1% ${target(ratio(gWrong.matched, gWrong.total) <= 0.01)}`,
    ],
    [
      'Wrong answers passing a line (gradeLine, overalConfidence 60)',
      String(wrongPassing),
      `of ${wrong.length}`,
      `0 ${target(wrongPassing === 0)}`,
    ],
    [
      'Line pass rate, synthetic voices (biased, gradeLine)',
      percent(passes(synthetic), synthetic.length),
      `${passes(synthetic)}/${synthetic.length}`,
      '',
    ],
    [
      'Line pass rate, human recordings (biased, gradeLine)',
      percent(passes(human), human.length),
      `${passes(human)}/${human.length}`,
      '',
    ],
    [
      "Keywords in the transcript's text (bench matcher), with hints: synthetic / human / wrong answers",
      `${count(kwSyn)} / ${count(kwHum)} / ${count(falseKw)}`,
      '',
      '',
    ],
    [
      "Keywords in the transcript's text (bench matcher), no hints: synthetic / human / wrong answers",
      `${count(kwSynGen)} / ${count(kwHumGen)} / ${count(falseKwGen)}`,
      '',
      '',
    ],
    ['WER synthetic: general → biased', `${wer(synthetic, 'general')} → ${wer(synthetic, 'biased')}`, '', ''],
    ['WER human: general → biased', `${wer(human, 'general')} → ${wer(human, 'biased')}`, '', ''],
    [
      'WER wrong answers (vs what was said): general → biased',
      `${wer(wrong, 'general')} → ${wer(wrong, 'biased')}`,
      '',
      '',
    ],
    [
      'Decoder CPU ÷ audio, biased (model loading included)',
      cpuBiased.toFixed(3),
      '',
      `≤ 0.3 ${target(cpuBiased <= 0.3)}`,
    ],
    ['Decoder CPU ÷ audio, general model', Number.isFinite(cpuGeneral) ? cpuGeneral.toFixed(3) : 'n/a', '', ''],
    [
      'All child CPU during recognition ÷ audio decoded (ffmpeg + decoders)',
      (input.stt.childCpu / outcomes.reduce((a, o) => a + o.biased.audio * (o.general ? 2 : 1), 0)).toFixed(3),
      '',
      '',
    ],
    [
      'First partial after stream start, median / p95',
      `${sec(median(firstPartials))} / ${sec(quantile(firstPartials, 0.95))}`,
      `${firstPartials.length} streams`,
      `≤ 0.5 s ${target(quantile(firstPartials, 0.95) <= 0.5)}`,
    ],
    [
      "First partial after speech onset (first word's start), median / p95",
      `${sec(median(afterOnset))} / ${sec(quantile(afterOnset, 0.95))}`,
      '',
      '',
    ],
    [
      'Final transcript after end(), median / p95',
      `${sec(median(streams.map((s) => s.finalAfterEnd)))} / ${sec(
        quantile(
          streams.map((s) => s.finalAfterEnd),
          0.95,
        ),
      )}`,
      streamRecall,
      '',
    ],
    [
      'TTS time per line, median / mean / p95',
      `${sec(median(ttsTimes))} / ${sec(mean(ttsTimes))} / ${sec(quantile(ttsTimes, 0.95))}`,
      `${ttsTimes.length} syntheses`,
      '',
    ],
    ['TTS time ÷ audio length, median', median(ttsRtf).toFixed(3), '', ''],
  ];

  const perVoice = input.voices.map((voice) => {
    const list = synthetic.filter((o) => o.voice === voice);
    const k = graded(list);
    const tts = list.map((o) => o.ttsSeconds).filter((t): t is number => t !== undefined);
    const settings = LOCAL_VOICES[voice as VoiceName];
    const tuple = settings
      ? `${settings.engine} ${settings.source}, ${settings.pitchCents} cents, tempo ${settings.tempo}${settings.f0Mean ? `, F0 target ${settings.f0Mean} Hz` : ''}`
      : '';
    return `| ${voice} | ${tuple} | ${Math.round(input.pitch[voice] ?? 0)} Hz | ${percent(k.matched, k.total)} | ${wer(list, 'general')} → ${wer(list, 'biased')} | ${sec(median(tts))} |`;
  });

  const cpuModel = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
  return [
    '# Speech benchmark',
    '',
    `Run ${new Date().toISOString()} with \`npm run bench:speech\` (bench/speech/run.ts).`,
    `Machine: nproc ${input.cpus}, CPU ${cpuModel}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}.`,
    '',
    `Corpus: ${input.lines} call-centre lines × ${input.voices.length} voices (${input.voices.join(', ')}) = ${synthetic.length} synthetic recordings;`,
    `${input.wrongAnswers} wrong answers (each decoded with the hints of its line); ${human.length} human recordings of pocketsphinx-testdata.`,
    "Keyword recall, false keywords and line passes use the product's grader, gradeLine of packages/shared/src/grading (flexible phrasing, overalConfidence 60),",
    "with the keyword phrases the engine's search reports (`spotted`), as Try Test and the attempts grade; the transcript's text alone is also counted with the bench's simple matcher",
    "(normalised whole-word phrases, `|` alternatives). The text is the neural recogniser's when its model is installed (its plain decode ignores hints: with and without hints the text reads alike; the keywords of its decode with the line's keywords boosted count in `spotted`, as the product grades).",
    '',
    '| Measure | Value | Count | Target |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    '| Voice | Engine, source voice, pitch, rate | Median F0 | Keyword recall (the grader) | WER general → biased | TTS time per line (median) |',
    '|---|---|---|---|---|---|',
    ...perVoice,
    '',
    `Synthesis: ${input.tts.wall.toFixed(1)} s wall, ${input.tts.cpu.toFixed(1)} s CPU of child processes. Recognition: ${input.stt.wall.toFixed(1)} s wall, ${input.stt.childCpu.toFixed(1)} s CPU of child processes.`,
    '',
  ].join('\n');
}
