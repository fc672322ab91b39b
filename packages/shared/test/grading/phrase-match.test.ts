import { describe, expect, it } from 'vitest';
import { MAX_FLEXIBLE_GAP, phraseMatches } from '../../src/grading';

type Row = [phrase: string, transcript: string, strict: boolean, flexible: boolean];

const check = (rows: Row[]) =>
  it.each(rows)('%j in %j → strict %s, flexible %s', (phrase, transcript, strict, flexible) => {
    expect(phraseMatches(phrase, transcript, 'strict')).toBe(strict);
    expect(phraseMatches(phrase, transcript, 'flexible')).toBe(flexible);
  });

describe('whole words, case and punctuation', () => {
  check([
    ['refund', 'I will process your refund today', true, true],
    ['Refund', 'REFUND, please.', true, true],
    ['date of birth', 'Can I have your date of birth?', true, true],
    ['date of birth', 'Can I have your date-of-birth?', true, true],
    ['date of birth!', 'date of birth', true, true],
    ['card', 'I was sent to cardiology', false, false],
    ['card', 'your discard pile', false, false],
    ['care', 'I need medical care', true, true],
    ['care', 'careful with that', false, true],
    ['care', 'caring staff', false, true],
    ['care', 'a career in sales', false, false],
    ['bill', 'billing department', false, true],
    ['billing', 'your bill is ready', false, true],
    ['refund', 'it was refunded yesterday', false, true],
    ['eligible', 'let me check your eligibility', false, true],
    ['eligibility', 'you are eligible', false, true],
    ['hi', 'I have his account here', false, false],
    ['us', 'you can use the app', false, false],
  ]);
});

describe('numbers', () => {
  check([
    ['4 tablets', 'take four tablets a day', true, true],
    ['four tablets', 'take 4 tablets a day', true, true],
    ['21 days', 'within twenty-one days', true, true],
    ['twenty one days', 'within 21 days', true, true],
    ['$4.50', 'the copay is four dollars and fifty cents', true, true],
    ['$4.50', 'the copay is $4.50', true, true],
    ['4', 'press 14 now', false, false],
    ['15', 'it is fifty dollars', false, false],
    ['fifteen', 'it is fifty dollars', false, false],
    ['555-1234', 'call five five five one two three four', true, true],
    ['5551234', 'call five five five twelve thirty four', true, true],
    ['five five five one two three four', 'call 555-1234', true, true],
    ['555-1234', 'call five five five one two three five', false, false],
    ['555', 'call 5551234', false, false],
    ['1980', 'born in nineteen eighty', true, true],
    ['2024', 'in twenty twenty four', true, true],
    ['10:30', 'at ten thirty', true, true],
    ['$4.50', 'four point five zero', false, false],
    ['4.50', 'four point five zero', true, true],
    ['4 point 5', 'four point fifty', false, false],
    ['90210', 'nine oh two one oh', false, false],
    ['9021', 'nine oh two one oh', true, true],
    ['1st', 'the first of May', true, true],
    ['first of May', 'the 1st of May', true, true],
    ['2nd', 'the 3rd floor', false, false],
  ]);
});

describe('flexible: near words a recogniser or a script writer may use', () => {
  check([
    ['authorization', 'we need a prior authorisation', false, true],
    ['colour', 'what color is it', false, true],
    ['deductible', 'your deductable is met', false, true],
    ['copay', 'your co pay is twenty dollars', false, true],
    ['co-pay', 'your copay is twenty dollars', false, true],
    ['health care', 'your healthcare provider', false, true],
    ['e-mail', 'send it by email', false, true],
    // decided: different words or meanings, never near
    ['medicare', 'do you have medical care', false, false],
    ['medicare', 'are you on medicaid', false, false],
    ['insured', 'were you injured', false, false],
    ['prescription', 'a description of the problem', false, false],
    ['schedule', 'I need to reschedule', false, false],
    ['confirm', 'the form must conform', false, false],
    ['away', 'there is a way', false, false],
  ]);
});

describe(`flexible: order matters, gaps of at most ${MAX_FLEXIBLE_GAP} words`, () => {
  it('has the documented gap', () => {
    expect(MAX_FLEXIBLE_GAP).toBe(2);
  });

  check([
    ['verify your date of birth', 'verify your date of birth', true, true],
    ['verify your date of birth', 'verify your full date of birth', false, true],
    ['verify date of birth', 'verify your full date of birth', false, true],
    ['verify date of birth', 'verify your full and complete date of birth', false, false],
    ['verify date of birth', 'verify it and your date of birth', false, false],
    ['verify date of birth', 'verify and your date of birth', false, true],
    ['date of birth', 'birth date of', false, false],
    ['claim number', 'number of the claim', false, false],
    ['thank you for calling', 'thank you so much for calling', false, true],
    ['thank you for calling', 'thank you for your call', false, true],
    ['thank you for calling', 'thanks for calling you', false, false],
    ['thank you', 'thank', false, false],
  ]);
});

describe('repeated words', () => {
  check([
    ['thank you', 'thank you thank you', true, true],
    ['bye bye', 'bye', false, false],
    ['bye bye', 'bye now bye', false, true],
    ['bye bye', 'bye bye', true, true],
    ['one moment please', 'one one moment please', true, true],
    ['2 cards', 'two two cards', true, true],
    ['claim claim', 'claim number', false, false],
  ]);
});

describe('degenerate input', () => {
  check([
    ['', 'anything', false, false],
    ['refund', '', false, false],
    ['refund', '   ...  ', false, false],
    ['a much longer phrase', 'short', false, false],
  ]);
});
