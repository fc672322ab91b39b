import { HUMAN_RECORDINGS, LINES } from '../speech/corpus';
import {
  concat,
  espeak,
  gain,
  leveled,
  RATE,
  recording,
  SPEECH_LEVEL_DB,
  seeded,
  silence,
  speechRegions,
  trimmed,
  withNoise,
} from './audio';

/**
 * The takes of the bench: a learner's turn as the microphone hands it over, from the moment it opens: a
 * reaction time (0.6 to 1 s), the line, then 4 s of the room (long enough for any hangover measured). The
 * oracle's end of speech and the times the words were said (for the live transcript) go with each take.
 */
export interface BenchTake {
  id: string;
  /** the samples at RATE, noise included */
  audio: Float32Array;
  /** the end of the last speech, in samples (the oracle's, on the clean recording) */
  speechEnd: number;
  /** when each word of the line had been said, in samples */
  wordEnds: number[];
  lineWords: number;
  /** the mid-line pauses inserted, seconds */
  pauses: number[];
}

export interface Condition {
  id: string;
  label: string;
  /** takes with speech (false: the learner says nothing) */
  speech: boolean;
  /** beyond the requirement (pauses longer than 0.9 s): shown, left out of the totals */
  stress?: boolean;
  /** the takes, made one at a time (a condition's audio is hundreds of MB at 48 kHz) */
  takes: () => AsyncGenerator<BenchTake>;
}

export const ESPEAK_VOICES = ['en-us', 'en-gb', 'en-gb-scotland', 'en-029', 'en-gb-x-gbcwmd'];
const NORMAL_WPM = 175;
const SLOW_WPM = 120;
const TRAIL_S = 4;
/** the room: pink noise 40 dB under the speech (a quiet room), or 10 dB under it */
const FLOOR_DB = SPEECH_LEVEL_DB - 40;
const PINK10_DB = SPEECH_LEVEL_DB - 10;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** A line cut into `parts` groups of words (at a comma when there is one near the cut). */
export function splitLine(text: string, parts: number): string[] {
  const all = words(text);
  const cuts: number[] = [];
  for (let k = 1; k < parts; k += 1) {
    const at = Math.round((all.length * k) / parts);
    const comma = [at - 1, at - 2, at].find((i) => i > 0 && i < all.length && all[i - 1]?.endsWith(','));
    cuts.push(comma ?? at);
  }
  const groups: string[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > from && c < all.length)) {
    groups.push(all.slice(from, cut).join(' '));
    from = cut;
  }
  groups.push(all.slice(from).join(' '));
  return groups;
}

interface Piece {
  audio: Float32Array;
  words: number;
}

/** Speech pieces laid out after a reaction time, with the pauses between them, then the trail. */
function layout(id: string, pieces: Piece[], pauses: number[], lineWords: number, seed: number, room: number) {
  const random = seeded(seed);
  const lead = silence(0.6 + random() * 0.4);
  const chunks: Float32Array[] = [lead];
  const wordEnds: number[] = [];
  let at = lead.length;
  pieces.forEach((piece, k) => {
    for (let j = 1; j <= piece.words; j += 1) wordEnds.push(at + Math.round((piece.audio.length * j) / piece.words));
    chunks.push(piece.audio);
    at += piece.audio.length;
    const pause = pauses[k];
    if (pause !== undefined) {
      chunks.push(silence(pause));
      at += Math.round(pause * RATE);
    }
  });
  const speechEnd = at;
  chunks.push(silence(TRAIL_S));
  const audio = withNoise(concat(chunks), room, seed * 7 + 1);
  return { id, audio, speechEnd, wordEnds, lineWords, pauses } satisfies BenchTake;
}

/** The pieces brought to one level together (the pauses do not count in it). */
function leveledPieces(pieces: Piece[]): Piece[] {
  const joined = leveled(concat(pieces.map((p) => p.audio)));
  let at = 0;
  return pieces.map((p) => {
    const audio = joined.slice(at, at + p.audio.length);
    at += p.audio.length;
    return { ...p, audio };
  });
}

function pausesFor(count: number, min: number, max: number, random: () => number) {
  return Array.from({ length: count }, () => Math.round((min + random() * (max - min)) * 100) / 100);
}

/** Every line in every espeak-ng accent, at `wpm`, cut into `parts` with pauses of `pause` s between. */
async function* synthesized(
  tag: string,
  { wpm, parts, pause, room }: { wpm: number; parts: number; pause: [number, number]; room: number },
) {
  let seed = 1;
  for (const voice of ESPEAK_VOICES) {
    for (const [n, line] of LINES.entries()) {
      seed += 1;
      const random = seeded(seed * 31);
      const groups = splitLine(line.text, parts);
      const pieces = leveledPieces(
        await Promise.all(
          groups.map(async (g) => ({ audio: trimmed(await espeak(g, voice, wpm)), words: words(g).length })),
        ),
      );
      const pauses = pausesFor(pieces.length - 1, pause[0], pause[1], random);
      yield layout(`${tag}/${voice}/${n}`, pieces, pauses, words(line.text).length, seed, room);
    }
  }
}

/**
 * The human recordings (pocketsphinx-testdata): as said, or with their two longest pauses between words
 * stretched to `pause` s (silence put in the middle of the gap the reader left).
 */
