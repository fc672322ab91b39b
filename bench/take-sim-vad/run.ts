import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  END_OF_SPEECH,
  Endpointer,
  type EndpointerSettings,
  hangoverFor,
  LONG_HANGOVER_MS,
  SAID_LESS_SHARE,
} from '../../apps/web/src/features/take-sim/lib/end-of-speech';
import { median, quantile } from '../speech/stats';
import { RATE } from './audio';
import { type BenchTake, CONDITIONS, type Condition, ESPEAK_VOICES } from './takes';

/**
 * bench:take-sim-vad (issue 31, "End of speech"): the take-sim screen's endpointer
 * (apps/web/src/features/take-sim/lib/end-of-speech.ts) run over takes as the microphone hands them over
 * (batches of 4096 samples at 48 kHz, as pcm-capture.worklet.js sends them), for each condition of
 * takes.ts. For each take: how long after the end of speech the take ended (the end of the batch in which
 * the endpointer said so: when the page can act), and whether it ended before the speech did (cut
 * mid-sentence). Before issue 31 a take in autoplay never ended by itself.
 *
 * Policies: fixed hangovers (the sweep the hangover was chosen from) and the one the screen uses: 1.3 s, or
 * 1.8 s while the live transcript holds clearly fewer words than the line, with the transcript's words
 * arriving 0.5 s after they were said.
 */

const BATCH = 4096;
/** how late the live transcript's partials come after the words were said */
const TRANSCRIPT_LAG_S = 0.5;
const SWEEP_MS = [600, 800, 1000, 1100, 1200, 1300, 1500, 1800];
const OUT = path.join(import.meta.dirname, '../results/take-sim-vad.md');

interface Policy {
  id: string;
  label: string;
  hangover: (heardWords: number | null, lineWords: number) => number;
  /** with the live transcript, as the recorder: a burst ended while no word was heard is not believed */
  transcript?: boolean;
  /** thresholds other than the screen's (the threshold grid) */
  settings?: Partial<EndpointerSettings>;
}

const fixed = (ms: number): Policy => ({ id: `fixed-${ms}`, label: `fixed ${ms / 1000} s`, hangover: () => ms });
const SCREEN: Policy = {
  id: 'screen',
  label: `screen: ${END_OF_SPEECH.hangoverMs / 1000} s, ${LONG_HANGOVER_MS / 1000} s while under ${SAID_LESS_SHARE * 100}% of the words`,
  hangover: hangoverFor,
  transcript: true,
};
/** the thresholds tried around the screen's (start 10 dB, keep 7 dB over the floor), with a fixed 1.3 s hangover */
const THRESHOLDS: Policy[] = [8, 10, 12].flatMap((startDb) =>
  [5, 6, 7, 8].map((keepDb) => ({
    id: `thresholds-${startDb}-${keepDb}`,
    label: `start ${startDb} dB, keep ${keepDb} dB`,
    hangover: () => END_OF_SPEECH.hangoverMs,
    settings: { startDb, keepDb },
  })),
);
const NO_TRANSCRIPT: Policy = {
  id: 'no-transcript',
  label: `screen without a live transcript (${END_OF_SPEECH.hangoverMs / 1000} s)`,
  hangover: () => END_OF_SPEECH.hangoverMs,
};

interface Outcome {
  /** the take ended by itself: when, in s after the end of speech (negative: a cut) */
  endedAfter: number | null;
  event: 'end-of-speech' | 'no-speech' | null;
  endedAt: number | null;
  cut: boolean;
}

function runTake(take: BenchTake, policy: Policy): Outcome {
  const endpointer = new Endpointer(RATE, policy.settings);
  const lag = Math.round(TRANSCRIPT_LAG_S * RATE);
  for (let at = 0; at < take.audio.length; at += BATCH) {
    const heard = policy.transcript ? take.wordEnds.filter((w) => w + lag <= at).length : null;
    endpointer.setHangover(policy.hangover(heard, take.lineWords));
    const events = endpointer.push(take.audio.subarray(at, at + BATCH));
    let end = events.find((e) => e.type !== 'speech-start');
    if (end?.type === 'end-of-speech' && heard === 0) {
      endpointer.resume();
      end = undefined;
    }
    if (end) {
      const endedAt = Math.min(at + BATCH, take.audio.length) / RATE;
      const speechEnd = take.speechEnd / RATE;
      return {
        endedAfter: end.type === 'end-of-speech' ? endedAt - speechEnd : null,
        event: end.type,
        endedAt,
        cut: end.type === 'end-of-speech' && endedAt < speechEnd,
      };
    }
  }
  return { endedAfter: null, event: null, endedAt: null, cut: false };
}

interface Row {
  condition: Condition;
  takes: number;
  ended: number[];
  cuts: number;
  noSpeech: number;
  notEnded: number;
  noSpeechAt: number[];
}

