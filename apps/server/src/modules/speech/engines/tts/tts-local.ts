import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exists, runChecked, which } from '../../../../lib/process';
import { MIN_MP3_BYTES, MP3_BITRATE, MP3_SAMPLE_RATE, mp3OutputArgs } from '../audio/mp3-format';
import { Pool } from '../pool';
import { type EngineStatus, EngineUnavailableError, type TtsProvider, VOICES, type VoiceName } from '../types';
import { LOCAL_VOICES, type LocalVoice } from './tts-voices';

export interface LocalTtsOptions {
  /** syntheses running at once (default: CPU count) */
  concurrency?: number;
  flite?: string;
  /** festival's text2wave script */
  text2wave?: string;
  ffmpeg?: string;
  /** where festival voices are installed */
  festivalVoiceDirs?: string[];
  timeoutMs?: number;
  /** where each synthesis makes (and removes) its working folder (default: the OS temporary folder) */
  tmpDir?: string;
}

/** Longest text synthesized in one call (characters). */
export const MAX_TTS_CHARS = 3000;
/** a WAV shorter than this (0.1 s at 16 kHz, 16-bit, plus the header) means the engine produced no speech */
const MIN_WAV_BYTES = 44 + 3200;

/** Offline text-to-speech: flite and festival voices, shaped by pitch and rate, encoded to MP3 by ffmpeg. */
export class LocalTtsProvider implements TtsProvider {
  readonly version: string;
  private readonly pool: Pool;
  private readonly flite: string;
  private readonly text2wave: string;
  private readonly ffmpeg: string;
  private readonly festivalVoiceDirs: string[];
  private readonly timeoutMs: number;
  private readonly tmpDir: string | undefined;

  constructor(options: LocalTtsOptions = {}) {
    this.tmpDir = options.tmpDir;
    this.pool = new Pool(options.concurrency);
    this.flite = options.flite ?? 'flite';
    this.text2wave = options.text2wave ?? 'text2wave';
    this.ffmpeg = options.ffmpeg ?? 'ffmpeg';
    this.festivalVoiceDirs = options.festivalVoiceDirs ?? [
      '/usr/share/festival/voices/us',
      '/usr/share/festival/voices/english',
    ];
    this.timeoutMs = options.timeoutMs ?? 120_000;
    const settings = JSON.stringify({ LOCAL_VOICES, OUTPUT_RATE: MP3_SAMPLE_RATE, MP3_BITRATE });
    this.version = `local-tts-1-${createHash('sha256').update(settings).digest('hex').slice(0, 12)}`;
  }

  async status(): Promise<EngineStatus[]> {
    const [flite, text2wave, ffmpeg] = await Promise.all([
      which(this.flite),
      which(this.text2wave),
      which(this.ffmpeg),
    ]);
    const fliteVoices = flite ? await this.fliteVoices(flite) : new Set<string>();
    const missing: string[] = [];
    for (const { name } of VOICES) {
      const voice = LOCAL_VOICES[name];
      const found =
        voice.engine === 'flite'
          ? fliteVoices.has(voice.source)
          : text2wave && (await this.festivalVoice(voice.source));
      if (!found) missing.push(`${name} (${voice.engine} ${voice.source})`);
    }
    const disabled = missing.length ? `; voices disabled: ${missing.join(', ')}` : '';
    return [
      {
        name: 'flite',
        available: Boolean(flite),
        detail: flite ? `${flite}, voices ${[...fliteVoices].join(' ')}${disabled}` : `flite missing${disabled}`,
      },
      {
        name: 'festival',
        available: Boolean(text2wave),
        detail: text2wave ? `${text2wave}${disabled}` : `festival (text2wave) missing${disabled}`,
      },
      {
        name: 'ffmpeg (MP3 encoding)',
        available: Boolean(ffmpeg),
        detail: ffmpeg ?? 'ffmpeg missing: speech synthesis disabled',
      },
    ];
  }

