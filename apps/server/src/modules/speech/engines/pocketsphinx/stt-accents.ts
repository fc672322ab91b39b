/**
 * Accent variants of a pronunciation (issue 14). The acoustic model and the CMU dictionary are American
 * English; a learner with another accent says the expected words with other vowels and consonants, and the
 * recogniser then loses them. The biased model's dictionary therefore also gives each expected word its
 * pronunciation under a few well-described features of other English accents (CMU phones, no stress):
 *
 * - British (RP and most of England): non-rhotic (no R after a vowel unless a vowel follows: "car" K AA,
 *   "water" W AO T AH), a rounded LOT vowel (AA → AO), the long BATH vowel (AE → AA before F, TH, S, or N
 *   and S, T or CH: "answered" AA N S AH D, "last", "after").
 * - English Midlands and North: non-rhotic, H dropped, no FOOT-STRUT split (AH → UH), FACE lowered
 *   (EY → AY), PRICE backed (AY → OY), GOAT lowered (OW → AW).
 * - Caribbean: non-rhotic with open final vowels (ER, a final AH → AA), TH stopped (TH → T, DH → D), FACE
 *   and GOAT monophthongs (EY → EH, OW → AO), -ing as -in.
 * - Scottish: rhotic (unchanged R), FACE and GOAT monophthongs (EY → EH, OW → AO), GOOSE fronted and short
 *   (UW → UH).
 *
 * Each accent gives at most one variant per pronunciation; variants equal to the pronunciation or to each
 * other are dropped.
 */
const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);

type Rule = (phones: string[]) => string[];

const isVowel = (p: string | undefined) => p !== undefined && VOWELS.has(p);

/** R only before a vowel; ER before a consonant or at the end becomes `schwa`. */
function nonRhotic(schwa: string): Rule {
  return (phones) => {
    const out: string[] = [];
    phones.forEach((p, i) => {
      const next = phones[i + 1];
      if (p === 'R' && isVowel(phones[i - 1]) && !isVowel(next)) return;
      if (p === 'ER' && !isVowel(next)) {
        out.push(schwa);
        return;
      }
      if (p === 'ER') {
        out.push(schwa, 'R');
        return;
      }
      out.push(p);
    });
    return out;
  };
}

const replace =
  (map: Readonly<Record<string, string>>): Rule =>
  (phones) =>
    phones.map((p) => map[p] ?? p);

const dropInitialH: Rule = (phones) => (phones[0] === 'HH' && phones.length > 1 ? phones.slice(1) : phones);

/** a word-final AH (schwa) said open: "data" D EY T AA */
const openFinalSchwa: Rule = (phones) =>
  phones.at(-1) === 'AH' && phones.length > 1 ? [...phones.slice(0, -1), 'AA'] : phones;

/** the BATH vowel of southern England: AE said AA before F, TH, S, or N and S, T or CH ("answer", "last", "after") */
const bathBroadening: Rule = (phones) =>
  phones.map((p, i) => {
    const next = phones[i + 1];
    const broad =
      next === 'F' || next === 'TH' || next === 'S' || (next === 'N' && ['S', 'T', 'CH'].includes(phones[i + 2] ?? ''));
    return p === 'AE' && broad ? 'AA' : p;
  });

/** "-ing" said "-in" */
const ingAsIn: Rule = (phones) =>
  phones.length > 2 && phones.at(-1) === 'NG' && phones.at(-2) === 'IH' ? [...phones.slice(0, -1), 'N'] : phones;

export const ACCENTS: Readonly<Record<string, readonly Rule[]>> = {
  british: [nonRhotic('AH'), replace({ AA: 'AO' }), bathBroadening],
  midlands: [nonRhotic('AH'), dropInitialH, replace({ AH: 'UH', EY: 'AY', AY: 'OY', OW: 'AW' })],
  caribbean: [nonRhotic('AA'), openFinalSchwa, replace({ TH: 'T', DH: 'D', EY: 'EH', OW: 'AO' }), ingAsIn],
  scottish: [replace({ EY: 'EH', OW: 'AO', UW: 'UH' })],
};

/** The accent variants of a pronunciation ("K AA R" → ["K AA", "K AO"...]), without the pronunciation itself. */
export function accentVariants(pronunciation: string): string[] {
  const phones = pronunciation.trim().split(/\s+/).filter(Boolean);
  if (phones.length === 0) return [];
  const base = phones.join(' ');
  const out = new Set<string>();
  for (const rules of Object.values(ACCENTS)) {
    const variant = rules.reduce((p, rule) => rule(p), phones).join(' ');
    if (variant && variant !== base) out.add(variant);
  }
  return [...out];
}
