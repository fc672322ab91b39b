import { CREATE_LEVELS_MESSAGES as M } from '@sim/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = 'idle' | 'recording' | 'stopped';

/**
 * The author's own clip (authoring.md section 4): idle, then recording from the microphone with
 * MediaRecorder, then stopped with the recording handed to onRecorded (which uploads it).
 */
export function useRecorder(onRecorded: (audio: Blob) => void) {
  const [state, setState] = useState<RecorderState>('idle');
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const handler = useRef(onRecorded);
  handler.current = onRecorded;

  const release = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    recorder.current = null;
  }, []);

  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [release],
  );

  const start = useCallback(async () => {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError(M.recordingUnsupported);
      return;
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(M.microphoneRefused);
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream.current);
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      const audio = new Blob(chunks, { type: media.mimeType || 'audio/webm' });
      release();
      if (audio.size === 0) {
        setError(M.recordingEmpty);
        setState('idle');
        return;
      }
      setState('stopped');
      handler.current(audio);
    };
    recorder.current = media;
    media.start();
    setState('recording');
  }, [release]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  /** back to idle once the recording was handled (uploaded or refused) */
  const reset = useCallback(() => setState('idle'), []);

  return { state, error, start, stop, reset };
}
