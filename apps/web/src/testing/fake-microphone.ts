import { vi } from 'vitest';

type Listener = (event: unknown) => void;

/** A MediaRecorder for jsdom: stop() hands over one chunk of "audio", then fires stop. */
export class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm';
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  private listeners = new Map<string, Listener[]>();
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.last = this;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    queueMicrotask(() => {
      this.emit('dataavailable', { data: new Blob(['RIFF-audio'], { type: 'audio/webm' }) });
      this.emit('stop', {});
    });
  }
}

/** The browser's microphone faked: getUserMedia answers a stream whose track stop is recorded. */
export function stubMicrophone() {
  const trackStop = vi.fn();
  const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: trackStop }] }));
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { getUserMedia, trackStop };
}
