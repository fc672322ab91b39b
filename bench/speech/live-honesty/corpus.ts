import { LINES, type ScriptLine, WRONG_ANSWERS } from '../corpus';

/**
 * The live-honesty set (issue 31, defect 4): the call-centre lines of bench/speech/corpus.ts, each said three
 * ways while the recogniser is given the line's hints, as a learner's take is:
 * - on script: the line itself;
 * - off script: another plausible call-centre sentence instead (the line's wrong answer of corpus.ts, which
 *   holds none of its keywords);
 * - near script: the line with a few of its words changed (written here: the sentence's frame kept, its
 *   content words swapped for others, so the line's distinctive words are not said).
 */
export interface HonestyLine {
  /** index in LINES */
  index: number;
  line: ScriptLine;
  offScript: string;
  nearScript: string;
}

/** The near-script sentence of each line of LINES, by index. */
export const NEAR_SCRIPT: readonly string[] = [
  'Thank you for calling Lakeside Dental Clinic, my name is Sam, how can I help you today?',
  'Can I please have your home address to confirm your identity?',
  'I can schedule you with Doctor Morgan next Friday at two in the afternoon.',
  'Your bill for a hospital visit is $40.',
  'Do you have your bank statement in front of you?',
  'Could you read me the account number on the back of the letter?',
  'Your payment has been received for this billing period.',
  'This medication requires a signed form from your family doctor.',
  'I see a pending refund of $125 on your card.',
  'Would you like to set up a direct debit for the monthly bill?',
  'We accept cash, checks, and bank transfers.',
  'Please arrive thirty minutes early to fill in your forms.',
  'I will send a reminder letter to the address on file.',
  'Is this appointment for a child or an older adult?',
  'The first open appointment with the surgeon is on June 9th.',
  "I'm sorry for the delay, I understand your frustration.",
  'Let me connect you to our claims team.',
  'Your request was approved because the service was fully covered under your policy.',
  'You can dispute the charge within 30 days of the billing date.',
  'Are you still at the house on Oak Avenue?',
  'Which hospital would you like us to send the records to?',
  'Your test results are late and the doctor will call you tomorrow morning.',
  'I have moved your appointment and you will not be sent a bill.',
  'There is a $20 charge for late payments without written notice.',
  'Is your coverage still through your employer?',
  'Medicaid covers the yearly eye exam at no cost to you.',
  'Your letter from your heart specialist is on file.',
  'Can I get a good email address in case we lose contact?',
  'The nurse is running about ten minutes late this morning.',
  'We will charge your credit card for the full amount.',
  'I can offer you a home visit next Monday instead.',
  'Please bring a bank card and a copy of your latest bill.',
  'Your total monthly payment for the plan is $300.',
  'Is there someone else I can speak with today?',
  'I have changed your home address and last name in our records.',
  'For your safety, I can only discuss this order with the owner.',
  'The walk in center is open Saturday and Sunday from nine to noon.',
  'Your final bill for the scan is $400 before discounts.',
  'I am going to put you on a long hold while I speak with my manager.',
  'Your eye test is paid at 50%.',
  'We returned your deposit of $200, thank you.',
  'The new card will be posted to you within ten working days.',
  'Do you need a ride for your surgery?',
  'If this is a billing question, please stay on and press one.',
  'Your speech therapy classes are limited to ten hours per month.',
  'Thank you for waiting, and have a lovely evening.',
];

export function honestyLines(): HonestyLine[] {
  if (NEAR_SCRIPT.length !== LINES.length) throw new Error('NEAR_SCRIPT must give one sentence per line of LINES');
  return LINES.map((line, index) => {
    const wrong = WRONG_ANSWERS.find((w) => w.line === index);
    if (!wrong) throw new Error(`No wrong answer for line ${index}`);
    return { index, line, offScript: wrong.text, nearScript: NEAR_SCRIPT[index] };
  });
}
