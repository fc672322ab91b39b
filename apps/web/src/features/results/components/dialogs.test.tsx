import { RESULT_TEXTS } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ASSIGNMENT_ID, ATTEMPT_ID } from '../testing/fixtures';
import { LEARNER, mockApi, ok, refusal, renderAt, SUPERVISOR, signInAs } from '../testing/harness';
import { AssessorNotesDialog } from './assessor-notes-dialog';
import { TrackRecordDialog } from './track-record-dialog';

function notes(keys: readonly string[], stored: string | null, { own = false, refuse = '' } = {}) {
  const session = signInAs(keys, own ? 'learner' : 'reviewer');
  const api = mockApi(session, (call) => {
    if (call.path === `/api/v1/sims/get-assessor-notes/${ATTEMPT_ID}`)
      return ok({ _id: ATTEMPT_ID, assessor_notes: stored });
    if (call.path === `/api/v1/sims/save-assessor-notes/${ATTEMPT_ID}`) {
      if (refuse) return refusal(409, refuse);
      const body = call.body as { assessor_notes: string };
      return ok({ _id: ATTEMPT_ID, assessor_notes: body.assessor_notes, message: RESULT_TEXTS.notesSaved });
    }
    return undefined;
  });
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderAt(
    <AssessorNotesDialog attemptId={ATTEMPT_ID} ownResult={own} onClose={onClose} onSaved={onSaved} />,
    '/sims/takesim',
  );
  return { ...api, onSaved, onClose };
}

const notesField = () => screen.findByRole('textbox', { name: RESULT_TEXTS.assessorNotes });

describe('the assessor notes dialog', () => {
  it('adds a first note with create (edit false)', async () => {
    const user = userEvent.setup();
    const { to, onSaved } = notes(SUPERVISOR, null);
    await user.type(await notesField(), 'Clear greeting; missed the day.');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(RESULT_TEXTS.notesSaved));
    expect(to(`/api/v1/sims/save-assessor-notes/${ATTEMPT_ID}`)[0]?.body).toEqual({
      assessor_notes: 'Clear greeting; missed the day.',
      edit: false,
    });
  });

  it('edits a note with update (edit true)', async () => {
    const user = userEvent.setup();
    const { to } = notes(SUPERVISOR, 'First note');
    const field = await notesField();
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe('First note'));
    await user.type(field, ' and more');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(to(`/api/v1/sims/save-assessor-notes/${ATTEMPT_ID}`)).toHaveLength(1));
    expect(to(`/api/v1/sims/save-assessor-notes/${ATTEMPT_ID}`)[0]?.body).toEqual({
      assessor_notes: 'First note and more',
      edit: true,
    });
  });

  it.each([
    ['no note and no create', ['assessor_notes:view', 'assessor_notes:update'], null, RESULT_TEXTS.noCreate],
    ['a note and no update', ['assessor_notes:view', 'assessor_notes:create'], 'Written', RESULT_TEXTS.noUpdate],
  ])('is read-only with %s, saying why', async (_, keys, stored, tooltip) => {
    const user = userEvent.setup();
    notes(keys, stored);
    const field = (await notesField()) as HTMLTextAreaElement;
    await waitFor(() => expect(field.readOnly).toBe(true));
    const save = screen.getByRole('button', { name: stored ? 'UPDATE' : 'SAVE' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.hover(save.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip', { name: tooltip })).toBeTruthy();
  });

  it('is read-only for the learner on their own result, and closes with Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = notes(LEARNER, 'Good call', { own: true });
    const field = (await notesField()) as HTMLTextAreaElement;
    await waitFor(() => expect(field.value).toBe('Good call'));
    expect(field.readOnly).toBe(true);
    // issue 31: nothing to save on a read-only note of one's own: no disabled UPDATE, only Close
    expect(screen.queryByRole('button', { name: 'UPDATE' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'SAVE' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    notes(SUPERVISOR, null, { refuse: 'The note was written meanwhile.' });
    await user.type(await notesField(), 'x');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await within(screen.getByRole('dialog')).findByText('The note was written meanwhile.')).toBeTruthy();
  });
});

describe('TRACK RECORD', () => {
  function record(entries: { review_date: string; pass_or_fail: 'PASS' | 'NO PASS'; review_comments: string }[]) {
    const session = signInAs(LEARNER, 'learner');
    const api = mockApi(session, (call) =>
      call.path === `/api/v1/sims/assignment/track-record/${ASSIGNMENT_ID}`
        ? ok({
            data: [
              {
                _id: ASSIGNMENT_ID,
                status: 'PASS',
                reviewed_status: entries.map((e) => ({ ...e, reviewed_by: 'Sofia Supervisor', reviewed_by_id: null })),
              },
            ],
          })
        : undefined,
    );
    const onClose = vi.fn();
    renderAt(<TrackRecordDialog assignmentId={ASSIGNMENT_ID} title="Refills" onClose={onClose} />, '/sims/takesim');
    return { ...api, onClose };
  }

  it('lists every decision newest first, dated MM-DD-YYYY, and closes with Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = record([
      { review_date: '2030-03-04T10:00:00.000Z', pass_or_fail: 'NO PASS', review_comments: 'Say Monday.' },
      { review_date: '2030-03-09T10:00:00.000Z', pass_or_fail: 'PASS', review_comments: '' },
    ]);
    const table = await screen.findByRole('table', { name: RESULT_TEXTS.trackRecord });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['03-09-2030', 'PASS', 'Sofia Supervisor', '—'],
      ['03-04-2030', 'NO PASS', 'Sofia Supervisor', 'Say Monday.'],
    ]);
    expect(screen.getByRole('dialog', { name: `${RESULT_TEXTS.trackRecord}: Refills` })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the assignment was never reviewed', async () => {
    record([]);
    expect(await screen.findByText(RESULT_TEXTS.noTrackRecord)).toBeTruthy();
  });
});
