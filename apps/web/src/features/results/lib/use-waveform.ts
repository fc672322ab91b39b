import { useEffect, useState } from 'react';
import { peaksOf } from './waveform';

export type WaveformState =
  | { status: 'loading' }
  | { status: 'ready'; peaks: Float32Array; duration: number }
  | { status: 'failed' };

/** How many bars the drawing has. */
export const WAVEFORM_BARS = 240;

type DecodingContext = { decodeAudioData: (data: ArrayBuffer) => Promise<AudioBuffer>; close?: () => Promise<void> };

/**
 * A context that only decodes: an OfflineAudioContext (it plays nothing, so the browser's autoplay rules do
 * not apply), else an AudioContext; null without Web Audio.
 */
function decodingContext(): DecodingContext | null {
  const w = window as unknown as {
    OfflineAudioContext?: new (channels: number, length: number, rate: number) => DecodingContext;
    AudioContext?: new () => DecodingContext;
  };
  if (w.OfflineAudioContext) return new w.OfflineAudioContext(1, 1, 44100);
  if (w.AudioContext) return new w.AudioContext();
  return null;
}

/**
 * The learner's recording decoded with the Web Audio API (decodeAudioData) and reduced to the peaks of
 * WAVEFORM_BARS slices, once per URL.
 */
export function useWaveform(url: string | null): WaveformState {
  const [state, setState] = useState<WaveformState>({ status: 'loading' });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    (async () => {
      const context = decodingContext();
      if (!context) throw new Error('no Web Audio');
      try {
        const response = await fetch(url, { signal: controller.signal });
        if (!response.ok) throw new Error(`recording: HTTP ${response.status}`);
        const buffer = await context.decodeAudioData(await response.arrayBuffer());
        const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
        if (!controller.signal.aborted)
          setState({ status: 'ready', peaks: peaksOf(channels, WAVEFORM_BARS), duration: buffer.duration });
      } finally {
        await context.close?.().catch(() => {});
      }
    })().catch(() => {
      if (!controller.signal.aborted) setState({ status: 'failed' });
    });
    return () => controller.abort();
  }, [url]);
  return state;
}
