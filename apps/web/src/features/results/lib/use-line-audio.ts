import { useCallback, useEffect, useRef, useState } from 'react';

/** A line's audio (section 2): none (no URL), loading, loaded or failed ("Audio is NOT available"). */
export type AudioState = 'none' | 'loading' | 'loaded' | 'failed';

/**
 * The <audio> element of a transcript line (the caller renders it with `ref`, `src` and `events`): its
 * state, position and duration. The result is asked again while lines are graded, and each answer signs the
 * URLs anew; the element keeps the URL it has (so a playing line does not start over) unless it failed.
 */
export function useLineAudio(url: string | null) {
  const ref = useRef<HTMLAudioElement | null>(null);
  const [src, setSrc] = useState(url);
  const [state, setState] = useState<AudioState>(url ? 'loading' : 'none');
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  useEffect(() => {
    if (!url || url === src || (src !== null && state !== 'failed')) return;
    setSrc(url);
    setState('loading');
  }, [url, src, state]);

  const seek = useCallback((seconds: number) => {
    const audio = ref.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setTime(seconds);
  }, []);

  const events = {
    onLoadedMetadata: (event: { currentTarget: HTMLAudioElement }) => {
      const d = event.currentTarget.duration;
      if (Number.isFinite(d)) setDuration(d);
      setState('loaded');
    },
    onCanPlay: () => setState((s) => (s === 'loading' ? 'loaded' : s)),
    onTimeUpdate: (event: { currentTarget: HTMLAudioElement }) => setTime(event.currentTarget.currentTime),
    onError: () => setState('failed'),
  };

  return { ref, src, state, time, duration, seek, events };
}
