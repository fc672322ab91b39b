import { describe, expect, it } from 'vitest';
import { highlight, keywordPhrases, keywordWordIndexes, type Segment } from './highlight';

const marked = (segments: Segment[]) => segments.filter((s) => s.mark).map((s) => `${s.mark}:${s.text}`);
const joined = (segments: Segment[]) => segments.map((s) => s.text).join('');

describe('highlighting the keywords of a line', () => {
  const script = 'I can schedule your appointment with the cardiologist on Monday morning.';

  it('marks matched and missed keywords case-insensitively, as whole words, keeping the text as is', () => {
    const segments = highlight(script, { matched: ['SCHEDULE'], missed: ['monday'] });
    expect(joined(segments)).toBe(script);
    expect(marked(segments)).toEqual(['matched:schedule', 'missed:Monday']);
  });

  it('marks a phrase with the spaces inside it, and leaves the punctuation around a word out', () => {
    const segments = highlight('Thank you for calling, Demo Health!', {
      matched: ['thank you for calling', 'demo health'],
      missed: [],
    });
    expect(marked(segments)).toEqual(['matched:Thank you for calling', 'matched:Demo Health']);
    expect(joined(segments)).toBe('Thank you for calling, Demo Health!');
  });

  it('reads alternatives (|) and parts (&) of an entry', () => {
    expect(keywordPhrases('photo ID | driver license')).toEqual([
      ['photo', 'id'],
      ['driver', 'license'],
    ]);
    expect(keywordPhrases('card & ID')).toEqual([['card'], ['id']]);
    const segments = highlight('Bring your driver license and insurance card.', {
      matched: ['photo ID | driver license'],
      missed: ['insurance card'],
    });
    expect(marked(segments)).toEqual(['matched:driver license', 'missed:insurance card']);
  });

  it('does not mark part of a word, and matched wins over missed', () => {
    expect(marked(highlight('the cardiology desk', { matched: ['card'], missed: [] }))).toEqual([]);
    expect(marked(highlight('your card please', { matched: ['card'], missed: ['card'] }))).toEqual(['matched:card']);
  });

  it("marks what the learner said by the grader's word rules when flexible (scheduled for schedule)", () => {
    const said = 'I scheduled it for monday';
    expect(marked(highlight(said, { matched: ['schedule'], missed: [] }))).toEqual([]);
    expect(marked(highlight(said, { matched: ['schedule', 'Monday'], missed: [] }, { flexible: true }))).toEqual([
      'matched:scheduled',
      'matched:monday',
    ]);
  });

  it('answers nothing for an empty text and plain text without keywords', () => {
    expect(highlight('', { matched: ['x'], missed: [] })).toEqual([]);
    expect(highlight('hello there', { matched: [], missed: [] })).toEqual([{ text: 'hello there', mark: null }]);
  });

  it('finds the recognised words a keyword covers', () => {
    const words = ['i', 'can', 'schedule', 'on', 'Monday', 'photo', 'id'];
    expect([...keywordWordIndexes(words, ['Monday', 'photo ID | driver license'])].sort()).toEqual([4, 5, 6]);
  });
});
