import { decodeAudio, PAD_SECONDS, SAMPLE_RATE } from './engines/audio/stt-audio';
import type { Transcript } from './engines/types';
import { type Envelope, envelopeOf, sameTake, type TakeMatch } from './stream-match';

/**
 * The finals of this instance's recent speech streams, so that a learner's line can be graded from the
 * decode its stream already made instead of decoding the uploaded recording again (issue 12, decisions.md
 * "Grading from the live stream"). Kept in memory for a short time and used once; a stream of another user,
 * with other hints, or one this instance did not serve, is simply not found and the upload is decoded.
 * A final found is used only for the recording it heard (issue 30): streamMatchesUpload compares the
 * envelope of the stream's audio with the upload's.
 */
export interface StreamFinal {
  transcript: Transcript;
  /** seconds of audio the stream received (its padding not counted) */
  audioSeconds: number;
  hints: { expected?: string; keywords?: string[] };
  /** the envelope of the audio the stream received, at 16 kHz (stream-match.ts): what the upload is compared with */
  envelope: Envelope;
}

interface Entry {
  owner: string;
  expiresAt: number;
  final: Promise<StreamFinal | null>;
}

/** How long a stream's final waits for its recording's upload. */
export const STREAM_RESULT_TTL_MS = 120_000;
/** At most this many finals kept (the oldest dropped first). */
export const MAX_STREAM_RESULTS = 5_000;

export class StreamResults {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A stream that will end with a final (null when it ends without one). */
  add(id: string, owner: string, final: Promise<StreamFinal | null>): void {
    this.sweep();
    while (this.entries.size >= MAX_STREAM_RESULTS) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    // a failed stream leaves no final; its rejection is the stream's own to report
    const settled = final.catch(() => null);
    this.entries.set(id, { owner, expiresAt: this.now() + STREAM_RESULT_TTL_MS, final: settled });
  }

  /**
   * The final of the owner's stream, waiting at most waitMs for it; used once. Null when unknown, of
   * another owner, expired, ended without a final, or not there in time.
   */
  async take(id: string, owner: string, waitMs: number): Promise<StreamFinal | null> {
    this.sweep();
    const entry = this.entries.get(id);
    if (!entry || entry.owner !== owner) return null;
    this.entries.delete(id);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      return await Promise.race([entry.final, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep() {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt > now) break; // insertion order is expiry order
      this.entries.delete(id);
    }
  }
}

const perApp = new WeakMap<object, StreamResults>();

/** The stream finals of one app (one per deps object: tests build several apps in one process). */
export function streamResultsOf(deps: object): StreamResults {
  let results = perApp.get(deps);
  if (!results) {
    results = new StreamResults();
    perApp.set(deps, results);
  }
  return results;
}

/**
 * Whether the uploaded recording is the audio the stream heard: the upload decoded to 16 kHz PCM (its padding
 * removed) and compared with the stream's envelope (stream-match.ts). Throws what decodeAudio throws.
 */
export async function streamMatchesUpload(final: StreamFinal, recording: Buffer): Promise<TakeMatch> {
  const pcm = await decodeAudio(recording);
  const padding = Math.round(PAD_SECONDS * SAMPLE_RATE) * 2;
  return sameTake(final.envelope, envelopeOf(pcm.subarray(0, Math.max(0, pcm.length - padding))));
}
