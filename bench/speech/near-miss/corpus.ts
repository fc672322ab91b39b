import { gradeLine } from '../../../packages/shared/src/grading/index';
import type { RobustnessLine } from '../robustness/corpus-types';

/**
 * The near-miss set (issue 30, "no credit for a fact not said"): call-centre lines (new sentences: none of
 * bench/speech/corpus.ts, robustness/corpus-dev.ts or robustness/corpus-heldout.ts), written as they are
 * spoken (numbers in words, so that every synthesizer says the same thing), each with its keyword entries
 * (`|` lists alternatives, as in the product) and its near misses: the same line with exactly ONE keyword's
 * fact swapped for a plausible wrong one ("fifteen dollars" → "fifty dollars"), tagged with the kind of fact.
 * The right answer of each line is the line itself (keyword recall on the same lines and voices).
 *
 * Which lines count for "no near miss passes its line": a line passes at the grader's default overalConfidence
 * (60). With 1 or 2 keyword entries, one wrong fact leaves at most 1 of 2 (50%): the line must fail, and a
 * near miss that passes is one whose wrong fact was credited. With 3 entries, one wrong fact leaves 2 of 3
 * (66.67%), which passes by the rules whatever the recogniser does: those lines' near misses count for the
 * swapped keyword's credit only, never for the line passes (`passCheck`).
 *
 * Names are phonetic neighbours that SOUND different (Patel / Patton, Morris / Norris), never homophones
 * (Reid / Reed): a recogniser cannot be asked to hear a spelling.
 */
export const FACT_KINDS = {
  'teen-ty': 'Teen / -ty numbers (fifteen / fifty)',
  neighbour: 'Neighbouring numbers (twelve / eleven)',
  digits: 'Digit strings, one digit changed',
  ordinal: 'Ordinals in dates (fifth / sixth, thirteenth / thirtieth)',
  day: 'Days of the week',
  month: 'Months',
  amount: 'Amounts of money',
  time: 'Times of day',
  name: "People's names",
  plan: 'Product and plan names',
} as const;
export type FactKind = keyof typeof FACT_KINDS;

/** One fact of a line swapped: the words `from` (said once in the line) replaced by `to`. */
export interface Swap {
  kind: FactKind;
  from: string;
  to: string;
}

export interface NearMissLine {
  /** short stable name, used in the details file */
  id: string;
  domain: RobustnessLine['domain'];
  text: string;
  keywords: string[];
  swaps: Swap[];
}

export interface NearMiss {
  /** `<line id>/<from>→<to>` */
  id: string;
  line: NearMissLine;
  kind: FactKind;
  swap: Swap;
  /** the line with the fact swapped */
  text: string;
  /** the keyword entry the swap makes false (as written in the line's keywords) */
  keyword: string;
}

/** A line whose near misses must all fail at overalConfidence 60: 1 or 2 keyword entries (see above). */
export const passCheck = (line: NearMissLine) => line.keywords.length <= 2;

