import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** A media track of jsdom's fake streams; stop() is recorded. */
export class FakeTrack {
  readonly stop = vi.fn();
  constructor(
    readonly kind: 'audio' | 'video',
    readonly label: string = kind,
  ) {}
}

/** MediaStream for jsdom. */
export class FakeMediaStream {
  constructor(private readonly tracks: FakeTrack[] = []) {}
  getTracks() {
    return this.tracks;
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
}

/** MediaRecorder of a screen for jsdom: the test hands over its data; stop() hands over `lastData`, then stops. */
export class FakeScreenRecorder {
  static instances: FakeScreenRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('video/webm') || type === 'audio/webm';
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  mimeType: string;
  timeslice: number | null = null;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  /** what stop() hands over last */
  lastData: Blob = new Blob([]);
  constructor(
    readonly stream: FakeMediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'video/webm';
    FakeScreenRecorder.instances.push(this);
  }
  // the line recorder's API (addEventListener) is not used by the screen recorder
  addEventListener() {}
  start(timeslice: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  stop() {
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: this.lastData });
      this.onstop?.();
    });
  }
  /** the recorder's next timeslice of data */
  emit(bytes: number) {
    act(() => this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)], { type: 'video/webm' }) }));
  }
}

class FakeAudioContext {
  static last: FakeAudioContext | null = null;
  readonly sources: FakeMediaStream[] = [];
  readonly close = vi.fn(async () => {});
  constructor(readonly options?: { sampleRate?: number }) {
    FakeAudioContext.last = this;
  }
  createMediaStreamSource(stream: FakeMediaStream) {
    this.sources.push(stream);
    return { connect() {}, disconnect() {} };
  }
  createMediaStreamDestination() {
    return { stream: new FakeMediaStream([new FakeTrack('audio', 'mixed')]) };
  }
}

/**
 * The browser's capture faked: getDisplayMedia answers a screen (video and system audio) each call, or what
 * the test says; getUserMedia a microphone; MediaRecorder, MediaStream and AudioContext as above.
 */
export function fakeCapture() {
  FakeScreenRecorder.instances = [];
  FakeAudioContext.last = null;
  const screens: FakeMediaStream[] = [];
  const microphone = new FakeMediaStream([new FakeTrack('audio', 'microphone')]);
  const getDisplayMedia = vi.fn(async (_constraints: unknown) => {
    const stream = new FakeMediaStream([
      new FakeTrack('video', `screen ${screens.length + 1}`),
      new FakeTrack('audio', 'system'),
    ]);
    screens.push(stream);
    return stream as unknown as MediaStream;
  });
  const getUserMedia = vi.fn(async (_constraints: unknown) => microphone as unknown as MediaStream);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia, getDisplayMedia }, configurable: true });
  vi.stubGlobal('MediaStream', FakeMediaStream);
  vi.stubGlobal('MediaRecorder', FakeScreenRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return {
    screens,
    microphone,
    getDisplayMedia,
    getUserMedia,
    recorders: () => FakeScreenRecorder.instances,
    audio: () => FakeAudioContext.last,
  };
}

/** A deferred answer: the test decides when the server answers. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
