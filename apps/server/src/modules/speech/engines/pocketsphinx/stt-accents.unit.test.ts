import { describe, expect, it } from 'vitest';
import { accentVariants } from './stt-accents';

describe('accentVariants', () => {
  it('drops R after a vowel unless a vowel follows (non-rhotic accents)', () => {
    // "car", "charge", "water"
    expect(accentVariants('K AA R')).toContain('K AA');
    expect(accentVariants('CH AA R JH')).toContain('CH AA JH');
    expect(accentVariants('W AO T ER')).toContain('W AO T AH');
    // an R before a vowel stays: "around"
    expect(accentVariants('ER AW N D')).toContain('AH R AW N D');
    expect(accentVariants('R EH D')).not.toContain('EH D');
  });

  it('gives the British variant the long BATH vowel, after the rounded LOT one', () => {
    // "answered", "last", "after"; "cat" and "hand" keep their vowel; "car" (AA) is rounded, not the new AA
    expect(accentVariants('AE N S ER D')).toContain('AA N S AH D');
    expect(accentVariants('L AE S T')).toContain('L AA S T');
    expect(accentVariants('AE F T ER')).toContain('AA F T AH');
    expect(accentVariants('K AE T')).toEqual([]);
    expect(accentVariants('HH AE N D')).not.toContain('HH AA N D');
    expect(accentVariants('K AA R')).toContain('K AO');
  });

  it('gives the English Midlands and North variant: H dropped, no FOOT-STRUT split, shifted diphthongs', () => {
    // "hotspot" without H; "blood" with the FOOT vowel; "late" and "time" and "phone"
    expect(accentVariants('HH AA T S P AA T')).toContain('AA T S P AA T');
    expect(accentVariants('B L AH D')).toContain('B L UH D');
    expect(accentVariants('L EY T')).toContain('L AY T');
    expect(accentVariants('T AY M')).toContain('T OY M');
    expect(accentVariants('F OW N')).toContain('F AW N');
  });

  it('gives the Caribbean variant: TH stopped, monophthongs, open final vowels, -in', () => {
    // "thursday", "the data", "waiting"
    expect(accentVariants('TH ER Z D EY')).toContain('T AA Z D EH');
    expect(accentVariants('D EY T AH')).toContain('D EH T AA');
    expect(accentVariants('W EY T IH NG')).toContain('W EH T IH N');
  });

  it('gives the Scottish variant: monophthong FACE and GOAT, short GOOSE, R kept', () => {
    expect(accentVariants('R UW M')).toContain('R UH M');
    expect(accentVariants('N OW T')).toContain('N AO T');
  });

  it('never repeats the pronunciation itself, nor a variant', () => {
    const variants = accentVariants('S IH T');
    expect(variants).not.toContain('S IH T');
    expect(new Set(variants).size).toBe(variants.length);
    expect(accentVariants('')).toEqual([]);
  });
});
