import fs from 'node:fs';
import os from 'node:os';
import type { CaptureSettings } from './page';

export interface PcmStats {
  /** share of samples that are exactly zero */
  zeroShare: number;
  /** the longest run of exact zeros, seconds */
  longestZeroRun: number;
  /** level of the recording, dB below full scale (RMS) */
  rmsDb: number;
}

export function pcmStats(pcm: Int16Array, rate: number): PcmStats {
  let zeros = 0;
  let run = 0;
  let longest = 0;
  let sum = 0;
  for (const s of pcm) {
    sum += s * s;
    if (s === 0) {
      zeros++;
      run++;
      if (run > longest) longest = run;
    } else run = 0;
  }
  const rms = Math.sqrt(sum / Math.max(1, pcm.length)) / 32768;
  return {
    zeroShare: zeros / Math.max(1, pcm.length),
    longestZeroRun: longest / rate,
    rmsDb: rms > 0 ? 20 * Math.log10(rms) : -120,
  };
}

interface Measured {
  settings: CaptureSettings;
  room: string;
  voice: string;
  stats: PcmStats;
  found: number;
  entries: number;
  passed: boolean;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');
const START = '<!-- capture:start -->';
const END = '<!-- capture:end -->';

/** Prints the table and writes it between the capture markers of the results file (appended if missing). */
export function writeBlock(out: string, rows: Measured[], about: { voices: string[]; lines: number }) {
  const table = [
    '| capture settings | room | keyword recall | lines passed | exact-zero samples | longest zero run | level |',
    '|---|---|---|---|---|---|---|',
  ];
  const groups = new Map<string, Measured[]>();
  for (const r of rows) {
    const key = `${r.settings.name}\u0000${r.room}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, list] of groups) {
    const [name, room] = key.split('\u0000');
    const found = list.reduce((n, r) => n + r.found, 0);
    const entries = list.reduce((n, r) => n + r.entries, 0);
    const mean = (f: (r: Measured) => number) => list.reduce((n, r) => n + f(r), 0) / list.length;
    table.push(
      `| ${name} | ${room} | ${pct(found, entries)} (${found}/${entries}) | ${pct(list.filter((r) => r.passed).length, list.length)} | ${(100 * mean((r) => r.stats.zeroShare)).toFixed(1)}% | ${Math.max(...list.map((r) => r.stats.longestZeroRun)).toFixed(2)} s | ${mean((r) => r.stats.rmsDb).toFixed(1)} dBFS |`,
    );
  }
  const block = [
    START,
    '## Capture settings (bench:speech:capture)',
    '',
    `Run ${new Date().toISOString()} with \`npm run bench:speech:capture\` (bench/speech/capture/run.ts) on ${os.cpus().length} cores.`,
    `Debian's Chromium records its fake microphone (a WAV of the line by espeak-ng: ${about.voices.join(', ')}; ${about.lines} lines of`,
    "bench/speech/corpus.ts) with each set of getUserMedia constraints through MediaRecorder (WebM/Opus, as the app's",
    "recorders), then the recording is graded through the real recogniser with the line's hints (gradeLine).",
    '"digital silence": the WAV has exact zeros around the speech; "quiet room": pink noise 35 dB under it.',
    '',
    ...table,
    END,
  ].join('\n');
  console.log(block);
  const text = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
  const at = text.indexOf(START);
  const next =
    at >= 0
      ? text.slice(0, at) + block + text.slice(text.indexOf(END) + END.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(out, next);
}
