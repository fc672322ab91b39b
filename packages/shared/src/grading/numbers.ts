/**
 * Numbers and number words made equal (DECISIONS.md section 4): every number becomes digits.
 * "four" = "4", "twenty one" = "21", "one hundred and five" = "105", "a thousand" = "1000",
 * "first" = "1st", "twenty first" = "21st". Works on tokens that are already lower case and split.
 */

const UNITS = new Map<string, number>(
  Object.entries({
    zero: 0,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
  }),
);
const TEENS = new Map<string, number>(
  Object.entries({
    ten: 10,
    eleven: 11,
    twelve: 12,
    thirteen: 13,
    fourteen: 14,
    fifteen: 15,
    sixteen: 16,
    seventeen: 17,
    eighteen: 18,
    nineteen: 19,
  }),
);
const TENS = new Map<string, number>(
  Object.entries({
    twenty: 20,
    thirty: 30,
    forty: 40,
    fifty: 50,
    sixty: 60,
    seventy: 70,
    eighty: 80,
    ninety: 90,
  }),
);
const SCALES = new Map<string, number>([
  ['thousand', 1e3],
  ['million', 1e6],
  ['billion', 1e9],
]);
const ORDINAL_WORDS = new Map<string, string>(
  Object.entries({
    first: 'one',
    second: 'two',
    third: 'three',
    fourth: 'four',
    fifth: 'five',
    sixth: 'six',
    seventh: 'seven',
    eighth: 'eight',
    ninth: 'nine',
    tenth: 'ten',
    eleventh: 'eleven',
    twelfth: 'twelve',
    thirteenth: 'thirteen',
    fourteenth: 'fourteen',
    fifteenth: 'fifteen',
    sixteenth: 'sixteen',
    seventeenth: 'seventeen',
    eighteenth: 'eighteen',
    nineteenth: 'nineteen',
    twentieth: 'twenty',
    thirtieth: 'thirty',
    fortieth: 'forty',
    fiftieth: 'fifty',
    sixtieth: 'sixty',
    seventieth: 'seventy',
    eightieth: 'eighty',
    ninetieth: 'ninety',
    hundredth: 'hundred',
    thousandth: 'thousand',
    millionth: 'million',
    billionth: 'billion',
  }),
);

type Kind = 'unit' | 'teen' | 'tens' | 'hundred' | 'scale';
interface NumberWord {
  kind: Kind;
  value: number;
  ordinal: boolean;
}

function cardinal(word: string): Omit<NumberWord, 'ordinal'> | null {
  const unit = UNITS.get(word);
  if (unit !== undefined) return { kind: 'unit', value: unit };
  const teen = TEENS.get(word);
  if (teen !== undefined) return { kind: 'teen', value: teen };
  const tens = TENS.get(word);
  if (tens !== undefined) return { kind: 'tens', value: tens };
  if (word === 'hundred') return { kind: 'hundred', value: 100 };
  const scale = SCALES.get(word);
  if (scale !== undefined) return { kind: 'scale', value: scale };
  return null;
}

function numberWord(word: string): NumberWord | null {
  const c = cardinal(word);
  if (c) return { ...c, ordinal: false };
  const base = ORDINAL_WORDS.get(word);
  if (base === undefined) return null;
  const o = cardinal(base);
  return o ? { ...o, ordinal: true } : null;
}

const DIGITS = /^\d+$/;
const DIGIT_ORDINAL = /^(\d+)(st|nd|rd|th)$/;

