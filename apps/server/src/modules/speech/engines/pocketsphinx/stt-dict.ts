import { readFile } from 'node:fs/promises';
import { runChecked } from '../../../../lib/process';

/** word → its pronunciations (CMU phones, space separated) */
export type Pronunciations = Map<string, string[]>;

const dictionaries = new Map<string, Promise<Pronunciations>>();

/** The CMU pronouncing dictionary of the acoustic model, read once per process. */
export function loadDictionary(file: string): Promise<Pronunciations> {
  let loaded = dictionaries.get(file);
  if (!loaded) {
    loaded = readFile(file, 'utf8').then(parseDictionary);
    loaded.catch(() => dictionaries.delete(file));
    dictionaries.set(file, loaded);
  }
  return loaded;
}

export function parseDictionary(text: string): Pronunciations {
  const dict: Pronunciations = new Map();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const phones = line.slice(space + 1).trim();
    if (!phones) continue;
    const list = dict.get(word);
    if (list) list.push(phones);
    else dict.set(word, [phones]);
  }
  return dict;
}

/** flite's US phone set → the CMU phones of the acoustic model (stress marks dropped) */
const FLITE_TO_CMU: Record<string, string> = { ax: 'AH', axr: 'ER', pau: '' };
const CMU_PHONES = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(' '),
);

export function fliteToCmu(flitePhones: string): string {
  return flitePhones
    .trim()
    .split(/\s+/)
    .map((p) => {
      const base = p.replace(/\d$/, '');
      return base in FLITE_TO_CMU ? FLITE_TO_CMU[base] : base.toUpperCase();
    })
    .filter((p) => CMU_PHONES.has(p))
    .join(' ');
}

const guessed = new Map<string, Promise<string | undefined>>();
const MAX_GUESSES_KEPT = 20_000;

/** A pronunciation from flite's letter-to-sound rules (`t2p`), or undefined when t2p is missing or fails. */
export function guessPronunciation(word: string, t2p = 't2p'): Promise<string | undefined> {
  const key = `${t2p}\u0000${word}`;
  let result = guessed.get(key);
  if (!result) {
    if (guessed.size >= MAX_GUESSES_KEPT) guessed.clear();
    result = runChecked(t2p, [word], { timeoutMs: 10_000 })
      .then((out) => fliteToCmu(out.toString('utf8')) || undefined)
      .catch(() => undefined);
    guessed.set(key, result);
  }
  return result;
}
