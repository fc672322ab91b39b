/**
 * The spoken form of a written line, as the recogniser's dictionary spells it: lower case words, numbers,
 * money, times and ordinals written out ("$25" → "twenty five dollars", "3:30" → "three thirty").
 */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Array<[number, string]> = [
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
  [100, 'hundred'],
];
const ORDINAL_WORDS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};
const SYMBOLS: Record<string, string> = { '&': 'and', '%': 'percent', '@': 'at', '+': 'plus', '#': 'number' };
const ABBREVIATIONS: Record<string, string> = {
  dr: 'doctor',
  mr: 'mister',
  mrs: 'missus',
  ms: 'miss',
  st: 'street',
  ave: 'avenue',
  appt: 'appointment',
  dept: 'department',
  approx: 'approximately',
  etc: 'et cetera',
  vs: 'versus',
};

/** Cardinal number in words (0 ≤ n < 10^12). */
export function numberWords(n: number): string[] {
  if (!Number.isInteger(n) || n < 0 || n >= 1e12) return digitWords(String(Math.trunc(Math.abs(n))));
  if (n < 20) return [ONES[n]];
  if (n < 100) return n % 10 ? [TENS[Math.floor(n / 10)], ONES[n % 10]] : [TENS[n / 10]];
  for (const [scale, name] of SCALES) {
    if (n >= scale) {
      const rest = n % scale;
      return [...numberWords(Math.floor(n / scale)), name, ...(rest ? numberWords(rest) : [])];
    }
  }
  return [];
}

export function ordinalWords(n: number): string[] {
  const words = numberWords(n);
  const last = words[words.length - 1];
  const ordinal = ORDINAL_WORDS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words.slice(0, -1), ordinal];
}

/** "1990" said as a year: "nineteen ninety". */
export function yearWords(n: number): string[] {
  const high = Math.floor(n / 100);
  const low = n % 100;
  if (low === 0) return [...numberWords(high), 'hundred'];
  return [...numberWords(high), ...(low < 10 ? ['oh', ONES[low]] : numberWords(low))];
}

export function digitWords(digits: string): string[] {
  return [...digits].filter((c) => c >= '0' && c <= '9').map((c) => ONES[Number(c)]);
}

/** Words of one number token as usually read aloud, with other common readings as alternatives. */
function readNumber(token: string): { words: string[]; alternatives: string[][] } {
  const plain = token.replace(/,/g, '');
  if (/^0\d+$/.test(plain) || plain.length > 9) return { words: digitWords(plain), alternatives: [] };
  const n = Number(plain);
  if (plain.length === 4 && n >= 1100 && n < 2100 && n % 100 !== 0 && !token.includes(',')) {
    return { words: yearWords(n), alternatives: [numberWords(n), digitWords(plain)] };
  }
  return { words: numberWords(n), alternatives: plain.length >= 4 ? [digitWords(plain)] : [] };
}

export interface SpokenForm {
  /** the words of the line as most likely said */
  words: string[];
  /** other readings of parts of the line (numbers said digit by digit, a year as a number...) */
  alternatives: string[][];
}

/** Spoken words of a written line. */
export function spokenForm(text: string): SpokenForm {
  const words: string[] = [];
  const alternatives: string[][] = [];
  const src = text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u2013\u2014]/g, ' ')
    .toLowerCase();
  const tokens =
    src.match(/\$?\d[\d,]*(?:\.\d+)?(?::\d\d)?(?:st|nd|rd|th|am|pm|%)?|[\p{L}][\p{L}'.-]*|[&%@+#]/gu) ?? [];
  for (const token of tokens) {
    const time = /^(\d{1,2}):(\d\d)(am|pm)?$/.exec(token);
    const money = /^\$([\d,]+)(?:\.(\d\d))?$/.exec(token);
    const ordinal = /^(\d+)(st|nd|rd|th)$/.exec(token);
    const numeric = /^([\d,]+)(?:\.(\d+))?(%|am|pm)?$/.exec(token);
    if (time) {
      const minutes = Number(time[2]);
      words.push(...numberWords(Number(time[1])));
      if (minutes === 0) words.push("o'clock");
      else words.push(...(minutes < 10 ? ['oh', ONES[minutes]] : numberWords(minutes)));
      if (time[3]) words.push(...[...time[3]]);
    } else if (money) {
      const dollars = Number(money[1].replace(/,/g, ''));
      words.push(...numberWords(dollars), dollars === 1 ? 'dollar' : 'dollars');
      if (money[2] && Number(money[2]) > 0) {
        const cents = Number(money[2]);
        alternatives.push([...numberWords(dollars), ...numberWords(cents)]);
        words.push('and', ...numberWords(cents), cents === 1 ? 'cent' : 'cents');
      }
    } else if (ordinal) {
      words.push(...ordinalWords(Number(ordinal[1])));
    } else if (numeric) {
      const reading = readNumber(numeric[1]);
      words.push(...reading.words);
      alternatives.push(...reading.alternatives);
      if (numeric[2]) words.push('point', ...digitWords(numeric[2]));
      if (numeric[3] === '%') words.push('percent');
      else if (numeric[3]) words.push(...[...numeric[3]]);
    } else if (token in SYMBOLS) {
      words.push(SYMBOLS[token]);
    } else {
      for (const part of token.split(/[.-]+/)) {
        const word = part.replace(/^'+|'+$/g, '');
        if (!word) continue;
        words.push(...(ABBREVIATIONS[word] ?? word).split(' '));
      }
    }
  }
  return { words, alternatives };
}