/** "1" → "st", "12" → "th", "22" → "nd". */
export function ordinalSuffix(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** May `next` continue a number whose last word was of kind `last`? */
function canFollow(last: Kind | null, next: NumberWord, current: number, lastScale: number): boolean {
  switch (next.kind) {
    case 'unit':
      return last === null || last === 'tens' || last === 'hundred' || last === 'scale';
    case 'teen':
    case 'tens':
      return last === null || last === 'hundred' || last === 'scale';
    case 'hundred':
      return (last === null || last === 'unit' || last === 'teen' || last === 'tens') && current < 100;
    case 'scale':
      return next.value < lastScale && last !== 'scale';
  }
}

/** Is tokens[i] a single-digit word (or a teen) that continues a digit-by-digit reading? */
function readsDigitByDigit(tokens: readonly string[], i: number): boolean {
  const next = tokens[i] === undefined ? null : numberWord(tokens[i]);
  return next !== null && !next.ordinal && (next.kind === 'unit' || next.kind === 'teen');
}

interface Parsed {
  token: string;
  end: number;
}

/** Reads one spelled-out number starting at `start`; null when tokens[start] does not begin one. */
function parseNumberWords(tokens: readonly string[], start: number): Parsed | null {
  let total = 0;
  let current = 0;
  let last: Kind | null = null;
  let lastScale = Number.POSITIVE_INFINITY;
  let i = start;
  const startsScaled = (t: string | undefined) => t === 'hundred' || (t !== undefined && SCALES.has(t));

  // "a hundred", "a thousand"; "5 hundred", "2 million".
  if (tokens[i] === 'a' && startsScaled(tokens[i + 1])) {
    current = 1;
    last = 'unit';
    i++;
  } else if (DIGITS.test(tokens[i]) && Number(tokens[i]) < 1000 && startsScaled(tokens[i + 1])) {
    current = Number(tokens[i]);
    last = 'unit';
    i++;
  }

  let ordinal = false;
  while (i < tokens.length) {
    const token = tokens[i];
    if (token === 'and' && (last === 'hundred' || last === 'scale')) {
      const after = tokens[i + 1] === undefined ? null : numberWord(tokens[i + 1]);
      const digitByDigit = after?.kind === 'unit' && readsDigitByDigit(tokens, i + 2);
      if (after && !digitByDigit && (after.kind === 'unit' || after.kind === 'teen' || after.kind === 'tens')) {
        i++;
        continue;
      }
      break;
    }
    const word = numberWord(token);
    if (!word || !canFollow(last, word, current, lastScale)) break;
    // Digit by digit after a hundred or thousand: "one eight hundred five five five" is 1 800 5 5 5, not 805.
    if (
      (last === 'hundred' || last === 'scale') &&
      word.kind === 'unit' &&
      !word.ordinal &&
      readsDigitByDigit(tokens, i + 1)
    ) {
      break;
    }
    if (word.kind === 'hundred') {
      current = (current === 0 ? 1 : current) * 100;
    } else if (word.kind === 'scale') {
      total += (current === 0 ? 1 : current) * word.value;
      current = 0;
      lastScale = word.value;
    } else {
      current += word.value;
    }
    last = word.kind;
    i++;
    if (word.ordinal) {
      ordinal = true;
      break;
    }
  }
  if (last === null || i === start) return null;
  const value = total + current;
  return { token: ordinal ? `${value}${ordinalSuffix(value)}` : String(value), end: i };
}

/**
 * Turns number words into digits, gives digit ordinals their proper suffix ("21th" → "21st") and reads
 * "oh" between digits as zero ("nine oh two" → "9 0 2"). Neighbouring numbers stay separate tokens
 * ("nineteen eighty" → "19 80", "one one" → "1 1"); the matcher compares runs of digits by their
 * digits, so "1980", "555-1234" and "five five five one two three four" still match (phrase-match.ts).
 */
export function numberWordsToDigits(tokens: readonly string[]): string[] {
  const converted: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const parsed = parseNumberWords(tokens, i);
    if (parsed) {
      converted.push(parsed.token);
      i = parsed.end;
      continue;
    }
    const ordinal = DIGIT_ORDINAL.exec(tokens[i]);
    converted.push(ordinal ? `${ordinal[1]}${ordinalSuffix(Number(ordinal[1]))}` : tokens[i]);
    i++;
  }
  return readOhAsZero(converted);
}

function readOhAsZero(tokens: string[]): string[] {
  const out = [...tokens];
  for (let i = 1; i < out.length; i++) {
    if ((out[i] !== 'oh' && out[i] !== 'o') || !DIGITS.test(out[i - 1])) continue;
    let j = i;
    while (j < out.length && (out[j] === 'oh' || out[j] === 'o')) j++;
    if (j < out.length && DIGITS.test(out[j])) {
      for (let k = i; k < j; k++) out[k] = '0';
    }
    i = j;
  }
  return out;
}

const UNIT_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEEN_NAMES = [...TEENS.keys()];
const TENS_NAMES = ['', '', ...TENS.keys()];

function belowThousand(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(UNIT_NAMES[hundreds], 'hundred');
  if (rest >= 20) {
    words.push(TENS_NAMES[Math.floor(rest / 10)]);
    if (rest % 10 > 0) words.push(UNIT_NAMES[rest % 10]);
  } else if (rest >= 10) {
    words.push(TEEN_NAMES[rest - 10]);
  } else if (rest > 0 || hundreds === 0) {
    words.push(UNIT_NAMES[rest]);
  }
  return words;
}

/** 21 → "twenty one", 105 → "one hundred five", 2024 → "two thousand twenty four" (integers 0 … 999 999 999 999). */
export function numberToWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`Cannot spell ${n}`);
  if (n === 0) return 'zero';
  const words: string[] = [];
  let rest = n;
  for (const [name, value] of [
    ['billion', 1e9],
    ['million', 1e6],
    ['thousand', 1e3],
  ] as const) {
    const count = Math.floor(rest / value);
    if (count > 0) words.push(...belowThousand(count), name);
    rest %= value;
  }
  if (rest > 0) words.push(...belowThousand(rest));
  return words.join(' ');
}
