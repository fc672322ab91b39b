/**
 * A small Metaphone (after L. Philips, 1990): a key of how a word sounds, vowels dropped after the first
 * letter. "advice" and "advise" → "ATFS"; "medicare" → "MTKR" but "medicaid" → "MTKT".
 * Used only together with an edit-distance limit (see near-match.ts), never alone.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);
const isVowel = (ch: string | undefined): boolean => ch !== undefined && VOWELS.has(ch);
const FRONT_VOWELS = new Set(['e', 'i', 'y']);
const isFront = (ch: string | undefined): boolean => ch !== undefined && FRONT_VOWELS.has(ch);

function dropSilentStart(word: string): string {
  if (/^(kn|gn|pn|ae|wr)/.test(word)) return word.slice(1);
  if (word.startsWith('x')) return `s${word.slice(1)}`;
  if (word.startsWith('wh')) return `w${word.slice(2)}`;
  return word;
}

/** The phonetic key of one lower-case word (letters only; other characters are ignored). */
export function metaphone(input: string): string {
  const letters = input.replace(/[^a-z]/g, '');
  if (letters === '') return '';
  // Doubled letters sound once, except "cc" ("accept" → AKSPT).
  const word = dropSilentStart(letters.replace(/([a-bd-z])\1+/g, '$1'));
  let key = '';
  for (let i = 0; i < word.length; i++) {
    const ch = word[i];
    const prev = word[i - 1];
    const next = word[i + 1];
    const after = word[i + 2];
    switch (ch) {
      case 'a':
      case 'e':
      case 'i':
      case 'o':
      case 'u':
        if (i === 0) key += 'A';
        break;
      case 'b':
        if (!(prev === 'm' && i === word.length - 1)) key += 'B';
        break;
      case 'c':
        if (next === 'i' && after === 'a') key += 'X';
        else if (next === 'h') {
          key += prev === 's' ? 'K' : 'X';
          i++;
        } else if (isFront(next)) {
          if (prev !== 's') key += 'S';
        } else key += 'K';
        break;
      case 'd':
        if (next === 'g' && isFront(after)) {
          key += 'J';
          i++;
        } else key += 'T';
        break;
      case 'g':
        if (next === 'h' && !isVowel(after)) {
          i++; // "light", "thought": silent
        } else if (next === 'n' && (i + 2 === word.length || word.slice(i + 1) === 'ned')) {
          // "sign", "signed": silent
        } else if (isFront(next)) key += 'J';
        else key += 'K';
        break;
      case 'h':
        if (isVowel(next) && !['c', 's', 'p', 't', 'g'].includes(prev ?? '')) key += 'H';
        break;
      case 'k':
        if (prev !== 'c') key += 'K';
        break;
      case 'p':
        if (next === 'h') {
          key += 'F';
          i++;
        } else key += 'P';
        break;
      case 'q':
        key += 'K';
        break;
      case 's':
        if (next === 'h') {
          key += 'X';
          i++;
        } else if (next === 'i' && (after === 'o' || after === 'a')) key += 'X';
        else key += 'S';
        break;
      case 't':
        if (next === 'i' && (after === 'o' || after === 'a')) key += 'X';
        else if (next === 'h') {
          key += '0';
          i++;
        } else if (!(next === 'c' && after === 'h')) key += 'T';
        break;
      case 'v':
        key += 'F';
        break;
      case 'w':
      case 'y':
        if (isVowel(next)) key += ch.toUpperCase();
        break;
      case 'x':
        key += 'KS';
        break;
      case 'z':
        key += 'S';
        break;
      default:
        key += ch.toUpperCase();
    }
  }
  return key;
}
