import { DEV_LINES } from './corpus-dev';

/**
 * Near misses of the dev set's lines (calibrate-near.ts): each line said with every keyword swapped for a
 * close or plausible other word, as a learner who slips would say it ("Tuesday" for "Thursday"). The grader
 * must find none of the line's keywords in them, so they measure what the neural recogniser's keyword bonus
 * (KEYWORD_BOOST) would put in a learner's mouth. Dev lines only: the held-out set is not tuned on.
 */
export const NEAR_MISSES: readonly { line: number; text: string }[] = [
  'I can see a late delivery charge of twenty dollars on your last statement.',
  'Your account is set to take the full balance on the tenth of each month.',
  'I have applied a small credit of fifteen dollars to your account.',
  'Your policy includes towing and a loan car while yours is repaired.',
  'The assessor will inspect the roof leak in your kitchen on Tuesday.',
  'Adding your daughter as a driver will raise the price by about eighteen dollars.',
  'I have reset your modem remotely, so the power light should turn green.',
  'Your basic phone plan includes a roaming allowance of five gigabytes.',
  'I can reduce the setup charge if you add two lines today.',
  'I have cancelled your credit card so nobody else can use it.',
  'The bank payment should reach the other bank by Monday evening.',
  'For security, please confirm the first three letters of your mother’s maiden name.',
  'Your current account pays a bonus every month with no overdraft limit.',
  'Doctor Morris has an opening on Tuesday at three fifteen.',
  'Please do not drink for two hours before your eye test.',
  'Your check up visit with the dermatologist is booked for the fifth of July.',
  'I have moved your appointment to Monday, and you will get a text message the day before.',
].map((text, line) => ({ line, text }));

if (NEAR_MISSES.length !== DEV_LINES.length) throw new Error('One near miss per dev line');
