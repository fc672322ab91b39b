import { SPEECH_MESSAGES, type VoiceName } from '@sim/shared';
import type { AppDeps } from '../../deps';
import { AppError, Invalid } from '../../lib/errors';
import { sha256 } from '../../lib/secrets';
import { ImplausibleAudioError, inspectAudio } from './engines/audio/audio-header';
import { EngineUnavailableError, type RecognitionHints, type Transcript, UnsupportedAudioError } from './engines/types';
import { streamResultsOf } from './stream-results';

export { ADAPTATION, ADAPTATION_JOB_KIND, adaptationJob, queueAdaptationIfDue, speakerOf } from './adaptation';
/** For the uploads of recordings (attempts): a header checked against its data before anything decodes it. */
export { ImplausibleAudioError, inspectAudio } from './engines/audio/audio-header';
/** For other modules (sims' recorded audio): the app's one MP3 format, and the engines' two failures. */
export { MIN_MP3_BYTES, MP3_BYTES_PER_SECOND, mp3OutputArgs } from './engines/audio/mp3-format';
export { EngineUnavailableError, UnsupportedAudioError } from './engines/types';
export type { TakeMatch } from './stream-match';
export { type StreamFinal, streamMatchesUpload } from './stream-results';

/**
 * The final of one of the user's recent speech streams on this instance (used once), waiting at most
 * waitMs for it; null when there is none (see stream-results.ts).
 */
export function takeStreamFinal(deps: AppDeps, streamId: string, userId: string, waitMs: number) {
  return streamResultsOf(deps).take(streamId, userId, waitMs);
}

const inFlight = new Map<string, Promise<Buffer>>();

export function ttsCacheKey(version: string, voice: VoiceName, text: string): string {
  return `tts/${sha256(`${version}\n${voice}\n${text}`)}.mp3`;
}

function engineError(err: unknown, unavailable: string): never {
  if (err instanceof ImplausibleAudioError) throw Invalid(err.message, 'audio');
  if (err instanceof UnsupportedAudioError) throw Invalid(SPEECH_MESSAGES.audioUnsupported, 'audio');
  if (err instanceof RangeError) throw Invalid(`${err.message}.`); // text with nothing to say, a bad sample rate
  if (err instanceof EngineUnavailableError) throw new AppError('UNAVAILABLE', `${unavailable} ${err.message}`);
  throw err;
}

/**
 * The MP3 of a line in a voice. Stored in the blob store under a hash of (engine version, voice, text),
 * so the same line and voice is generated once; concurrent asks for the same line share one synthesis.
 */
export async function synthesize(
  deps: AppDeps,
  text: string,
  voice: VoiceName,
): Promise<{ key: string; audio: Buffer }> {
  const key = ttsCacheKey(deps.speech.tts.version, voice, text);
  const cached = await deps.blobs.get(key);
  if (cached) return { key, audio: cached.data };
  let job = inFlight.get(key);
  if (!job) {
    job = (async () => {
      try {
        const audio = await deps.speech.tts.synthesize(text, voice);
        await deps.blobs.put(key, audio, 'audio/mpeg');
        return audio;
      } catch (err) {
        return engineError(err, SPEECH_MESSAGES.ttsUnavailable);
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, job);
  }
  return { key, audio: await job };
}

/**
 * A recording transcribed. A WAV's header is checked against its data by the decoder (stt-audio.ts), a 400
 * with the reason when they do not fit; an upload straight from a user goes through transcribeUpload.
 */
export async function transcribe(deps: AppDeps, audio: Buffer, hints: RecognitionHints): Promise<Transcript> {
  try {
    return await deps.speech.stt.transcribe(audio, hints);
  } catch (err) {
    return engineError(err, SPEECH_MESSAGES.sttUnavailable);
  }
}

/**
 * How many decodes wait on this instance before the line's (issue 32: the learner is told, not left with a
 * spinner); undefined when it is not waiting here (being decoded, graded from the live stream, or queued on
 * another instance).
 */
export function linesAhead(deps: AppDeps, lineId: string): number | undefined {
  return deps.speech.stt.queuePosition?.(lineId);
}

/**
 * A user's upload transcribed (POST /speech/transcribe): its header checked against its data before it waits
 * for a decoder (any format: ffprobe reads what is not a WAV), 400 with the reason when they do not fit.
 */
export async function transcribeUpload(deps: AppDeps, audio: Buffer, hints: RecognitionHints): Promise<Transcript> {
  try {
    await inspectAudio(audio);
  } catch (err) {
    return engineError(err, SPEECH_MESSAGES.sttUnavailable);
  }
  return transcribe(deps, audio, hints);
}
