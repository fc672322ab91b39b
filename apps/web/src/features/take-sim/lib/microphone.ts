import { SCRIPT_TOOLS_MESSAGES as M } from '@sim/shared';
import { MicrophoneError, microphoneProblem } from '../../../lib/use-recorder';

/**
 * The capture settings of the learner's microphone, chosen on purpose:
 * - echoCancellation on: the customer's clip may still be ringing out of the speakers when the learner
 *   answers, and it must not be graded as the learner's words.
 * - noiseSuppression off: the suppressor gates quiet passages to exact digital zero; the recogniser's
 *   energy-based voice detection and its noise estimate go wrong on such silence (word starts clipped,
 *   "um" turned into words), so a little room noise recognises better than none.
 * - autoGainControl off: automatic gain pumps the level between words, which smears the quiet word
 *   endings the keywords depend on; the learner's level stays what the device gives.
 */
export const LEARNER_AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  echoCancellation: true,
  noiseSuppression: false,
  autoGainControl: false,
  channelCount: 1,
};

/** Opens the microphone with those settings; throws MicrophoneError with the message to show. */
export async function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
    throw new MicrophoneError(M.micUnavailable);
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: LEARNER_AUDIO_CONSTRAINTS });
  } catch (error) {
    throw new MicrophoneError(microphoneProblem(error));
  }
}

/** The recording formats tried in order; the server reads WebM/Opus, OGG, WAV and MP3. */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg'];

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return MIME_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

export interface ClipRecorder {
  /** stops and answers the recording (empty when nothing was captured) */
  stop(): Promise<Blob>;
  cancel(): void;
}

/** MediaRecorder on an open stream (the stream is the caller's to release). */
export function recordClip(stream: MediaStream): ClipRecorder {
  const mimeType = pickMimeType();
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  } catch {
    throw new MicrophoneError(M.micFailed);
  }
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event: BlobEvent) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  recorder.start();
  const blob = () => new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' });
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        if (recorder.state === 'inactive') {
          resolve(blob());
          return;
        }
        recorder.addEventListener('stop', () => resolve(blob()), { once: true });
        recorder.stop();
      }),
    cancel: () => {
      if (recorder.state !== 'inactive') recorder.stop();
    },
  };
}

export function releaseStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
