import { describe, expect, it } from 'vitest';
import { ticketRights } from '../src/helpdesk/rules';
import { SEND_FOR_REVIEW_TEXTS } from '../src/results';
import { assessorNotesRefusal, isReviewerAccess, sendForReviewRefusal } from '../src/results/rules';

const asker = (userId: string | null, ...keys: string[]) => ({ userId, permissions: new Set(keys) });
const ticket = { createdById: 'learner', assignedToId: 'trainer', status: 'PENDING' as const };

describe('the helpdesk rules, one set for the server and the web', () => {
  it('lets a handler reply, decide, close (with delete) and assign an open ticket, and archive a decided one', () => {
    expect(ticketRights(asker('someone', 'tickets:update', 'tickets:delete'), ticket)).toEqual({
      reply: true,
      decide: true,
      close: true,
      archive: false,
      assign: true,
      delete: true,
      attach: false,
    });
    expect(ticketRights(asker('someone', 'tickets:update'), { ...ticket, status: 'RESOLVED' })).toMatchObject({
      reply: false,
      decide: false,
      archive: true,
    });
  });

  it('lets the creator or assignee with entries create reply and attach, nobody else', () => {
    const learner = asker('learner', 'ticket_entries:create', 'ticket_attachments:create');
    expect(ticketRights(learner, ticket)).toMatchObject({ reply: true, attach: true, decide: false, close: false });
    const other = asker('other', 'ticket_entries:create', 'ticket_attachments:create');
    expect(ticketRights(other, ticket)).toMatchObject({ reply: false, attach: false });
    expect(ticketRights(asker(null, 'ticket_entries:create'), { ...ticket, createdById: null })).toMatchObject({
      reply: false,
    });
  });
});

describe('the review rules, one set for the server and the web', () => {
  it('says why an assignment cannot be sent, in the order the server checks', () => {
    const ready = { allLevelsCompleted: true, allAudioProcessed: true, workSinceDecision: true };
    expect(sendForReviewRefusal('COMPLETED', ready)).toBeNull();
    expect(sendForReviewRefusal('PENDING REVIEW', { ...ready, allLevelsCompleted: false })).toBe(
      SEND_FOR_REVIEW_TEXTS.alreadyUnderReview,
    );
    expect(sendForReviewRefusal('PASS', { ...ready, workSinceDecision: false })).toBe(
      SEND_FOR_REVIEW_TEXTS.alreadyReviewed,
    );
    expect(sendForReviewRefusal('COMPLETED', { ...ready, allLevelsCompleted: false, allAudioProcessed: false })).toBe(
      SEND_FOR_REVIEW_TEXTS.levelsNotCompleted,
    );
    // not known yet (the web before its poll answers) counts as not processed
    expect(sendForReviewRefusal('COMPLETED', { ...ready, allAudioProcessed: null })).toBe(
      SEND_FOR_REVIEW_TEXTS.audioNotProcessed,
    );
  });

  it('makes a reviewer of a non-learner account with review_assignments view only', () => {
    expect(isReviewerAccess(asker('s', 'employee_list:view', 'review_assignments:view'))).toBe(true);
    expect(isReviewerAccess(asker('a', 'review_assignments:view'))).toBe(false);
    expect(isReviewerAccess(asker('s', 'employee_list:view'))).toBe(false);
  });

  it('lets assessor notes be written with create first, update after, never on one’s own result', () => {
    const both = asker('s', 'assessor_notes:create', 'assessor_notes:update');
    expect(assessorNotesRefusal(both, { hasNote: false, ownResult: false })).toBeNull();
    expect(assessorNotesRefusal(both, { hasNote: true, ownResult: true })).toBe('ownResult');
    expect(assessorNotesRefusal(asker('s', 'assessor_notes:update'), { hasNote: false, ownResult: false })).toBe(
      'noCreate',
    );
    expect(assessorNotesRefusal(asker('s', 'assessor_notes:create'), { hasNote: true, ownResult: false })).toBe(
      'noUpdate',
    );
  });
});