function tally(condition: Condition, outcomes: readonly Outcome[]): Row {
  return {
    condition,
    takes: outcomes.length,
    ended: outcomes.filter((o) => o.endedAfter !== null && !o.cut).map((o) => o.endedAfter ?? 0),
    cuts: outcomes.filter((o) => o.cut).length,
    noSpeech: outcomes.filter((o) => o.event === 'no-speech').length,
    notEnded: outcomes.filter((o) => o.event === null).length,
    noSpeechAt: outcomes.filter((o) => o.event === 'no-speech').map((o) => o.endedAt ?? 0),
  };
}

const s = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)} s` : '-');

function speechTable(rows: Row[]): string[] {
  const lines = [
    '| condition | takes | ended after the speech: median | p95 | max | cut mid-sentence | "nothing said" | not ended |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.condition.label} | ${r.takes} | ${s(median(r.ended))} | ${s(quantile(r.ended, 0.95))} | ${s(Math.max(...r.ended))} | ${r.cuts} | ${r.noSpeech} | ${r.notEnded} |`,
    );
  }
  return lines;
}

const POLICIES = [...SWEEP_MS.map(fixed), SCREEN, NO_TRANSCRIPT, ...THRESHOLDS];

async function main() {
  const started = Date.now();
  console.log(`bench:take-sim-vad: ${CONDITIONS.length} conditions (${os.cpus().length} cores)`);
  /** outcomes by policy, then by condition */
  const outcomes = new Map(POLICIES.map((p) => [p.id, new Map<string, Outcome[]>()]));
  for (const condition of CONDITIONS) {
    const t0 = Date.now();
    let count = 0;
    for await (const take of condition.takes()) {
      count += 1;
      for (const policy of POLICIES) {
        const byCondition = outcomes.get(policy.id)!;
        const list = byCondition.get(condition.id) ?? [];
        list.push(runTake(take, policy));
        byCondition.set(condition.id, list);
      }
    }
    console.log(`  ${condition.id}: ${count} takes (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  const rowsOf = (policy: Policy, which: (c: Condition) => boolean) =>
    CONDITIONS.filter(which).map((c) => tally(c, outcomes.get(policy.id)?.get(c.id) ?? []));

  const screenRows = rowsOf(SCREEN, (c) => c.speech);
  const noTranscriptRows = rowsOf(NO_TRANSCRIPT, (c) => c.speech);
  const silentRows = rowsOf(SCREEN, (c) => !c.speech);
  const summary = (policy: Policy) => {
    const rows = rowsOf(policy, (c) => c.speech && !c.stress);
    const stress = rowsOf(policy, (c) => c.speech && c.stress === true);
    const ended = rows.flatMap((r) => r.ended);
    return {
      policy,
      takes: rows.reduce((a, r) => a + r.takes, 0),
      cuts: rows.reduce((a, r) => a + r.cuts, 0),
      notEnded: rows.reduce((a, r) => a + r.notEnded + r.noSpeech, 0),
      median: median(ended),
      p95: quantile(ended, 0.95),
      max: Math.max(...ended),
      longCuts: stress.reduce((a, r) => a + r.cuts, 0),
      longTakes: stress.reduce((a, r) => a + r.takes, 0),
      falseSpeech: rowsOf(policy, (c) => !c.speech).reduce((a, r) => a + r.cuts + r.ended.length, 0),
    };
  };
  const sweep = [...SWEEP_MS.map(fixed), SCREEN].map(summary);
  const thresholds = THRESHOLDS.map(summary);

  const out: string[] = [];
  out.push('# bench:take-sim-vad: end of speech in autoplay (issue 31)');
  out.push('');
  out.push(
    `Run ${new Date().toISOString().slice(0, 10)} with \`npm run bench:take-sim-vad\` (${((Date.now() - started) / 1000).toFixed(0)} s on ${os.cpus().length} cores). ` +
      'The endpointer of the take-sim screen (`apps/web/src/features/take-sim/lib/end-of-speech.ts`) is fed the takes as the ' +
      'microphone hands them over: batches of 4096 samples at 48 kHz (pcm-capture.worklet.js). A take "ended" at the end of the ' +
      'batch in which the endpointer told the end of speech, i.e. when the page can stop the recording; the figure is that time ' +
      'minus the end of the speech (an oracle on the clean recording). "Cut mid-sentence": the take ended before the speech did.',
  );
  out.push('');
  out.push(
    `Takes: the 46 lines of bench/speech/corpus.ts in ${ESPEAK_VOICES.length} espeak-ng accents (${ESPEAK_VOICES.join(', ')}), ` +
      'and the 11 human recordings of pocketsphinx-testdata; each after a reaction time of 0.6-1 s and followed by 4 s of the room. ' +
      'Slow speakers: 120 words a minute, the line said in three parts with two pauses of 0.6-0.9 s between them (synthesized apart, ' +
      "laid out with silence); the human readers' two longest pauses between words stretched to 0.6-0.9 s. The room: pink noise " +
      '40 dB under the speech (quiet) or 10 dB under it, the speech at -26 dBFS active level. The live transcript is simulated: ' +
      `partials from the start of the take, each word heard ${TRANSCRIPT_LAG_S} s after it was said; as in the recorder, an end ` +
      'of speech while no word has been heard is not believed (the endpointer listens again).',
  );
  out.push('');
  out.push('## Before and after');
  out.push('');
  out.push(
    'Before: autoplay had no endpointer and no limit: a take ended only with STOP (one left running became a 95 s recording). ' +
      'Over the eight conditions the requirement covers (pauses up to 0.9 s, quiet and pink noise 10 dB):',
  );
  out.push('');
  out.push('| | takes | ended by itself | after the end of speech: median | p95 | max | cut mid-sentence |');
  out.push('|---|---:|---:|---:|---:|---:|---:|');
  const required = summary(SCREEN);
  const requiredNoTranscript = summary(NO_TRANSCRIPT);
  out.push(`| before (no endpointer) | ${required.takes} | 0 | never | never | never | 0 |`);
  for (const [label, row] of [
    ['after, with the live transcript', required],
    ['after, without a live transcript', requiredNoTranscript],
  ] as const) {
    out.push(
      `| ${label} | ${row.takes} | ${row.takes - row.notEnded - row.cuts} | ${s(row.median)} | ${s(row.p95)} | ${s(row.max)} | ${row.cuts} |`,
    );
  }
  out.push('');
  out.push(
    `A take ends at most ${END_OF_SPEECH.hangoverMs / 1000} s + 60 ms (smoothing) + 85 ms (one batch) after the speech, or ${LONG_HANGOVER_MS / 1000} s + ` +
      `the same while the live transcript holds under ${SAID_LESS_SHARE * 100}% of the line's words: under 2 s either way. ` +
      'Nothing said: "nothing said" at 10 s (the screen stops the take with a message); every take, practice too, stops at ' +
      'max(15 s, 0.8 s a word + 8 s), at most 60 s.',
  );
  out.push('');
  out.push(`### After: the screen's policy (${SCREEN.label})`);
  out.push('');
  out.push(...speechTable(screenRows));
  out.push('');
  out.push(`### After, without a live transcript (${NO_TRANSCRIPT.label})`);
  out.push('');
  out.push(...speechTable(noTranscriptRows));
  out.push('');
  out.push('### Nothing said');
  out.push('');
  out.push('| condition | takes | false speech starts (ended as speech) | "nothing said" told | at |');
  out.push('|---|---:|---:|---:|---|');
  for (const r of silentRows) {
    const at = [...new Set(r.noSpeechAt.map((v) => v.toFixed(2)))].join(', ');
    out.push(`| ${r.condition.label} | ${r.takes} | ${r.cuts + r.ended.length} | ${r.noSpeech} | ${at} s |`);
  }
  out.push('');
  out.push('## The hangover, chosen from this sweep');
  out.push('');
  out.push(
    'Over the eight conditions the requirement covers (pauses up to 0.9 s), and the stress condition beyond it (one pause of 1.2-1.5 s):',
  );
  out.push('');
  out.push(
    '| policy | takes | ended after the speech: median | p95 | max | cut mid-sentence | not ended | cut, pause of 1.2-1.5 s |',
  );
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of sweep) {
    out.push(
      `| ${row.policy.label} | ${row.takes} | ${s(row.median)} | ${s(row.p95)} | ${s(row.max)} | ${row.cuts} | ${row.notEnded} | ${row.longCuts} / ${row.longTakes} |`,
    );
  }
  out.push('');
  out.push('## The thresholds, chosen from this grid');
  out.push('');
  out.push(
    'dB over the noise floor that start the speech (for 160 ms of 300 ms) and keep it going, with the 1.3 s hangover, over the same ' +
      'eight conditions; "false speech": takes of the nothing-said conditions ended as speech. A keep threshold under 7 dB lets the ' +
      'pink noise keep a take going (the late and never-ended takes); a start threshold of 12 dB misses some espeak-ng lines in ' +
      'pink noise 10 dB (the speech is then 10 dB over the noise, its start hardly 12 dB over the floor).',
  );
  out.push('');
  out.push('| thresholds | ended after the speech: median | p95 | max | cut mid-sentence | not ended | false speech |');
  out.push('|---|---:|---:|---:|---:|---:|---:|');
  for (const row of thresholds) {
    out.push(
      `| ${row.policy.label} | ${s(row.median)} | ${s(row.p95)} | ${s(row.max)} | ${row.cuts} | ${row.notEnded} | ${row.falseSpeech} |`,
    );
  }
  out.push('');
  const text = `${out.join('\n')}\n`;
  await writeFile(OUT, text);
  console.log(text);
  console.log(`written: ${path.relative(process.cwd(), OUT)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
