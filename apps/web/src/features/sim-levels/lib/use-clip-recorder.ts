import { CREATE_LEVELS_MESSAGES as M } from '@sim/shared';
import { useCallback, useRef, useState } from 'react';
import { MicrophoneError, useRecorder } from '../../../lib/use-recorder';

export type RecorderState = 'idle' | 'recording' | 'stopped';

/**
 * The author's own clip of a script (authoring.md section 4): idle, then recording from the microphone,
 * then stopped with the recording handed to onRecorded (which uploads it). The microphone itself is the
 * app's one recorder (lib/use-recorder).
 */
export function useClipRecorder(onRecorded: (audio: Blob) => void) {
  const microphone = useRecorder();
  const [state, setState] = useState<RecorderState>('idle');
  const [error, setError] = useState<string | null>(null);
  const handler = useRef(onRecorded);
  handler.current = onRecorded;

  const start = useCallback(async () => {
    setError(null);
    try {
      await microphone.start();
      setState('recording');
    } catch (err) {
      setError(err instanceof MicrophoneError ? err.message : M.microphoneRefused);
    }
  }, [microphone]);

  const stop = useCallback(async () => {
    const audio = await microphone.stop();
    if (audio.size === 0) {
      setError(M.recordingEmpty);
      setState('idle');
      return;
    }
    setState('stopped');
    handler.current(audio);
  }, [microphone]);

  /** back to idle once the recording was handled (uploaded or refused) */
  const reset = useCallback(() => setState('idle'), []);

  return { state, error, start, stop, reset };
}
