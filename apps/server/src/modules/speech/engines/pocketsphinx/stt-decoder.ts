import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { spawnPiped } from '../../../../lib/process';
import type { TranscriptWord } from '../types';

/** The decoders' scheduling priority (nice): below the server's and its database's. */
export const DECODER_NICE = 10;

/** What psdecode (apps/server/native/psdecode.c) writes, one JSON object a line. */
export type DecoderMessage =
  | { type: 'ready' }
  | { type: 'partial'; text: string }
  | {
      type: 'final';
      text: string;
      words: TranscriptWord[];
      /** with --phrases: each phrase's lattice score */
      phrases?: LatticePhraseScore[];
      cpu: number;
      audio: number;
    }
  | { type: 'error'; message: string };

export interface LatticePhraseScore {
  /** the phrase as listed (dictionary words) */
  phrase: string;
  /**
   * ln of the posterior of the phrase's weakest word on its best chain of lattice nodes (fillers may come
   * between its words); -999 when the lattice holds no such chain
   */
  post: number;
}

export type FinalMessage = Extract<DecoderMessage, { type: 'final' }>;

export interface DecoderArgs {
  binary: string;
  hmm: string;
  lm: string;
  dict: string;
  /** more pocketsphinx options (e.g. -lw 6.5) */
  extra?: readonly string[];
  /** live decoding with partial hypotheses every N ms of audio (streaming) */
  partialMs?: number;
  /** a file of keyword phrases (one a line, dictionary words) searched for in the final lattice */
  phrases?: string;
}

const STDERR_TAIL = 2000;

/** One psdecode child process: PCM (16 kHz mono s16le) in, messages out. */
export class DecoderProcess extends EventEmitter {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffered = '';
  private stderr = '';
  private finished = false;
  private rejectDone: (err: Error) => void = () => undefined;
  readonly done: Promise<FinalMessage>;

  constructor(args: DecoderArgs) {
    super();
    const argv = [
      ...(args.partialMs ? ['--partial-ms', String(args.partialMs)] : []),
      ...(args.phrases ? ['--phrases', args.phrases] : []),
      '-hmm',
      args.hmm,
      '-lm',
      args.lm,
      '-dict',
      args.dict,
      '-logfn',
      '/dev/null',
      ...(args.extra ?? []),
    ];
    // dies with the server (setpriv --pdeathsig, lib/process.ts), at a lower CPU priority than the web
    this.child = spawnPiped(args.binary, argv, { nice: DECODER_NICE });
    this.done = new Promise<FinalMessage>((resolve, reject) => {
      this.rejectDone = reject;
      this.child.on('error', (err) => this.fail(reject, err));
      this.child.stdout.setEncoding('utf8');
      this.child.stdout.on('data', (chunk: string) => {
        this.buffered += chunk;
        let newline = this.buffered.indexOf('\n');
        while (newline >= 0) {
          const line = this.buffered.slice(0, newline);
          this.buffered = this.buffered.slice(newline + 1);
          this.handle(line, resolve, reject);
          newline = this.buffered.indexOf('\n');
        }
      });
      this.child.stderr.on('data', (chunk: Buffer) => {
        this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
      });
      this.child.on('close', (code, signal) => {
        if (this.finished) return;
        const why = signal ? `was stopped (${signal})` : `exited with status ${code}`;
        const tail = this.stderr.trim().split('\n').slice(-2).join(' | ');
        this.fail(reject, new Error(`The speech decoder ${why}${tail ? `: ${tail}` : ''}`));
      });
    });
    // the promise is observed by callers; an unobserved failure must not crash the process
    this.done.catch(() => undefined);
    this.child.stdin.on('error', () => undefined);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** false once the process has exited */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  write(pcm: Buffer): void {
    if (!this.child.stdin.writableEnded && !this.child.stdin.destroyed) this.child.stdin.write(pcm);
  }

  end(): void {
    if (!this.child.stdin.writableEnded) this.child.stdin.end();
  }

  /** Stops the process at once; a pending `done` rejects. */
  kill(): void {
    this.fail(this.rejectDone, new Error('The speech decoder was closed'));
    if (this.alive) this.child.kill('SIGKILL');
  }

  private handle(line: string, resolve: (m: FinalMessage) => void, reject: (e: Error) => void): void {
    let message: DecoderMessage;
    try {
      message = JSON.parse(line) as DecoderMessage;
    } catch {
      return;
    }
    if (message.type === 'final') {
      this.finished = true;
      resolve(message);
    } else if (message.type === 'error') {
      this.fail(reject, new Error(`The speech decoder failed: ${message.message}`));
    } else {
      this.emit(message.type, message);
    }
  }

  private fail(reject: (e: Error) => void, err: Error): void {
    if (this.finished) return;
    this.finished = true;
    reject(err);
  }
}

/** Decodes a whole recording in one psdecode run. */
export async function decodeOnce(args: DecoderArgs, pcm: Buffer): Promise<FinalMessage> {
  const decoder = new DecoderProcess(args);
  decoder.write(pcm);
  decoder.end();
  try {
    return await decoder.done;
  } finally {
    decoder.kill();
  }
}
