import { SCRIPT_TOOLS_MESSAGES as M } from '@sim/shared';
import { useCallback, useEffect, useRef } from 'react';

/** The recording formats tried in order; the server reads WebM/Opus, OGG, WAV and MP3. */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg'];

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return MIME_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

/** The message for a microphone that could not be opened (denied, missing, unsupported). */
export function microphoneProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return M.micDenied;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return M.micMissing;
  return M.micFailed;
}

export class MicrophoneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MicrophoneError';
  }
}

interface Active {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
}

/**
 * The microphone with getUserMedia and MediaRecorder: start() opens it (throws MicrophoneError with the
 * message to show), stop() answers the recording. The microphone is released on stop and on unmount.
 * `audio`: the capture settings; the browser's own by default (an author's clip played to learners), the
 * learner's (lib/capture-settings.ts) for a recording the server grades.
 */
export function useRecorder(audio: MediaTrackConstraints | true = true) {
  const active = useRef<Active | null>(null);

  const release = useCallback(() => {
    const current = active.current;
    active.current = null;
    if (!current) return;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    for (const track of current.stream.getTracks()) track.stop();
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
      throw new MicrophoneError(M.micUnavailable);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio });
    } catch (error) {
      throw new MicrophoneError(microphoneProblem(error));
    }
    try {
      const mimeType = pickMimeType();
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      recorder.start();
      active.current = { recorder, stream, chunks };
    } catch {
      for (const track of stream.getTracks()) track.stop();
      throw new MicrophoneError(M.micFailed);
    }
  }, [audio]);

  /** Stops the recording and answers it (empty when nothing was captured). */
  const stop = useCallback(
    () =>
      new Promise<Blob>((resolve) => {
        const current = active.current;
        if (!current) {
          resolve(new Blob([]));
          return;
        }
        const { recorder, chunks } = current;
        const done = () => resolve(new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' }));
        if (recorder.state === 'inactive') {
          release();
          done();
          return;
        }
        recorder.addEventListener('stop', done, { once: true });
        release();
      }),
    [release],
  );

  return { start, stop, cancel: release };
}
