import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONDITIONS, type Condition, Conditioner, type Leveled } from '../robustness/conditions';
import { FileCache, hashOf } from '../robustness/file-cache';
import { type BenchVoice, espeakVersion, Synthesizer } from '../robustness/voices';
import { BROWSER_RATE, pcmAt } from '../stream';

/** The audio cache shared with the robustness and near-miss benches (synthesis and conditioning are reused). */
export const AUDIO_CACHE = path.join(os.tmpdir(), 'simcentre-speech-robustness');

export function conditionsOf(ids: readonly string[]): Condition[] {
  return ids.map((id) => {
    const found = CONDITIONS.find((c) => c.id === id.trim());
    if (!found) throw new Error(`Unknown condition "${id}": ${CONDITIONS.map((c) => c.id).join(', ')}`);
    return found;
  });
}

/**
 * Speech of a sentence in a voice and a recording condition (the robustness bench's recipe: synthesized,
 * brought to one level, 0.7 s of quiet before and after, noise added), as the browser streams it: mono PCM
 * at 44.1 kHz.
 */
export class BenchAudio {
  private readonly cache: FileCache;
  private readonly conditioner: Conditioner;
  private synth: Promise<Synthesizer> | undefined;
  private readonly leveled = new Map<string, Promise<Leveled>>();

  constructor(
    private readonly concurrency: number,
    dir = AUDIO_CACHE,
  ) {
    this.cache = new FileCache(path.join(dir, 'audio'));
    this.conditioner = new Conditioner(this.cache);
  }

  get made(): number {
    return this.cache.made;
  }

  get reused(): number {
    return this.cache.reused;
  }

  async status() {
    return (await this.synthesizer()).status();
  }

  async pcm(text: string, voice: BenchVoice, condition: Condition): Promise<Buffer> {
    const key = `${voice.id}\n${text}`;
    let job = this.leveled.get(key);
    if (!job) {
      job = this.synthesizer().then(async (s) => this.conditioner.level(await s.synthesize(text, voice)));
      this.leveled.set(key, job);
    }
    const seed = Number.parseInt(hashOf(text, voice.id).slice(0, 8), 16);
    const file = await this.conditioner.make(await job, condition, [], seed);
    return pcmAt(await readFile(file), BROWSER_RATE);
  }

  private synthesizer(): Promise<Synthesizer> {
    this.synth ??= espeakVersion().then((version) => new Synthesizer(this.cache, version, this.concurrency));
    return this.synth;
  }
}

export { BROWSER_RATE };