  async synthesize(text: string, voice: VoiceName): Promise<Buffer> {
    const settings: LocalVoice | undefined = Object.hasOwn(LOCAL_VOICES, voice) ? LOCAL_VOICES[voice] : undefined;
    if (!settings) throw new RangeError(`Unknown voice: ${String(voice)}`);
    const clean = cleanText(text);
    return this.pool.run(async () => {
      const dir = await mkdtemp(path.join(this.tmpDir ?? os.tmpdir(), 'tts-'));
      try {
        const textFile = path.join(dir, 'text.txt');
        const wavFile = path.join(dir, 'speech.wav');
        const mp3File = path.join(dir, 'speech.mp3');
        await writeFile(textFile, `${clean}\n`, 'utf8');
        await this.runEngine(settings, textFile, wavFile);
        const wav = await readFile(wavFile).catch(() => Buffer.alloc(0));
        if (wav.length < MIN_WAV_BYTES) {
          throw new Error(`${settings.engine} (${settings.source}) produced no audio for the text`);
        }
        await this.tool(this.ffmpeg, [
          '-nostdin',
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-i',
          wavFile,
          '-af',
          audioFilter(settings, wavSampleRate(wav)),
          ...mp3OutputArgs(),
          mp3File,
        ]);
        const mp3 = await readFile(mp3File).catch(() => Buffer.alloc(0));
        if (mp3.length < MIN_MP3_BYTES || !looksLikeMp3(mp3)) throw new Error('ffmpeg produced no MP3 audio');
        return mp3;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  private async runEngine(voice: LocalVoice, textFile: string, wavFile: string): Promise<void> {
    if (voice.engine === 'flite') {
      const features = voice.f0Mean ? ['--setf', `int_f0_target_mean=${voice.f0Mean}`] : [];
      await this.tool(this.flite, ['-voice', voice.source, ...features, '-f', textFile, '-o', wavFile]);
    } else {
      if (!(await this.festivalVoice(voice.source))) {
        throw new EngineUnavailableError(`festival voice ${voice.source} is not installed`);
      }
      await this.tool(this.text2wave, ['-eval', `(voice_${voice.source})`, textFile, '-o', wavFile]);
    }
    if (!(await stat(wavFile).catch(() => undefined))) {
      throw new Error(`${voice.engine} (${voice.source}) exited without writing audio`);
    }
  }

  private async tool(command: string, args: string[]): Promise<void> {
    try {
      await runChecked(command, args, { timeoutMs: this.timeoutMs });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new EngineUnavailableError(`${command} is not installed`);
      }
      throw err;
    }
  }

  private async fliteVoices(flite: string): Promise<Set<string>> {
    try {
      const out = (await runChecked(flite, ['-lv'], { timeoutMs: 10_000 })).toString('utf8');
      const list = out.slice(out.indexOf(':') + 1).trim();
      return new Set(list.split(/\s+/).filter(Boolean));
    } catch {
      return new Set();
    }
  }

  private async festivalVoice(name: string): Promise<boolean> {
    for (const dir of this.festivalVoiceDirs) {
      if (await exists(path.join(dir, name))) return true;
    }
    return false;
  }
}

/** The text as the engines get it: no control characters, collapsed whitespace; throws if nothing to say. */
export function cleanText(text: string): string {
  if (typeof text !== 'string') throw new TypeError('The text must be a string');
  const clean = text
    .normalize('NFC')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(clean)) throw new RangeError('The text has nothing to say');
  if (clean.length > MAX_TTS_CHARS) throw new RangeError(`The text is longer than ${MAX_TTS_CHARS} characters`);
  return clean;
}

/** ffmpeg filter shifting pitch by resampling, then restoring the duration times the voice's tempo. */
export function audioFilter(voice: LocalVoice, sampleRate: number): string {
  const ratio = 2 ** (voice.pitchCents / 1200);
  const filters: string[] = [];
  if (voice.pitchCents !== 0) filters.push(`asetrate=${Math.round(sampleRate * ratio)}`, `aresample=${sampleRate}`);
  const tempo = voice.tempo / ratio;
  if (Math.abs(tempo - 1) > 1e-3) filters.push(`atempo=${tempo.toFixed(4)}`);
  filters.push(`aresample=${MP3_SAMPLE_RATE}`);
  return filters.join(',');
}

function wavSampleRate(wav: Buffer): number {
  const rate = wav.length >= 28 && wav.toString('ascii', 0, 4) === 'RIFF' ? wav.readUInt32LE(24) : 0;
  return rate >= 8000 && rate <= 96000 ? rate : 16000;
}

function looksLikeMp3(data: Buffer): boolean {
  if (data.toString('latin1', 0, 3) === 'ID3') return true;
  return data[0] === 0xff && (data[1] & 0xe0) === 0xe0;
}
