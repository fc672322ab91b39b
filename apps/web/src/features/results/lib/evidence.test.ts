import { evidenceNote } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { keywordEvidence } from '../testing/fixtures';
import { heardMarks, keywordSpans, sourcesText } from './evidence';

const DECISION = (credited: boolean) => ({
  keyword: 'Thursday',
  credited,
  reason: 'Checked the recording.',
  by: 'u1',
  by_name: 'Sofia Supervisor',
  at: '2030-03-05T12:00:00.000Z',
});

describe('a line’s evidence', () => {
  it('places the keywords with a span in order of time, leaving out those without one', () => {
    const spans = keywordSpans([
      keywordEvidence('late', { start: 2, end: 2.5 }),
      keywordEvidence('nowhere', { start: null, end: null }),
      keywordEvidence('early', { credited: false, start: 0.4, end: 0.9 }),
    ]);
    expect(spans).toEqual([
      { keyword: 'early', credited: false, start: 0.4, end: 0.9 },
      { keyword: 'late', credited: true, start: 2, end: 2.5 },
    ]);
  });

  it.each([
    ['credited, in the transcript', { in_transcript: true }, null],
    ['credited, heard otherwise', { in_transcript: false, heard: 'excited' }, 'heard as “excited” (0.3–0.8 s)'],
    [
      'credited, nothing in the transcript there',
      { in_transcript: false, heard: null },
      'not in the transcript: credited on the recognisers’ evidence',
    ],
    ['missed, another word there', { credited: false, heard: 'friday' }, 'expected Thursday, heard friday'],
    ['missed, nothing there', { credited: false, heard: null }, 'expected Thursday, nothing heard in its place'],
    [
      'a credit a reviewer overturned',
      { credited: false, auto_credited: true, heard: 'thursday', override: DECISION(false) },
      'heard “thursday” (0.3–0.8 s), not counted by a reviewer’s decision',
    ],
    [
      'a missed keyword a reviewer granted, nothing in the transcript there',
      { credited: true, auto_credited: false, in_transcript: false, heard: null, override: DECISION(true) },
      'not in the transcript: counted by a reviewer’s decision',
    ],
    [
      'a missed keyword granted, then overturned again',
      { credited: false, auto_credited: false, heard: 'friday', override: DECISION(false) },
      'expected Thursday, heard friday',
    ],
  ] as const)('says what the grade rests on: %s', (_, overrides, text) => {
    expect(evidenceNote(keywordEvidence('Thursday', overrides))).toBe(text);
  });

  it('names the recognisers readably', () => {
    expect(sourcesText(keywordEvidence('x', { sources: ['keyword-search', 'biased-decode'] }))).toBe(
      'Keyword search, Script-biased decode',
    );
    expect(sourcesText(keywordEvidence('x', { sources: [] }))).toBe('');
  });

  it('marks what was heard in a keyword’s place, once in the transcript only', () => {
    const evidence = [
      keywordEvidence('Thursday', { credited: false, heard: 'friday' }),
      keywordEvidence('confirmation', { in_transcript: false, heard: 'information' }),
      keywordEvidence('appointment'),
      // "the" is written twice: not marked
      keywordEvidence('them', { credited: false, heard: 'the' }),
    ];
    expect(heardMarks('the appointment on friday and the information', evidence)).toEqual({
      matched: ['information'],
      missed: ['friday'],
    });
  });
});
