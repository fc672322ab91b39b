import type { KeywordPhrase } from '../pocketsphinx/stt-spot';
import { spokenForm } from '../stt-text';
import type { Transcript } from '../types';
import { DEFAULT_FUSION, type FuseSettings, fuse, lineHeard as heardShare, LINE_GATE } from './stt-fuse';
import { placesOf } from './stt-line-target';

export { alignWords } from './stt-fuse';
export { LINE_GATE };

/**
 * The fusion of issue 14 in the shape the calibration scripts of that issue call it (bench/speech/
 * robustness/calibrate-*.ts): pocketsphinx's transcript with its keyword search as `spotted`, the neural
 * text, the line. `veto` 'off' (their default) reproduces issue 14's product; the product itself calls
 * fuse() (stt-fuse.ts) with the veto of issue 30.
 */
export function combineTranscripts(
  biased: Transcript,
  neuralText: string,
  line: {
    expected?: string;
    phrases?: readonly KeywordPhrase[];
    gate?: number;
    boosted?: string;
    veto?: FuseSettings['veto'];
  } = {},
): Transcript {
  const expected = line.expected ? spokenForm(line.expected).words : [];
  const phrases = [...(line.phrases ?? [])];
  const target = {
    expected,
    phrases,
    places: placesOf(
      phrases.map((p) => p.spoken),
      expected,
    ),
  };
  const searched = (biased.spotted ?? []).map((normalised) => ({ normalised, confidence: 1 }));
  return fuse(
    target,
    {
      biased: { text: biased.text, words: biased.words, searched },
      neural: { text: neuralText, boosted: line.boosted },
    },
    { ...DEFAULT_FUSION, gate: line.gate ?? LINE_GATE, veto: line.veto ?? 'off' },
  );
}

/** The share of the expected line's spoken words that are in `heard` (spoken words, lower case). */
export function lineHeard(expected: string, heard: string): number {
  return heardShare(spokenForm(expected).words, heard);
}
