import { RESULT_TEXTS, SEND_FOR_REVIEW_TEXTS } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { notesAccess, sendForReviewState, showsReviewerButtons } from './review-rules';

describe('Send for review', () => {
  it.each([
    ['PENDING REVIEW', true, true, true, false, SEND_FOR_REVIEW_TEXTS.alreadyUnderReview],
    ['IN PROGRESS', false, false, false, false, SEND_FOR_REVIEW_TEXTS.levelsNotCompleted],
    ['COMPLETED', false, true, false, false, SEND_FOR_REVIEW_TEXTS.audioNotProcessed],
    ['COMPLETED', false, null, null, false, SEND_FOR_REVIEW_TEXTS.audioNotProcessed],
    ['IN PROGRESS', false, null, true, false, SEND_FOR_REVIEW_TEXTS.levelsNotCompleted],
    ['COMPLETED', true, true, true, true, ''],
    ['NO PASS', true, true, true, true, ''],
  ] as const)(
    'status %s, send_for_review %s, levels %s, audio %s → enabled %s',
    (status, send, levels, audio, enabled, tip) => {
      expect(
        sendForReviewState({
          status,
          sendForReview: send,
          allLevelsCompleted: levels,
          allAudioProcessed: audio,
          workSinceDecision: true,
        }),
      ).toEqual({ enabled, tooltip: tip });
    },
  );

  // issue 31: the server refuses a re-send after PASS / NO PASS without a newer completed attempt (409)
  it.each([
    ['NO PASS', false, false, SEND_FOR_REVIEW_TEXTS.alreadyReviewed],
    ['PASS', false, false, SEND_FOR_REVIEW_TEXTS.alreadyReviewed],
    ['NO PASS', true, true, ''],
    ['NO PASS', null, false, SEND_FOR_REVIEW_TEXTS.audioNotProcessed],
    ['PENDING REVIEW', false, false, SEND_FOR_REVIEW_TEXTS.alreadyUnderReview],
  ] as const)('status %s, work since the decision %s → enabled %s', (status, work, enabled, tip) => {
    expect(
      sendForReviewState({
        status,
        sendForReview: true,
        allLevelsCompleted: true,
        allAudioProcessed: work === null ? null : true,
        workSinceDecision: work,
      }),
    ).toEqual({ enabled, tooltip: tip });
  });
});

describe('PASS and NO PASS', () => {
  // a supervisor's account: a task of the Admin product, and review_assignments view
  const REVIEWER = ['employee_list:view', 'review_assignments:view'];
  const reviewer = {
    permissions: new Set(REVIEWER),
    reviewerView: true,
    ownResult: false,
    levelMatches: false,
    sendForReview: true,
  };

  it('shows for a reviewer when send_for_review is set or the level matches', () => {
    expect(showsReviewerButtons(reviewer)).toBe(true);
    expect(showsReviewerButtons({ ...reviewer, sendForReview: false, levelMatches: true })).toBe(true);
    expect(showsReviewerButtons({ ...reviewer, sendForReview: false })).toBe(false);
  });

  it('never for learners, without the reviewer flag or permission, or on one’s own result', () => {
    // a learner's account: no task of the Admin product
    expect(showsReviewerButtons({ ...reviewer, permissions: new Set(['review_assignments:view']) })).toBe(false);
    expect(showsReviewerButtons({ ...reviewer, reviewerView: false })).toBe(false);
    expect(showsReviewerButtons({ ...reviewer, permissions: new Set(['employee_list:view']) })).toBe(false);
    expect(showsReviewerButtons({ ...reviewer, ownResult: true })).toBe(false);
  });
});

describe('the assessor notes dialog', () => {
  it('adds a first note with create, edits one with update', () => {
    expect(notesAccess({ hasNote: false, permissions: new Set(['assessor_notes:create']) })).toEqual({
      mode: 'add',
      readOnly: false,
      deniedText: '',
    });
    expect(notesAccess({ hasNote: true, permissions: new Set(['assessor_notes:update']) }).mode).toBe('edit');
  });

  it('is read-only on one’s own result', () => {
    expect(
      notesAccess({
        hasNote: true,
        permissions: new Set(['assessor_notes:create', 'assessor_notes:update']),
        ownResult: true,
      }).readOnly,
    ).toBe(true);
    expect(
      notesAccess({
        hasNote: false,
        permissions: new Set(['assessor_notes:create', 'assessor_notes:update']),
        ownResult: true,
      }).mode,
    ).toBe('view');
  });

  it('is read-only otherwise, with the tooltip of the permission lacking', () => {
    expect(notesAccess({ hasNote: false, permissions: new Set(['assessor_notes:update']) })).toEqual({
      mode: 'view',
      readOnly: true,
      deniedText: RESULT_TEXTS.noCreate,
    });
    expect(notesAccess({ hasNote: true, permissions: new Set(['assessor_notes:create']) })).toEqual({
      mode: 'view',
      readOnly: true,
      deniedText: RESULT_TEXTS.noUpdate,
    });
  });
});
