import { useCallback, useRef, useState } from 'react';

export type PlayerState = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'blocked' | 'failed';

/**
 * A character's clip on an <audio> element the caller renders (`ref` and `events`): play, pause and the
 * states the screen shows. A browser that refuses to start sound before the learner has interacted with
 * the page answers 'blocked' (the screen then asks for a press on play).
 */
export function useClipPlayer(onEnded: () => void) {
  const ref = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<PlayerState>('idle');
  /** how far the clip has played, 0 to 100 */
  const [progress, setProgress] = useState(0);
  const ended = useRef(onEnded);
  ended.current = onEnded;

  const play = useCallback(() => {
    const audio = ref.current;
    if (!audio?.getAttribute('src')) return;
    if (audio.ended) audio.currentTime = 0;
    setState('loading');
    Promise.resolve(audio.play()).catch((error: unknown) => {
      const name = error instanceof DOMException || error instanceof Error ? error.name : '';
      if (name === 'AbortError') return; // a newer load or pause took over
      setState(name === 'NotAllowedError' ? 'blocked' : 'failed');
    });
  }, []);

  const pause = useCallback(() => {
    ref.current?.pause();
  }, []);

  /** Stops the clip and rewinds it (leaving the step). */
  const reset = useCallback(() => {
    const audio = ref.current;
    if (audio) {
      audio.pause();
      if (audio.readyState > 0) audio.currentTime = 0;
    }
    setState('idle');
    setProgress(0);
  }, []);

  const toggle = useCallback(() => {
    const audio = ref.current;
    if (!audio) return;
    if (audio.paused) play();
    else pause();
  }, [play, pause]);

  const events = {
    onPlaying: () => setState('playing'),
    onTimeUpdate: (event: { currentTarget: HTMLAudioElement }) => {
      const { currentTime, duration } = event.currentTarget;
      if (Number.isFinite(duration) && duration > 0) setProgress(Math.min(100, (currentTime / duration) * 100));
    },
    onPause: () => setState((s) => (s === 'ended' || s === 'idle' ? s : 'paused')),
    onEnded: () => {
      setState('ended');
      setProgress(100);
      ended.current();
    },
    onError: () => setState('failed'),
  };

  return { ref, state, progress, play, pause, reset, toggle, events };
}
