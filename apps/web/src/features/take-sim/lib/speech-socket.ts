import type { TStreamServerMessage } from '@sim/shared';

/**
 * How long stop() waits for the server's final transcript (it decodes the whole take again) before the
 * partial is used. Long: the final usually comes within a second, and when the server is busy waiting for
 * the decode already under way is quicker than having the upload decoded once more (the line is graded
 * from the stream's final when the upload names it).
 */
export const FINAL_WAIT_MS = 20_000;
/** Frames kept while the socket opens (about 20 s of 16 kHz audio); older ones are dropped. */
const MAX_PENDING_BYTES = 16000 * 2 * 20;

export interface SpeechSocketHandlers {
  onPartial: (text: string) => void;
  /** the socket failed while the learner was speaking (not after stop) */
  onFailure: (reason: string) => void;
  /**
   * the server answered that it cannot recognise this take (too many streams open, the engine missing):
   * not a fault of the recording, which goes on and is graded from its upload
   */
  onRefused: (reason: string) => void;
}

export interface StartMessage {
  sampleRate: number;
  expected: string;
  keywords: string[];
}

function parse(data: unknown): TStreamServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as Partial<TStreamServerMessage> | null;
    if (!message || typeof message !== 'object') return null;
    if ((message.type === 'partial' || message.type === 'final') && typeof message.text === 'string')
      return message as TStreamServerMessage;
    if (message.type === 'error') return message as TStreamServerMessage;
  } catch {
    // not JSON: ignored
  }
  return null;
}

/**
 * One take over the speech websocket (packages/shared/src/schemas/speech.ts): 'start' with the rate and the
 * expected line and keywords, binary 16-bit PCM frames, 'stop'; the server answers partial transcripts,
 * then a final one, and closes. A socket is used for one take only.
 */
export class SpeechSocket {
  private readonly socket: WebSocket;
  private readonly pending: ArrayBuffer[] = [];
  private pendingBytes = 0;
  private open = false;
  private stopping = false;
  private done = false;
  private partial = '';
  private finalText: string | null = null;
  private finalStreamId: string | undefined;
  private settleFinal: ((text: string | null) => void) | null = null;

  constructor(
    url: string,
    start: StartMessage,
    private readonly handlers: SpeechSocketHandlers,
  ) {
    this.socket = new WebSocket(url);
    this.socket.binaryType = 'arraybuffer';
    this.socket.addEventListener('open', () => {
      this.open = true;
      // dropped while it was connecting: closing a connecting socket makes the browser log an error
      if (this.done) {
        this.socket.close(1000, 'done');
        return;
      }
      this.socket.send(
        JSON.stringify({
          type: 'start',
          sampleRate: start.sampleRate,
          expected: start.expected.slice(0, 5000),
          keywords: start.keywords.slice(0, 200).map((k) => k.slice(0, 500)),
        }),
      );
      for (const frame of this.pending.splice(0)) this.socket.send(frame);
      this.pendingBytes = 0;
      if (this.stopping) this.socket.send(JSON.stringify({ type: 'stop' }));
    });
    this.socket.addEventListener('message', (event: MessageEvent) => this.receive(event.data));
    this.socket.addEventListener('error', () => this.fail('socket error'));
    this.socket.addEventListener('close', (event: CloseEvent) => {
      if (this.stopping) this.finish(this.finalText);
      else if (!this.done) this.fail(`socket closed (${event.code})`);
    });
  }

  /** The latest partial transcript. */
  get text(): string {
    return this.partial;
  }

  /** The server's id of this stream, once its final came (sent with the recording). */
  get streamId(): string | undefined {
    return this.finalStreamId;
  }

  private receive(data: unknown) {
    const message = parse(data);
    if (!message || this.done) return;
    if (message.type === 'error') {
      if (this.stopping) this.finish(null);
      else this.refuse(message.message);
      return;
    }
    if (message.type === 'partial') {
      this.partial = message.text;
      this.handlers.onPartial(message.text);
      return;
    }
    this.finalText = message.text;
    if (typeof message.stream_id === 'string') this.finalStreamId = message.stream_id;
    this.finish(message.text);
  }

  private refuse(reason: string) {
    if (this.done) return;
    this.done = true;
    this.close();
    this.handlers.onRefused(reason);
  }

  private fail(reason: string) {
    if (this.done) return;
    if (this.stopping) {
      this.finish(this.finalText);
      return;
    }
    this.done = true;
    this.close();
    this.handlers.onFailure(reason);
  }

  private finish(text: string | null) {
    this.done = true;
    const settle = this.settleFinal;
    this.settleFinal = null;
    settle?.(text);
  }

  /** Sends a frame of 16-bit PCM (kept until the socket is open). */
  send(frame: Int16Array) {
    if (this.done || this.stopping || frame.length === 0) return;
    const bytes = frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.byteLength) as ArrayBuffer;
    if (this.open) {
      if (this.socket.readyState === WebSocket.OPEN) this.socket.send(bytes);
      return;
    }
    this.pending.push(bytes);
    this.pendingBytes += bytes.byteLength;
    while (this.pendingBytes > MAX_PENDING_BYTES && this.pending.length > 0)
      this.pendingBytes -= this.pending.shift()?.byteLength ?? 0;
  }

  /** Ends the audio; answers the final transcript, or null when none came in time (the partial is then used). */
  stop(waitMs = FINAL_WAIT_MS): Promise<string | null> {
    if (this.done) return Promise.resolve(this.finalText);
    this.stopping = true;
    if (this.open && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: 'stop' }));
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.settleFinal = null;
        this.done = true;
        this.close();
        resolve(null);
      }, waitMs);
      this.settleFinal = (text) => {
        clearTimeout(timer);
        resolve(text);
      };
    });
  }

  /** Drops the take (Retry, leaving the page): no more messages are handled. */
  close() {
    this.done = true;
    // a connecting socket is closed once it opens (see the open handler)
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000, 'done');
  }
}