export const NEAR_MISS_LINES: readonly NearMissLine[] = [
  // teen / -ty numbers
  {
    id: 'refund',
    domain: 'billing',
    text: 'Your refund of fifteen dollars will reach your card within a week.',
    keywords: ['refund', 'fifteen dollars|$15'],
    swaps: [{ kind: 'teen-ty', from: 'fifteen', to: 'fifty' }],
  },
  {
    id: 'technician',
    domain: 'telecom',
    text: 'The technician should be with you in about forty minutes.',
    keywords: ['technician', 'forty minutes|40 minutes'],
    swaps: [{ kind: 'teen-ty', from: 'forty', to: 'fourteen' }],
  },
  {
    id: 'contract-left',
    domain: 'telecom',
    text: 'Your contract has thirteen months left before you can upgrade.',
    keywords: ['thirteen months|13 months', 'upgrade'],
    swaps: [{ kind: 'teen-ty', from: 'thirteen', to: 'thirty' }],
  },
  {
    id: 'promotion',
    domain: 'billing',
    text: 'The promotion takes sixteen percent off your monthly bill.',
    keywords: ['sixteen percent|16%', 'monthly bill'],
    swaps: [{ kind: 'teen-ty', from: 'sixteen', to: 'sixty' }],
  },
  // neighbouring numbers
  {
    id: 'warranty',
    domain: 'insurance',
    text: 'The battery warranty lasts twelve months from the date of purchase.',
    keywords: ['twelve months|12 months', 'date of purchase'],
    swaps: [{ kind: 'neighbour', from: 'twelve', to: 'eleven' }],
  },
  {
    id: 'refills',
    domain: 'healthcare',
    text: 'Your prescription comes with three refills at the same pharmacy.',
    keywords: ['three refills|3 refills'],
    swaps: [{ kind: 'neighbour', from: 'three', to: 'four' }],
  },
  {
    id: 'devices',
    domain: 'telecom',
    text: 'You can connect up to six devices on one account.',
    keywords: ['six devices|6 devices', 'one account'],
    swaps: [{ kind: 'neighbour', from: 'six', to: 'seven' }],
  },
  {
    id: 'repairs',
    domain: 'telecom',
    text: 'Most repairs take two working days at our service centre.',
    keywords: ['two working days|2 working days', 'service centre|service center'],
    swaps: [{ kind: 'neighbour', from: 'two', to: 'three' }],
  },
  // digit strings
  {
    id: 'reference',
    domain: 'billing',
    text: 'Your reference number is six one three eight.',
    keywords: ['reference number', 'six one three eight|6138'],
    swaps: [{ kind: 'digits', from: 'six one three eight', to: 'six nine three eight' }],
  },
  {
    id: 'card-ends',
    domain: 'banking',
    text: 'The card you are calling about ends in four two seven zero.',
    keywords: ['four two seven zero|4270'],
    swaps: [{ kind: 'digits', from: 'four two seven zero', to: 'five two seven zero' }],
  },
  {
    id: 'extension',
    domain: 'telecom',
    text: 'Please call us back on extension two eight five.',
    keywords: ['extension', 'two eight five|285'],
    swaps: [{ kind: 'digits', from: 'two eight five', to: 'two eight nine' }],
  },
  {
    id: 'order-number',
    domain: 'billing',
    text: 'Your order number ends in nine five zero three.',
    keywords: ['order number', 'nine five zero three|9503'],
    swaps: [{ kind: 'digits', from: 'nine five zero three', to: 'nine five zero eight' }],
  },
  {
    id: 'booking-code',
    domain: 'healthcare',
    text: 'Your booking code for the clinic is eight three three one.',
    keywords: ['booking code', 'eight three three one|8331'],
    swaps: [{ kind: 'digits', from: 'eight three three one', to: 'eight three seven one' }],
  },
  // ordinals and dates (some with a month swap too: the same keyword entry, another kind of fact)
  {
    id: 'next-bill',
    domain: 'billing',
    text: 'Your next bill will be issued on the thirteenth of the month.',
    keywords: ['next bill', 'thirteenth|13th'],
    swaps: [{ kind: 'ordinal', from: 'thirteenth', to: 'thirtieth' }],
  },
  {
    id: 'engineer-visit',
    domain: 'telecom',
    text: 'The engineer visit is booked for the fifth of April.',
    keywords: ['engineer visit', 'fifth of April|April fifth|April 5th'],
    swaps: [
      { kind: 'ordinal', from: 'fifth', to: 'sixth' },
      { kind: 'month', from: 'April', to: 'August' },
    ],
  },
  {
    id: 'collection-day',
    domain: 'banking',
    text: 'Payments are collected on the first working day of each month.',
    keywords: ['first working day'],
    swaps: [{ kind: 'ordinal', from: 'first', to: 'third' }],
  },
  {
    id: 'renewal',
    domain: 'insurance',
    text: 'Your home policy renews on the twenty second of November.',
    keywords: ['renews', 'twenty second of November|November twenty second|November 22nd'],
    swaps: [
      { kind: 'ordinal', from: 'second', to: 'third' },
      { kind: 'month', from: 'November', to: 'September' },
    ],
  },
  // days
  {
    id: 'doctor-patel',
    domain: 'healthcare',
    text: 'Doctor Patel can see you on Thursday morning.',
    keywords: ['Doctor Patel|Dr Patel', 'Thursday'],
    swaps: [
      { kind: 'name', from: 'Patel', to: 'Patton' },
      { kind: 'day', from: 'Thursday', to: 'Tuesday' },
    ],
  },
  {
    id: 'router-delivery',
    domain: 'telecom',
    text: 'Your new router will be delivered on Monday.',
    keywords: ['router', 'Monday'],
    swaps: [{ kind: 'day', from: 'Monday', to: 'Sunday' }],
  },
  {
    id: 'branch-closed',
    domain: 'banking',
    text: 'The branch is closed this Saturday for the holiday.',
    keywords: ['Saturday'],
    swaps: [{ kind: 'day', from: 'Saturday', to: 'Sunday' }],
  },
  {
    id: 'claims-callback',
    domain: 'insurance',
    text: 'Our claims team will call you back on Wednesday.',
    keywords: ['claims team', 'Wednesday'],
    swaps: [{ kind: 'day', from: 'Wednesday', to: 'Tuesday' }],
  },
  // months
  {
    id: 'contract-ends',
    domain: 'telecom',
    text: 'Your contract ends in June, so you can switch plans after that.',
    keywords: ['June', 'switch plans'],
    swaps: [{ kind: 'month', from: 'June', to: 'July' }],
  },
  {
    id: 'annual-fee',
    domain: 'banking',
    text: 'The annual card fee is charged every March.',
    keywords: ['annual card fee|annual fee', 'March'],
    swaps: [{ kind: 'month', from: 'March', to: 'May' }],
  },
  {
    id: 'premium-rise',
    domain: 'insurance',
    text: 'Your premium will go up slightly in September.',
    keywords: ['premium', 'September'],
    swaps: [{ kind: 'month', from: 'September', to: 'November' }],
  },
  // amounts
  {
    id: 'monthly-payment',
    domain: 'billing',
    text: 'Your monthly payment is forty two dollars.',
    keywords: ['monthly payment', 'forty two dollars|$42'],
    swaps: [{ kind: 'amount', from: 'forty two', to: 'forty eight' }],
  },
  {
    id: 'screen-repair',
    domain: 'telecom',
    text: 'The screen repair will cost two hundred dollars including parts.',
    keywords: ['screen repair', 'two hundred dollars|$200'],
    swaps: [{ kind: 'amount', from: 'two hundred', to: 'three hundred' }],
  },
  {
    id: 'cancellation',
    domain: 'telecom',
    text: 'There is a cancellation charge of ninety nine dollars.',
    keywords: ['cancellation charge', 'ninety nine dollars|$99'],
    swaps: [{ kind: 'amount', from: 'ninety nine', to: 'ninety five' }],
  },
  {
    id: 'balance',
    domain: 'billing',
    text: 'Your balance after today’s payment is one hundred and sixty dollars.',
    keywords: ['one hundred and sixty dollars|one hundred sixty dollars|$160'],
    swaps: [{ kind: 'amount', from: 'sixty', to: 'eighty' }],
  },
  {
    id: 'deposit',
    domain: 'billing',
    text: 'We need a deposit of seventy five dollars to hold the booking.',
    keywords: ['deposit', 'seventy five dollars|$75'],
    swaps: [{ kind: 'amount', from: 'seventy five', to: 'sixty five' }],
  },
  // times
  {
    id: 'store-opens',
    domain: 'billing',
    text: 'The store opens again at three fifteen this afternoon.',
    keywords: ['three fifteen|3:15'],
    swaps: [{ kind: 'time', from: 'three fifteen', to: 'three fifty' }],
  },
  {
    id: 'lines-close',
    domain: 'telecom',
    text: 'Our phone lines close at six forty five tonight.',
    keywords: ['six forty five|6:45'],
    swaps: [{ kind: 'time', from: 'six forty five', to: 'six fifty five' }],
  },
  {
    id: 'courier',
    domain: 'banking',
    text: 'Your courier pickup is booked for nine o’clock tomorrow.',
    keywords: ['courier pickup', 'nine o’clock|9 o’clock|9:00'],
    swaps: [{ kind: 'time', from: 'nine', to: 'five' }],
  },
  {
    id: 'callback-time',
    domain: 'insurance',
    text: 'Your callback from the loss adjuster is set for half past two.',
    keywords: ['half past two'],
    swaps: [{ kind: 'time', from: 'two', to: 'ten' }],
  },
  // names
  {
    id: 'account-manager',
    domain: 'billing',
    text: 'Your account manager is Sarah Collins.',
    keywords: ['Sarah Collins'],
    swaps: [{ kind: 'name', from: 'Collins', to: 'Cullen' }],
  },
  {
    id: 'mister-hanley',
    domain: 'insurance',
    text: 'I will put you through to Mister Hanley in claims.',
    keywords: ['Mister Hanley|Mr Hanley', 'claims'],
    swaps: [{ kind: 'name', from: 'Hanley', to: 'Stanley' }],
  },
  {
    id: 'nurse-jackson',
    domain: 'healthcare',
    text: 'Nurse Jackson will ring you with your results.',
    keywords: ['Nurse Jackson', 'results'],
    swaps: [{ kind: 'name', from: 'Jackson', to: 'Johnson' }],
  },
  // plans and products
  {
    id: 'premium-plan',
    domain: 'telecom',
    text: 'You are on the Premium plan, which includes international calls.',
    keywords: ['Premium plan', 'international calls'],
    swaps: [{ kind: 'plan', from: 'Premium', to: 'Premier' }],
  },
  {
    id: 'plus-tier',
    domain: 'telecom',
    text: 'I can upgrade you to the Plus tier for five dollars a month.',
    keywords: ['Plus tier', 'five dollars|$5'],
    swaps: [
      { kind: 'plan', from: 'Plus', to: 'Pro' },
      { kind: 'neighbour', from: 'five', to: 'four' },
    ],
  },
  {
    id: 'standard-plan',
    domain: 'telecom',
    text: 'You are currently on our Standard plan with no contract.',
    keywords: ['Standard plan', 'no contract'],
    swaps: [{ kind: 'plan', from: 'Standard', to: 'Starter' }],
  },
  {
    id: 'gold-package',
    domain: 'insurance',
    text: 'Your cover is the Gold package, so dental is included.',
    keywords: ['Gold package', 'dental'],
    swaps: [{ kind: 'plan', from: 'Gold', to: 'Silver' }],
  },
  // three keyword entries: the swapped keyword's credit counts, the line passes do not (see above)
  {
    id: 'doctor-morris',
    domain: 'healthcare',
    text: 'Doctor Morris can see you on Friday at ten thirty.',
    keywords: ['Doctor Morris|Dr Morris', 'Friday', 'ten thirty|10:30'],
    swaps: [
      { kind: 'name', from: 'Morris', to: 'Norris' },
      { kind: 'day', from: 'Friday', to: 'Monday' },
      { kind: 'time', from: 'ten thirty', to: 'ten forty' },
    ],
  },
  {
    id: 'premium-renews',
    domain: 'telecom',
    text: 'Your Premium plan renews on the thirteenth of May for forty dollars.',
    keywords: ['Premium plan', 'thirteenth of May|May thirteenth|May 13th', 'forty dollars|$40'],
    swaps: [
      { kind: 'plan', from: 'Premium', to: 'Premier' },
      { kind: 'ordinal', from: 'thirteenth', to: 'thirtieth' },
      { kind: 'month', from: 'May', to: 'March' },
      { kind: 'teen-ty', from: 'forty', to: 'fourteen' },
    ],
  },
];

