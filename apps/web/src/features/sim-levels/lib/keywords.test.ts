import { describe, expect, it } from 'vitest';
import { highlightSegments, keywordSummary, keywordTerms } from './keywords';

describe('keyword highlighting', () => {
  it('marks matches case-insensitively, keeping the text as written', () => {
    const segments = highlightSegments('Your Appointment is at the Cardiology desk.', ['appointment', 'CARDIOLOGY']);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['Appointment', 'Cardiology']);
    expect(segments.map((s) => s.text).join('')).toBe('Your Appointment is at the Cardiology desk.');
  });

  it('splits entries on their operators and prefers the longer phrase', () => {
    expect(keywordTerms(['date of birth | dob', 'name & address', ' '])).toEqual([
      'date of birth',
      'address',
      'name',
      'dob',
    ]);
    const segments = highlightSegments('Your date of birth please', ['date', 'date of birth']);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['date of birth']);
  });

  it('treats regex characters in keywords as text', () => {
    const segments = highlightSegments('It costs $4.50 (plus tax)', ['$4.50', '(plus']);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['$4.50', '(plus']);
  });

  it('leaves text without keywords alone', () => {
    expect(highlightSegments('Hello', [])).toEqual([{ text: 'Hello', match: false, start: 0 }]);
  });
});

describe('keywordSummary', () => {
  it('shows the first keyword, an ellipsis when there are more, and at most 20 in the tooltip', () => {
    expect(keywordSummary([])).toBeNull();
    expect(keywordSummary(['refill'])).toEqual({ label: 'refill', tooltip: ['refill'], more: 0 });
    const many = Array.from({ length: 25 }, (_, i) => `k${i}`);
    const summary = keywordSummary(many);
    expect(summary?.label).toBe('k0…');
    expect(summary?.tooltip).toHaveLength(20);
    expect(summary?.tooltip[19]).toBe('k19');
    expect(summary?.more).toBe(5);
  });
});
