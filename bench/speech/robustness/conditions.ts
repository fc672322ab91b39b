import { readFile } from 'node:fs/promises';
import { activeRms, dB, ffmpeg, PHONE_RATE, pcmOf, RATE, rms, wavOutput } from './audio';
import { type FileCache, hashOf } from './file-cache';

/**
 * The recording conditions of the robustness bench (issue 14), all made with ffmpeg from the synthesized
 * speech brought to one level (active speech at -26 dBFS) with 0.7 s before and after it:
 * - silence: those 0.7 s are exact-zero samples, as a browser's noise suppression or auto gain leaves them;
 * - floor: a faint noise floor instead (pink noise 40 dB under the speech), as a quiet room gives;
 * - pink noise and babble (3-4 other lines in other voices, looped) at 20, 10 and 5 dB SNR against the
 *   speech's active level;
 * - phone: the floor recording band-passed to 300-3400 Hz and sent at 8 kHz, as a telephone line gives.
 */
export interface Condition {
  id: string;
  label: string;
  kind: 'silence' | 'pink' | 'babble' | 'phone';
  /** speech level over the noise, dB */
  snr?: number;
}

export const CONDITIONS: readonly Condition[] = [
  { id: 'silence', label: 'Clean, digital silence', kind: 'silence' },
  { id: 'floor', label: 'Clean, noise floor (pink 40 dB)', kind: 'pink', snr: 40 },
  { id: 'pink20', label: 'Pink noise 20 dB', kind: 'pink', snr: 20 },
  { id: 'pink10', label: 'Pink noise 10 dB', kind: 'pink', snr: 10 },
  { id: 'pink5', label: 'Pink noise 5 dB', kind: 'pink', snr: 5 },
  { id: 'babble20', label: 'Babble 20 dB', kind: 'babble', snr: 20 },
  { id: 'babble10', label: 'Babble 10 dB', kind: 'babble', snr: 10 },
  { id: 'babble5', label: 'Babble 5 dB', kind: 'babble', snr: 5 },
  { id: 'phone', label: 'Telephone band (8 kHz, 300-3400 Hz)', kind: 'phone' },
];

/** active speech level every recording is brought to, dBFS */
export const SPEECH_LEVEL_DB = -26;
export const PAD_SECONDS = 0.7;
export const PHONE_FLOOR_SNR = 40;
/** talkers in a babble */
export const BABBLE_TALKERS = 4;
/** changes the cache keys of every conditioned file when the recipe changes */
const RECIPE = 'robustness-audio-1';

/** A speech file at the common level, 16 kHz, with and without the 0.7 s of silence around it. */
export interface Leveled {
  /** the speech at the common level, no padding (what babble is made of) */
  speech: string;
  /** the same with PAD_SECONDS of exact-zero samples before and after */
  padded: string;
  key: string;
  seconds: number;
}

export class Conditioner {
  constructor(private readonly cache: FileCache) {}

  /** The synthesized file brought to the common level and padded with digital silence. */
  async level(synthesized: string): Promise<Leveled> {
    const source = await readFile(synthesized);
    const key = hashOf(RECIPE, 'level', SPEECH_LEVEL_DB, source);
    const speech = await this.cache.file(key, 'wav', async (file) => {
      const level = activeRms(await pcmOf(synthesized));
      if (level <= 0) throw new Error(`No speech in ${synthesized}`);
      const gain = SPEECH_LEVEL_DB - dB(level);
      await ffmpeg(['-i', synthesized, '-af', `volume=${gain.toFixed(3)}dB`, ...wavOutput(), file]);
    });
    const padMs = Math.round(PAD_SECONDS * 1000);
    const padded = await this.cache.file(hashOf(RECIPE, 'padded', PAD_SECONDS, key), 'wav', async (file) => {
      await ffmpeg(['-i', speech, '-af', `adelay=${padMs}:all=1,apad=pad_dur=${PAD_SECONDS}`, ...wavOutput(), file]);
    });
    const seconds = (await pcmOf(padded)).length / 2 / RATE;
    return { speech, padded, key, seconds };
  }

