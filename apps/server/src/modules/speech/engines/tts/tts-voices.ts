import type { VoiceName } from '../types';

/** A local voice: the engine and its source voice (all 16 kHz or better), then pitch and rate changes. */
export interface LocalVoice {
  engine: 'flite' | 'festival';
  /** flite -voice name, or festival voice (called as `(voice_<name>)`) */
  source: string;
  /** pitch shift in cents applied after synthesis (formants move with it) */
  pitchCents: number;
  /** tempo factor applied after synthesis: > 1 speaks faster */
  tempo: number;
  /** flite only: target mean F0 in Hz given to the synthesiser (intonation; formants stay) */
  f0Mean?: number;
}

/**
 * The seven voice names of the spec, each a distinct (engine, source, pitch, rate) tuple. Only the
 * 16 kHz voices are used: 8 kHz voices are recognised badly and sound worse.
 */
export const LOCAL_VOICES: Readonly<Record<VoiceName, LocalVoice>> = {
  Joanna: { engine: 'flite', source: 'slt', pitchCents: 0, tempo: 1 },
  Kendra: { engine: 'festival', source: 'cmu_us_slt_arctic_hts', pitchCents: 0, tempo: 1 },
  Kimberly: { engine: 'flite', source: 'slt', pitchCents: 0, tempo: 1.1, f0Mean: 205 },
  Salli: { engine: 'festival', source: 'cmu_us_slt_arctic_hts', pitchCents: 100, tempo: 0.92 },
  Ruth: { engine: 'festival', source: 'cmu_us_slt_arctic_hts', pitchCents: -250, tempo: 1.06 },
  Joey: { engine: 'flite', source: 'rms', pitchCents: 150, tempo: 1.05 },
  Matthew: { engine: 'flite', source: 'kal16', pitchCents: -100, tempo: 0.95 },
};
