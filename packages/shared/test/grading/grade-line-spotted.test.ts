import { describe, expect, it } from 'vitest';
import { gradeLine } from '../../src/grading';

/** The recogniser's 1-best text missed the keywords (an accent it was not trained on). */
const TRANSCRIPT = 'i have to set your route or remotely so the inter net light should turn green';

describe('gradeLine with spotted keyword phrases (issue 14)', () => {
  it('finds an entry only through spotted', () => {
    const without = gradeLine({ transcript: TRANSCRIPT, keywords: ['router', 'activation fee'] });
    expect(without.correctKeywords).toEqual([]);
    const result = gradeLine({ transcript: TRANSCRIPT, keywords: ['router', 'activation fee'], spotted: ['router'] });
    expect(result.correctKeywords).toEqual(['router']);
    expect(result.missedKeywords).toEqual(['activation fee']);
    expect(result.keyword_accuracy).toBe(50);
  });

  it('a spotted phrase of another keyword finds nothing', () => {
    const result = gradeLine({ transcript: TRANSCRIPT, keywords: ['modem', 'hotspot'], spotted: ['router'] });
    expect(result.correctKeywords).toEqual([]);
    expect(result.missedKeywords).toEqual(['modem', 'hotspot']);
  });

  it('a spotted phrase must be the whole alternative, not part of it', () => {
    const result = gradeLine({ transcript: TRANSCRIPT, keywords: ['activation fee'], spotted: ['fee'] });
    expect(result.correctKeywords).toEqual([]);
  });

  it('matches an alternative of a | entry in the grader’s normalisation (numbers as digits)', () => {
    const keywords = ['twelve dollars|$12', 'late payment charge|late fee'];
    const result = gradeLine({ transcript: 'i can see', keywords, spotted: ['12 dollars', 'late fee'] });
    expect(result.correctKeywords).toEqual(keywords);
    // the recogniser's own spelling is normalised the same way
    expect(gradeLine({ transcript: 'i can see', keywords, spotted: ['twelve dollars'] }).correctKeywords).toEqual([
      'twelve dollars|$12',
    ]);
  });

  it('an & entry needs every part, from the transcript or spotted', () => {
    const keywords = ['internet light & router'];
    expect(gradeLine({ transcript: 'i reset it remotely', keywords, spotted: ['router'] }).correctKeywords).toEqual([]);
    expect(
      gradeLine({ transcript: 'the internet light is on', keywords, spotted: ['router'] }).correctKeywords,
    ).toEqual(keywords);
  });

  it('counts for the tests’ keywords too, and the line’s pass follows the usual rules', () => {
    const result = gradeLine({
      transcript: TRANSCRIPT,
      keywords: ['router', 'hotspot', 'modem'],
      tests: [{ name: 'Names the device', keywords: ['router'], confidence: 100 }],
      overalConfidence: 60,
      spotted: ['router'],
    });
    expect(result.tests_matched.map((t) => t.name)).toEqual(['Names the device']);
    expect(result.keyword_accuracy).toBe(33.33);
    expect(result.passed).toBe(false);
  });

  it('an empty or missing spotted list changes nothing', () => {
    const keywords = ['internet light', 'router'];
    const plain = gradeLine({ transcript: TRANSCRIPT, keywords });
    expect(gradeLine({ transcript: TRANSCRIPT, keywords, spotted: [] })).toEqual(plain);
    expect(plain.correctKeywords).toEqual(['internet light']);
  });
});
