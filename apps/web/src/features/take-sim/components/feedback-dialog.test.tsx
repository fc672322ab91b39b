import { EVIDENCE_TEXTS as E, TAKE_SIM_TEXTS as T, type TKeywordEvidence, type TLineResultResponse } from '@sim/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lineResult } from '../testing/take-sim-harness';
import { FeedbackDialog } from './feedback-dialog';

function entry(keyword: string, overrides: Partial<TKeywordEvidence> = {}): TKeywordEvidence {
  return {
    keyword,
    tests: [],
    credited: true,
    auto_credited: true,
    phrase: keyword.toLowerCase(),
    sources: ['transcript'],
    start: 1,
    end: 1.5,
    confidence: 0.9,
    in_transcript: true,
    heard: null,
    override: null,
    ...overrides,
  };
}

function show(result: TLineResultResponse) {
  render(
    <FeedbackDialog
      open
      result={result}
      slow={false}
      naturalLanguage={false}
      clipUrl={null}
      isLast={false}
      retrying={false}
      error={null}
      onRetry={vi.fn()}
      onNext={vi.fn()}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: T.feedbackTitle });
  return {
    missed: within(dialog).getByRole('list', { name: T.missedKeywords }),
    correct: within(dialog).getByRole('list', { name: T.correctKeywords }),
  };
}

describe('the real-time feedback’s keywords', () => {
  it('with evidence: a missed keyword says what was expected and what was heard; a credit not in the transcript says how it was heard', () => {
    const { missed, correct } = show(
      lineResult({
        correct_keywords: ['thank you for calling', 'appointment'],
        missed_keywords: ['Thursday|Thu', 'schedule'],
        evidence: [
          entry('thank you for calling'),
          entry('appointment', { in_transcript: false, heard: 'a point meant', start: 2.1, end: 2.6 }),
          entry('Thursday|Thu', { credited: false, auto_credited: false, sources: [], heard: 'friday' }),
          entry('schedule', { credited: false, auto_credited: false, sources: [], heard: null, in_transcript: false }),
        ],
      }),
    );
    const missedItems = within(missed).getAllByRole('listitem');
    expect(missedItems.map((i) => i.textContent)).toEqual([
      `Thursday|Thu${E.expectedHeard('Thursday|Thu', 'friday')}`,
      `schedule${E.expectedNothing('schedule')}`,
    ]);
    expect(within(missed).getByText('expected Thursday or Thu, heard friday')).toBeTruthy();
    const correctItems = within(correct).getAllByRole('listitem');
    expect(correctItems.map((i) => i.textContent)).toEqual([
      'thank you for calling',
      'appointmentheard as “a point meant” (2.1–2.6 s)',
    ]);
  });

  it('without evidence: the keywords alone, as before', () => {
    const { missed, correct } = show(lineResult());
    expect(
      within(missed)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['schedule']);
    expect(
      within(correct)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['thank you for calling', 'appointment']);
  });
});