async function* human(tag: string, { pause, room }: { pause: [number, number] | null; room: number }) {
  let seed = 1000;
  for (const [n, item] of HUMAN_RECORDINGS.entries()) {
    seed += 1;
    const random = seeded(seed * 17);
    const speech = leveled(trimmed(await recording(item.file, item.raw)));
    const regions = speechRegions(speech, 60);
    const lineWords = words(item.transcript).length;
    const gaps = regions
      .slice(1)
      .map((r, i) => ({ from: regions[i]?.[1] ?? 0, to: r[0] }))
      .sort((a, b) => b.to - b.from - (a.to - a.from))
      .slice(0, pause ? 2 : 0)
      .sort((a, b) => a.from - b.from);
    const cuts = [0, ...gaps.map((g) => Math.round((g.from + g.to) / 2)), speech.length];
    const pieces: Piece[] = [];
    const voiced = regions.reduce((a, r) => a + (r[1] - r[0]), 0);
    for (let k = 0; k + 1 < cuts.length; k += 1) {
      const audio = speech.slice(cuts[k], cuts[k + 1]);
      const inside = regions.reduce(
        (a, r) => a + Math.max(0, Math.min(r[1], cuts[k + 1] ?? 0) - Math.max(r[0], cuts[k] ?? 0)),
        0,
      );
      pieces.push({ audio, words: Math.max(1, Math.round((lineWords * inside) / voiced)) });
    }
    const pauses = pause
      ? gaps.map((g) => {
          const target = pause[0] + random() * (pause[1] - pause[0]);
          return Math.round(Math.max(0, target - (g.to - g.from) / RATE) * 100) / 100;
        })
      : [];
    yield layout(`${tag}/${n}`, pieces, pauses, lineWords, seed, room);
  }
}

/** Nothing said: the room for 12 s, with two knocks (10 ms clicks) in it. */
async function* nothingSaid(tag: string, room: number) {
  for (let n = 0; n < 10; n += 1) {
    const audio = withNoise(silence(12), room, 5000 + n);
    for (const at of [2.1 + n * 0.3, 6.4 + n * 0.2]) {
      const from = Math.round(at * RATE);
      const click = gain(new Float32Array(Math.round(0.01 * RATE)).fill(0.5), 0);
      audio.set(
        click.map((c, i) => c * (i % 2 ? 1 : -1)),
        from,
      );
    }
    yield { id: `${tag}/${n}`, audio, speechEnd: 0, wordEnds: [], lineWords: 12, pauses: [] } satisfies BenchTake;
  }
}

export const CONDITIONS: readonly Condition[] = [
  {
    id: 'normal-quiet',
    label: 'espeak-ng, 175 wpm, quiet room',
    speech: true,
    takes: () => synthesized('normal-quiet', { wpm: NORMAL_WPM, parts: 1, pause: [0, 0], room: FLOOR_DB }),
  },
  {
    id: 'normal-pink10',
    label: 'espeak-ng, 175 wpm, pink noise 10 dB',
    speech: true,
    takes: () => synthesized('normal-pink10', { wpm: NORMAL_WPM, parts: 1, pause: [0, 0], room: PINK10_DB }),
  },
  {
    id: 'slow-quiet',
    label: 'slow speaker: 120 wpm, 2 pauses of 0.6-0.9 s, quiet room',
    speech: true,
    takes: () => synthesized('slow-quiet', { wpm: SLOW_WPM, parts: 3, pause: [0.6, 0.9], room: FLOOR_DB }),
  },
  {
    id: 'slow-pink10',
    label: 'slow speaker: 120 wpm, 2 pauses of 0.6-0.9 s, pink noise 10 dB',
    speech: true,
    takes: () => synthesized('slow-pink10', { wpm: SLOW_WPM, parts: 3, pause: [0.6, 0.9], room: PINK10_DB }),
  },
  {
    id: 'human-quiet',
    label: 'human readers (pocketsphinx-testdata), quiet room',
    speech: true,
    takes: () => human('human-quiet', { pause: null, room: FLOOR_DB }),
  },
  {
    id: 'human-pink10',
    label: 'human readers, pink noise 10 dB',
    speech: true,
    takes: () => human('human-pink10', { pause: null, room: PINK10_DB }),
  },
  {
    id: 'human-slow-quiet',
    label: 'human readers, 2 pauses stretched to 0.6-0.9 s, quiet room',
    speech: true,
    takes: () => human('human-slow-quiet', { pause: [0.6, 0.9], room: FLOOR_DB }),
  },
  {
    id: 'human-slow-pink10',
    label: 'human readers, 2 pauses stretched to 0.6-0.9 s, pink noise 10 dB',
    speech: true,
    takes: () => human('human-slow-pink10', { pause: [0.6, 0.9], room: PINK10_DB }),
  },
  {
    id: 'long-pause',
    label: 'beyond the requirement: 120 wpm, 1 pause of 1.2-1.5 s mid-line, quiet room',
    speech: true,
    stress: true,
    takes: () => synthesized('long-pause', { wpm: SLOW_WPM, parts: 2, pause: [1.2, 1.5], room: FLOOR_DB }),
  },
  {
    id: 'silent-quiet',
    label: 'nothing said, quiet room with two knocks (12 s)',
    speech: false,
    takes: () => nothingSaid('silent-quiet', FLOOR_DB),
  },
  {
    id: 'silent-pink',
    label: 'nothing said, pink noise at the 10 dB condition level, two knocks (12 s)',
    speech: false,
    takes: () => nothingSaid('silent-pink', PINK10_DB),
  },
];
