import { SCREEN_RECORDING, type TBuildScreenShareRequest } from '@sim/shared';
import { type MixedStream, mixAudio, stopStreams } from './capture';
import { ChunkedUploader, type ChunkPart, ChunkUploadError, type UploadProgress } from './chunked-uploader';

/** The recorder of one screen: MediaRecorder, or a stand-in in the tests. */
export interface ScreenRecorder {
  readonly state: 'inactive' | 'recording' | 'paused';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  start(timeslice: number): void;
  stop(): void;
}

export interface RecordingSessionDeps {
  send: (attemptId: string, part: ChunkPart, signal: AbortSignal) => Promise<void>;
  build: (attemptId: string, body: TBuildScreenShareRequest) => Promise<unknown>;
  createRecorder?: (stream: MediaStream) => ScreenRecorder;
  /** the recorder's timeslice (ms) */
  timesliceMs?: number;
  now?: () => number;
}

interface Screen {
  fileName: string;
  stream: MediaStream;
  mixed: MixedStream | null;
  recorder: ScreenRecorder;
  uploader: ChunkedUploader;
  startedAt: number;
}

const defaultRecorder = (stream: MediaStream): ScreenRecorder => {
  const type = MediaRecorder.isTypeSupported(SCREEN_RECORDING.recorderMimeType)
    ? SCREEN_RECORDING.recorderMimeType
    : undefined;
  return new MediaRecorder(stream, type ? { mimeType: type } : undefined) as unknown as ScreenRecorder;
};

/** The n-th screen's file name (one per screen, as the build's sources name them). */
export const screenFileName = (n: number) => `screen-${n}.webm`;

/**
 * The screen recording of one attempt: a recorder and a chunked upload per screen (the microphone mixed into
 * the first), sent while recording; finish() stops the recorders, sends the rest and asks the server to build
 * the video. Progress is the parts acknowledged over the parts cut, over every screen.
 */
export class RecordingSession {
  private readonly screens: Screen[] = [];
  private readonly listeners = new Set<(progress: UploadProgress) => void>();
  private readonly createRecorder: (stream: MediaStream) => ScreenRecorder;
  private readonly now: () => number;
  private microphone: MediaStream | null = null;
  private built = false;
  private gaveUp = false;
  private lastError: unknown = null;

  constructor(
    readonly attemptId: string,
    private readonly deps: RecordingSessionDeps,
  ) {
    this.createRecorder = deps.createRecorder ?? defaultRecorder;
    this.now = deps.now ?? Date.now;
  }

  get screenCount(): number {
    return this.screens.length;
  }

  /** a recorder is still recording */
  get recording(): boolean {
    return this.screens.some((s) => s.recorder.state === 'recording');
  }

  /** when the first screen started recording (ms since the epoch), or null */
  get startedAt(): number | null {
    return this.screens[0]?.startedAt ?? null;
  }

  get progress(): UploadProgress {
    return this.screens.reduce(
      (sum, s) => ({
        acknowledged: sum.acknowledged + s.uploader.progress.acknowledged,
        parts: sum.parts + s.uploader.progress.parts,
      }),
      { acknowledged: 0, parts: 0 },
    );
  }

  onProgress(listener: (progress: UploadProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The microphone laid into the first screen's recording (open it before the first screen). */
  setMicrophone(stream: MediaStream | null) {
    this.microphone = stream;
  }

  /** Starts recording a screen the learner picked: the first carries the audio. */
  addScreen(display: MediaStream): void {
    const n = this.screens.length + 1;
    const mixed = n === 1 ? mixAudio(display, this.microphone) : null;
    const recorded = mixed ? mixed.stream : new MediaStream(display.getVideoTracks());
    const recorder = this.createRecorder(recorded);
    const fileName = screenFileName(n);
    const uploader = new ChunkedUploader({
      fileName,
      fileType: recorder.mimeType || SCREEN_RECORDING.recorderMimeType,
      send: (part, signal) => this.deps.send(this.attemptId, part, signal),
      onProgress: () => this.report(),
    });
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) uploader.push(event.data);
    };
    recorder.start(this.deps.timesliceMs ?? 1000);
    this.screens.push({ fileName, stream: display, mixed, recorder, uploader, startedAt: this.now() });
    this.report();
  }

  /**
   * After All Done: the recorders stop, the rest is sent, then the video is built (`durationSeconds`: the
   * attempt's seconds). Called again after a failure it goes on where it stopped; after a refusal (a 4xx) the
   * second call gives the recording up and resolves, so that the attempt can still be finished.
   */
  async finish(durationSeconds: number): Promise<void> {
    if (this.built || this.gaveUp) return;
    if (this.lastError instanceof ChunkUploadError && this.lastError.permanent) {
      this.gaveUp = true;
      return;
    }
    try {
      await this.stopRecorders();
      await Promise.all(this.screens.map((s) => s.uploader.finish()));
      const sent = this.screens.filter((s) => s.uploader.progress.parts > 0);
      if (sent.length === 0) {
        this.gaveUp = true;
        return;
      }
      await this.deps.build(this.attemptId, {
        sources: sent.map((s) => s.fileName),
        duration: Math.max(0.1, Math.round(durationSeconds * 1000) / 1000),
        stamps: sent.map((s) => s.startedAt),
      });
      this.built = true;
      this.lastError = null;
    } catch (error) {
      this.lastError = permanentOf(error) ?? error;
      throw this.lastError;
    }
  }

  /** The page goes away (Exit, Restart): the recorders and the uploads stop, nothing is built. */
  abort(): void {
    for (const s of this.screens) {
      s.recorder.ondataavailable = null;
      if (s.recorder.state !== 'inactive') s.recorder.stop();
      s.uploader.abort();
    }
    this.release();
  }

  private stopRecorders(): Promise<void> {
    const stops = this.screens.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.recorder.state === 'inactive') return resolve();
          // MediaRecorder hands over its last data before the stop event
          s.recorder.onstop = () => resolve();
          s.recorder.stop();
        }),
    );
    return Promise.all(stops).then(() => this.release());
  }

  private release() {
    for (const s of this.screens) {
      s.mixed?.close();
      stopStreams(s.stream, s.mixed?.stream ?? null);
    }
    stopStreams(this.microphone);
  }

  private report() {
    const progress = this.progress;
    for (const listener of this.listeners) listener(progress);
  }
}

/** A refused build (4xx) counts as a refusal like a refused part. */
function permanentOf(error: unknown): ChunkUploadError | null {
  if (error instanceof ChunkUploadError) return error;
  const status =
    error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : 0;
  if (status >= 400 && status < 500) {
    return new ChunkUploadError(error instanceof Error ? error.message : String(error), true);
  }
  return null;
}

/** The upload percentage: parts acknowledged ÷ parts (0 before the first part). */
export function uploadPercent({ acknowledged, parts }: UploadProgress): number {
  return parts === 0 ? 0 : Math.floor((acknowledged / parts) * 100);
}