  /** The recording of `item` in `condition`; babble is made of `talkers` (other lines, other voices). */
  async make(item: Leveled, condition: Condition, talkers: readonly Leveled[], seed: number): Promise<string> {
    switch (condition.kind) {
      case 'silence':
        return item.padded;
      case 'pink':
        return this.withPink(item, condition.snr ?? 40, seed);
      case 'babble':
        return this.withBabble(item, talkers, condition.snr ?? 10, seed);
      case 'phone': {
        const floor = await this.withPink(item, PHONE_FLOOR_SNR, seed);
        const key = hashOf(RECIPE, 'phone', floor);
        return this.cache.file(key, 'wav', async (file) => {
          const band = 'highpass=f=300:poles=2,highpass=f=300:poles=2,lowpass=f=3400:poles=2,lowpass=f=3400:poles=2';
          await ffmpeg(['-i', floor, '-af', band, ...wavOutput(PHONE_RATE), file]);
        });
      }
    }
  }

  private withPink(item: Leveled, snr: number, seed: number): Promise<string> {
    const key = hashOf(RECIPE, 'pink', snr, seed, item.key);
    return this.cache.file(key, 'wav', async (file) => {
      const noise = `anoisesrc=color=pink:sample_rate=${RATE}:amplitude=0.5:seed=${seed}:duration=${item.seconds}`;
      const noiseLevel = rms(await ffmpeg(['-f', 'lavfi', '-i', noise, '-ac', '1', '-f', 's16le', 'pipe:1']));
      await this.mix(item, ['-f', 'lavfi', '-i', noise], noiseLevel, snr, file);
    });
  }

  private async withBabble(item: Leveled, talkers: readonly Leveled[], snr: number, seed: number): Promise<string> {
    if (talkers.length < 3) throw new Error('A babble needs at least 3 other talkers');
    const babble = await this.cache.file(
      hashOf(RECIPE, 'babble', seed, item.seconds, ...talkers.map((t) => t.key)),
      'wav',
      async (file) => {
        // each talker looped from its own starting point, so that words do not start together
        const inputs = talkers.flatMap((t) => ['-stream_loop', '-1', '-i', t.speech]);
        const starts = talkers.map((t, i) => (((seed >>> (i * 5)) % 97) / 97) * t.seconds);
        const chains = talkers.map((_, i) => `[${i}:a]atrim=start=${starts[i].toFixed(3)},asetpts=N/SR/TB[t${i}]`);
        const mixed = `${talkers.map((_, i) => `[t${i}]`).join('')}amix=inputs=${talkers.length}:normalize=0:duration=longest`;
        await ffmpeg([
          ...inputs,
          '-filter_complex',
          `${chains.join(';')};${mixed},atrim=duration=${item.seconds}`,
          '-t',
          String(item.seconds),
          ...wavOutput(),
          file,
        ]);
      },
    );
    const key = hashOf(RECIPE, 'babble-mix', snr, babble, item.key);
    return this.cache.file(key, 'wav', async (file) => {
      await this.mix(item, ['-i', babble], rms(await pcmOf(babble)), snr, file);
    });
  }

  /** The padded speech plus the noise input, scaled so that the speech's active level is `snr` dB above it. */
  private async mix(item: Leveled, noiseInput: string[], noiseLevel: number, snr: number, file: string) {
    if (noiseLevel <= 0) throw new Error('The noise is silent');
    const speechLevel = activeRms(await pcmOf(item.speech));
    const gain = dB(speechLevel) - snr - dB(noiseLevel);
    await ffmpeg([
      '-i',
      item.padded,
      ...noiseInput,
      '-filter_complex',
      `[1:a]volume=${gain.toFixed(3)}dB[n];[0:a][n]amix=inputs=2:duration=first:normalize=0`,
      ...wavOutput(),
      file,
    ]);
  }
}
