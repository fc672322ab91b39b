import { SCREEN_RECORDING } from '@sim/shared';

/** The browser can capture the display and record it. */
export function captureSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getDisplayMedia === 'function' &&
    typeof MediaRecorder !== 'undefined'
  );
}

/** The learner closed the browser's picker (or the browser refused): no screen was chosen. */
export class CaptureDeniedError extends Error {
  constructor(cause?: unknown) {
    super('no screen was chosen', { cause });
    this.name = 'CaptureDeniedError';
  }
}

/** The browser's picker for one screen: 1920×1080 at 30 fps, with the system audio when the learner shares it. */
export async function pickScreen(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getDisplayMedia({
      video: { width: SCREEN_RECORDING.width, height: SCREEN_RECORDING.height, frameRate: SCREEN_RECORDING.frameRate },
      audio: true,
    });
  } catch (error) {
    throw new CaptureDeniedError(error);
  }
}

/** The learner's microphone at 44.1 kHz; null when it cannot be opened (the recording then has the display audio only). */
export async function openMicrophone(): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: { sampleRate: SCREEN_RECORDING.audioSampleRate, channelCount: 1, echoCancellation: true },
    });
  } catch {
    return null;
  }
}

export interface MixedStream {
  stream: MediaStream;
  close: () => void;
}

/**
 * The first screen's recording: its video with the microphone and the display's audio mixed into one track
 * (AudioContext → MediaStreamDestination at 44.1 kHz). No audio at all: the video alone.
 */
export function mixAudio(display: MediaStream, microphone: MediaStream | null): MixedStream {
  const sources = [display, microphone].filter((s): s is MediaStream => s !== null && s.getAudioTracks().length > 0);
  if (sources.length === 0 || typeof AudioContext === 'undefined') {
    return { stream: new MediaStream(display.getVideoTracks()), close: () => {} };
  }
  const context = new AudioContext({ sampleRate: SCREEN_RECORDING.audioSampleRate });
  const destination = context.createMediaStreamDestination();
  for (const source of sources) context.createMediaStreamSource(source).connect(destination);
  return {
    stream: new MediaStream([...display.getVideoTracks(), ...destination.stream.getAudioTracks()]),
    close: () => void context.close().catch(() => {}),
  };
}

/** Stops every track of these streams (the browser's "sharing" bar goes away). */
export function stopStreams(...streams: (MediaStream | null)[]) {
  for (const stream of streams) for (const track of stream?.getTracks() ?? []) track.stop();
}