const wordsOf = (s: string) => new RegExp(`(?<![\\w’'])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w’'])`, 'g');

/** The line with its swap made; throws unless `from` is said exactly once. */
export function swapped(line: NearMissLine, swap: Swap): string {
  const found = line.text.match(wordsOf(swap.from))?.length ?? 0;
  if (found !== 1) throw new Error(`"${swap.from}" is said ${found} times in "${line.text}" (once needed)`);
  return line.text.replace(wordsOf(swap.from), swap.to);
}

/** Keyword entries the product's grader finds in a perfect transcript of `text`. */
const heldBy = (text: string, keywords: readonly string[]) => gradeLine({ transcript: text, keywords }).correctKeywords;

/**
 * Every near miss of every line, checked as the product's grader reads a perfect transcript: the right answer
 * holds all its keywords, and the near miss holds all but one (the swapped keyword, which it must not hold).
 */
export function nearMisses(lines: readonly NearMissLine[] = NEAR_MISS_LINES): NearMiss[] {
  const ids = new Set<string>();
  return lines.flatMap((line) => {
    if (ids.has(line.id)) throw new Error(`Two lines are named "${line.id}"`);
    ids.add(line.id);
    if (line.keywords.length < 1 || line.keywords.length > 3) throw new Error(`"${line.text}": 1 to 3 keyword entries`);
    const held = heldBy(line.text, line.keywords);
    const missing = line.keywords.filter((k) => !held.includes(k));
    if (missing.length) throw new Error(`The line "${line.text}" does not say its keyword "${missing[0]}"`);
    if (!line.swaps.length) throw new Error(`The line "${line.text}" has no near miss`);
    return line.swaps.map((swap) => {
      const text = swapped(line, swap);
      const lost = line.keywords.filter((k) => !heldBy(text, line.keywords).includes(k));
      if (lost.length !== 1) {
        throw new Error(
          `The near miss "${text}" must lose exactly one keyword of its line, by the grader on its perfect text (it loses ${lost.length}: ${lost.join(', ') || 'none'})`,
        );
      }
      return { id: `${line.id}/${swap.from}→${swap.to}`, line, kind: swap.kind, swap, text, keyword: lost[0] };
    });
  });
}
