import { SCRIPT_TOOLS_MESSAGES as M } from '@sim/shared';
import { LEARNER_AUDIO_CONSTRAINTS } from '../../../lib/capture-settings';
import { MicrophoneError, microphoneProblem } from '../../../lib/use-recorder';

/** Opens the microphone with the learner's capture settings (lib/capture-settings.ts); throws MicrophoneError with the message to show. */
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
