import { writeFile } from 'node:fs/promises';
import { runChecked } from '../../../apps/server/src/lib/process';
import { LocalTtsProvider } from '../../../apps/server/src/modules/speech/engines/tts/tts-local';
import { VOICES, type VoiceName } from '../../../apps/server/src/modules/speech/engines/types';
import { type FileCache, hashOf } from './file-cache';

/**
 * A speaker of the bench: an espeak-ng English variant (an accent the recogniser was never tuned on), or
 * one of the project's own voices (LocalTtsProvider: flite and festival).
 */
export interface BenchVoice {
  id: string;
  label: string;
  kind: 'espeak' | 'project';
}

/** espeak-ng variants used by default, with the accent each one models. */
export const ESPEAK_ACCENTS: Readonly<Record<string, string>> = {
  'en-us': 'American',
  'en-gb': 'British',
  'en-gb-scotland': 'Scottish',
  'en-029': 'Caribbean',
  'en-gb-x-gbcwmd': 'West Midlands',
};
/** Two of the project's voices: a festival one and a flite one, a woman's and a man's. */
export const PROJECT_VOICES: readonly VoiceName[] = ['Kendra', 'Joey'];
export const DEFAULT_VOICES = [...Object.keys(ESPEAK_ACCENTS), ...PROJECT_VOICES];

/** Other variants a user may ask for with --voices (names as `espeak-ng --voices=en` lists them). */
const OTHER_ACCENTS: Readonly<Record<string, string>> = {
  'en-gb-x-rp': 'Received Pronunciation',
  'en-gb-x-gbclan': 'Lancaster',
  'en-us-nyc': 'New York City',
};

export async function resolveVoices(ids: readonly string[]): Promise<BenchVoice[]> {
  const listed = await espeakVariants();
  return ids.map((id) => {
    const project = VOICES.find((v) => v.name.toLowerCase() === id.toLowerCase());
    if (project) return { id: project.name, label: `${project.name} (project voice)`, kind: 'project' };
    if (!listed.has(id)) {
      throw new Error(`Unknown voice "${id}": use a project voice or an espeak-ng variant (espeak-ng --voices=en)`);
    }
    const accent = ESPEAK_ACCENTS[id] ?? OTHER_ACCENTS[id];
    return { id, label: accent ? `${accent} (${id})` : id, kind: 'espeak' };
  });
}

async function espeakVariants(): Promise<Set<string>> {
  const out = (await runChecked('espeak-ng', ['--voices=en'])).toString('utf8');
  // columns: Pty Language Age/Gender VoiceName File Other-languages; the language and the file name both work
  const names = out
    .split('\n')
    .slice(1)
    .flatMap((row) => {
      const cols = row.trim().split(/\s+/);
      return cols.length >= 5 ? [cols[1], cols[4].split('/').pop() ?? ''] : [];
    });
  return new Set(names.map((n) => n.toLowerCase()).filter(Boolean));
}

export async function espeakVersion(): Promise<string> {
  return (await runChecked('espeak-ng', ['--version'])).toString('utf8').split('  ')[0].trim();
}

/** Speech of a text in a voice, synthesized once and kept in the cache (WAV for espeak-ng, MP3 for the project's). */
export class Synthesizer {
  private readonly tts: LocalTtsProvider;

  constructor(
    private readonly cache: FileCache,
    private readonly espeak: string,
    concurrency: number,
  ) {
    this.tts = new LocalTtsProvider({ concurrency });
  }

  status() {
    return this.tts.status();
  }

  synthesize(text: string, voice: BenchVoice): Promise<string> {
    if (voice.kind === 'espeak') {
      return this.cache.file(hashOf('espeak', this.espeak, voice.id, text), 'wav', async (file) => {
        await runChecked('espeak-ng', ['-v', voice.id, '-w', file, text], { timeoutMs: 60_000 });
      });
    }
    return this.cache.file(hashOf('project', this.tts.version, voice.id, text), 'mp3', async (file) => {
      await writeFile(file, await this.tts.synthesize(text, voice.id as VoiceName));
    });
  }
}
