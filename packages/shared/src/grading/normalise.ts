/**
 * Text normalisation (DECISIONS.md section 4): lower case, accents and punctuation removed, whitespace
 * collapsed, numbers and number words made equal. Keyword phrases and transcripts go through the same
 * function, so whatever it does to one side it does to the other.
 */
import { numberWordsToDigits } from './numbers';

/** Written short forms a recogniser spells out; both sides use the long form. */
const SHORT_FORMS = new Map([
  ['ok', 'okay'],
  ['dr', 'doctor'],
  ['mr', 'mister'],
]);

function money(_: string, whole: string, cents: string | undefined): string {
  const dollars = whole.replace(/,/g, '');
  const dollarWord = dollars === '1' ? 'dollar' : 'dollars';
  const centValue = cents === undefined ? 0 : Number(cents.padEnd(2, '0'));
  if (centValue === 0) return ` ${dollars} ${dollarWord} `;
  return ` ${dollars} ${dollarWord} ${centValue} ${centValue === 1 ? 'cent' : 'cents'} `;
}

/** Symbols become words or spaces; what is left is lower-case letters, digits and single spaces. */
function cleanCharacters(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      // "$4.50" → "4 dollars 50 cents", "$1,200" → "1200 dollars"
      .replace(/\$\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?!\d)/g, money)
      // thousands separators: "1,000,000" → "1000000"
      .replace(/\b\d{1,3}(?:,\d{3})+\b/g, (m) => m.replace(/,/g, ''))
      // "4.5" → "4 point 5"; "50%" → "50 percent"
      .replace(/(\d)\.(?=\d)/g, '$1 point ')
      .replace(/%/g, ' percent ')
      .replace(/&/g, ' and ')
      .replace(/@/g, ' at ')
      .replace(/\+/g, ' plus ')
      // apostrophes join: "don't" → "dont", "member's" → "members"
      .replace(/['\u2018\u2019\u02bc`\u00b4]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
  );
}

/** "4 dollars and 50 cents" reads like "$4.50" → "4 dollars 50 cents". */
function dropMoneyAnd(tokens: string[]): string[] {
  return tokens.filter(
    (token, i) =>
      !(
        token === 'and' &&
        (tokens[i - 1] === 'dollars' || tokens[i - 1] === 'dollar') &&
        /^\d+$/.test(tokens[i + 1] ?? '')
      ),
  );
}

/**
 * The normalised words of a text: `tokenise("Twenty-one Refunds, please!")` → `["21", "refunds", "please"]`.
 * Numbers are read within a clause: "I'm twenty, one more" keeps 20 and 1 apart.
 */
export function tokenise(text: string): string[] {
  const words: string[] = [];
  for (const clause of splitClauses(text)) {
    const cleaned = cleanCharacters(clause);
    if (cleaned === '') continue;
    words.push(...numberWordsToDigits(cleaned.split(' ').map((w) => SHORT_FORMS.get(w) ?? w)));
  }
  return dropMoneyAnd(words);
}

/** Splits at , . ; ! ? that are not inside a number ("1,000", "4.50" stay whole). */
function splitClauses(text: string): string[] {
  return text.split(/(?<!\d)[,.;!?]+|[,.;!?]+(?!\d)/);
}

/** The normalised text: `normalise("  It's $4.50!! ")` → `"its 4 dollars 50 cents"`. */
export function normalise(text: string): string {
  return tokenise(text).join(' ');
}
