import { describe, expect, it } from 'vitest';
import { normalise, tokenise } from '../../src/grading';

describe('normalise: case, punctuation, whitespace', () => {
  it.each([
    ['Hello World', 'hello world'],
    ['  Thank   you\tfor\ncalling  ', 'thank you for calling'],
    ['Hello, how are you?!', 'hello how are you'],
    ['"Quoted" (parenthesised) [bracketed] {braced}', 'quoted parenthesised bracketed braced'],
    ["Don't worry, it's fine", 'dont worry its fine'],
    ['Don\u2019t \u2018smart\u2019 quotes', 'dont smart quotes'],
    ["The member's ID", 'the members id'],
    ['e-mail / fax', 'e mail fax'],
    ['follow-up', 'follow up'],
    ['Caf\u00e9 na\u00efve r\u00e9sum\u00e9', 'cafe naive resume'],
    ['AT&T', 'at and t'],
    ['john@example.com', 'john at example com'],
    ['Dr. Smith, OK?', 'doctor smith okay'],
    ['Mr Jones', 'mister jones'],
    ['...', ''],
    ['', ''],
    ['constructor toString __proto__', 'constructor tostring proto'],
  ])('%j → %j', (input, expected) => {
    expect(normalise(input)).toBe(expected);
  });
});

describe('normalise: numbers and number words are made equal', () => {
  it.each([
    ['four', '4'],
    ['4', '4'],
    ['twenty one', '21'],
    ['twenty-one', '21'],
    ['21', '21'],
    ['one hundred and five', '105'],
    ['one hundred five', '105'],
    ['a hundred dollars', '100 dollars'],
    ['two thousand and twenty four', '2024'],
    ['twenty twenty four', '20 24'],
    ['nineteen eighty four', '19 84'],
    ['1,000,000 people', '1000000 people'],
    ['one million', '1000000'],
    ['5 hundred', '500'],
    ['zero', '0'],
    ['first', '1st'],
    ['1st', '1st'],
    ['twenty first of May', '21st of may'],
    ['the 21th', 'the 21st'],
    ['second floor', '2nd floor'],
    ['one and two', '1 and 2'],
    ['555-1234', '555 1234'],
    ['five five five one two three four', '5 5 5 1 2 3 4'],
    ['five five five twelve thirty four', '5 5 5 12 34'],
    ['nine oh two one oh', '9 0 2 1 oh'],
    ['oh okay four', 'oh okay 4'],
    ['10:30', '10 30'],
    ['ten thirty', '10 30'],
    ["I'm twenty, one more thing", 'im 20 1 more thing'],
    ['one one moment', '1 1 moment'],
  ])('%j → %j', (input, expected) => {
    expect(normalise(input)).toBe(expected);
  });
});

describe('normalise: money, decimals and percentages', () => {
  it.each([
    ['$4.50', '4 dollars 50 cents'],
    ['four dollars and fifty cents', '4 dollars 50 cents'],
    ['4 dollars and 50 cents', '4 dollars 50 cents'],
    ['$4', '4 dollars'],
    ['$4.00', '4 dollars'],
    ['four dollars', '4 dollars'],
    ['$1', '1 dollar'],
    ['one dollar', '1 dollar'],
    ['$1,200.05', '1200 dollars 5 cents'],
    ['$ 20', '20 dollars'],
    ['4.5', '4 point 5'],
    ['four point five', '4 point 5'],
    ['4.50', '4 point 50'],
    ['four point five zero', '4 point 5 0'],
    ['50%', '50 percent'],
    ['fifty percent', '50 percent'],
    ['It costs $4.50!!', 'it costs 4 dollars 50 cents'],
  ])('%j → %j', (input, expected) => {
    expect(normalise(input)).toBe(expected);
  });
});

describe('tokenise', () => {
  it('gives the words of the normalised text', () => {
    expect(tokenise('Twenty-one Refunds, please!')).toEqual(['21', 'refunds', 'please']);
    expect(tokenise('   ')).toEqual([]);
  });

  it('treats a keyword and a transcript the same way', () => {
    expect(tokenise('Your copay is $25.')).toEqual(tokenise('your copay is twenty five dollars'));
  });
});
