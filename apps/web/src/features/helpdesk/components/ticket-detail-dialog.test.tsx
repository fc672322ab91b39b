import { HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T, type TTicket } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, refusal, renderHelpdesk, rowId, signInAs, TRAINER_ID, ticketOf } from '../testing/harness';
import { HelpdeskPage } from './helpdesk-page';

const HANDLER = ['tickets:view', 'tickets:update', 'ticket_entries:view', 'ticket_attachments:view', 'groups:view'];

const withAttachment = ticketOf(7, {
  attachments: [
    {
      attachment_id: rowId(950),
      file_name: 'screen.png',
      file_type: 'image/png',
      file_size: 2048,
      url: '/api/v1/files/helpdesk/screen.png?exp=1&sig=z',
      status: 'uploaded',
      progress: 100,
      created_by: rowId(1),
      created_at: '2030-03-04T10:00:00.000Z',
    },
  ],
  attachments_count: 1,
});

function setup(keys: string[], ticket: TTicket | 'gone' = withAttachment) {
  const session = signInAs(keys, keys.includes('tickets:update') ? { _id: TRAINER_ID, first_name: 'Tess' } : {});
  let current = ticket;
  const calls = mockApi(session, (call) => {
    if (call.path === '/api/v1/help-desk/tickets/list')
      return ok({
        tickets: current === 'gone' ? [] : [current],
        stats: { total: 1, unassigned: 1, pending: 1, inProgress: 0, resolved: 0, rejected: 0, archived: 0 },
        total: 1,
      });
    if (call.path.startsWith('/api/v1/help-desk/tickets/') && call.method === 'GET')
      return current === 'gone' ? refusal(404, M.notFound, 'NOT_FOUND') : ok({ ticket: current });
    if (call.path === '/api/v1/help-desk/tickets/add-entry' && current !== 'gone') {
      current = {
        ...current,
        status: 'IN PROGRESS',
        entries: [
          ...current.entries,
          {
            ...current.entries[0],
            _id: rowId(860),
            action: 'reply',
            message: (call.body as { entry: { message: string } }).entry.message,
            created_by: TRAINER_ID,
            creator_name: 'Tess Trainer',
          },
        ],
      };
      return ok({ message: M.updated, ticket: current });
    }
    if (call.path === '/api/v1/help-desk/tickets/close' && current !== 'gone') {
      current = { ...current, status: 'RESOLVED' };
      return ok({ message: M.markedResolved, ticket: current });
    }
    if (call.path === '/api/v1/help-desk/assignees') return ok({ users: [] });
    return undefined;
  });
  const id = ticket === 'gone' ? rowId(777) : ticket._id;
  const utils = renderHelpdesk(<HelpdeskPage />, `/helpdesk?tab=0&ticket=${id}`);
  return { calls, ...utils };
}

describe('the ticket detail dialog', () => {
  it('shows creator, sim, level, script with its audio, page, attachments and the entries', async () => {
    setup(HANDLER);
    const d = await screen.findByRole('dialog', { name: new RegExp(T.ticketTitle(7)) });
    expect(within(d).getByRole('group', { name: T.creator }).textContent).toContain('Alex Agent');
    expect(within(d).getByRole('group', { name: T.assignee }).textContent).toContain(T.unassigned);
    expect(within(d).getByRole('group', { name: T.sim }).textContent).toBe(`${T.sim}Cardiology referral`);
    expect(within(d).getByRole('group', { name: T.level }).textContent).toContain('Level 3: Say it with keywords');
    expect(within(d).getByRole('group', { name: T.script }).textContent).toContain(
      'Step 2: I can schedule your appointment on Monday.',
    );
    expect(within(d).getByLabelText(T.scriptAudio).getAttribute('src')).toContain('/api/v1/files/clip.mp3');
    expect(within(d).getByLabelText(T.learnerAudio).getAttribute('src')).toContain('/result/recording/');
    // the page by its screen's name, not its URL (issue 31)
    expect(within(d).getByRole('group', { name: T.page }).textContent).toBe(`${T.page}Take sim`);
    const files = within(d).getByRole('list', { name: T.attachments });
    expect(within(files).getByRole('link', { name: 'screen.png' }).getAttribute('href')).toContain('screen.png');
    expect(within(files).getByText('2 KB')).toBeTruthy();
    expect(within(within(d).getByRole('list', { name: T.conversation })).getByText('Ticket 7 message')).toBeTruthy();
  });

  it('replies (Send reply waits for text), then resolves; Resolve and Reject leave with an open status', async () => {
    const { calls } = setup(HANDLER);
    const d = await screen.findByRole('dialog', { name: new RegExp(T.ticketTitle(7)) });
    const send = within(d).getByRole('button', { name: T.sendReply });
    expect(send).toHaveProperty('disabled', true);
    await userEvent.type(within(d).getByRole('textbox', { name: T.replyLabel }), 'Say Monday clearly.');
    await userEvent.click(send);
    expect(await screen.findByText(M.updated)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/add-entry'))?.body).toEqual({
      ticket_id: withAttachment._id,
      entry: { action: 'reply', script: -1, message: 'Say Monday clearly.' },
    });
    expect(await within(d).findByText('Say Monday clearly.')).toBeTruthy();
    await userEvent.click(within(d).getByRole('button', { name: T.resolve }));
    const confirm = await screen.findByRole('dialog', { name: T.closeDialogTitle('RESOLVED') });
    await userEvent.click(within(confirm).getByRole('button', { name: 'RESOLVED' }));
    expect(await screen.findByText(M.markedResolved)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/close'))?.body).toEqual({
      ticket_id: withAttachment._id,
      status: 'RESOLVED',
      entry: { message: '' },
    });
    await waitFor(() => expect(within(d).queryByRole('button', { name: T.resolve })).toBeNull());
    expect(within(d).queryByRole('button', { name: T.reject })).toBeNull();
    // a finished ticket says it takes no more replies (issue 31)
    expect(within(d).getByTestId('reply-unavailable').textContent).toBe(T.replyClosed('RESOLVED'));
  });

  it('without the update permission: no Resolve or Reject, the reason instead of the reply box', async () => {
    setup(['tickets:view', 'ticket_entries:view']);
    const d = await screen.findByRole('dialog', { name: new RegExp(T.ticketTitle(7)) });
    expect(within(d).queryByRole('button', { name: T.resolve })).toBeNull();
    expect(within(d).queryByRole('textbox', { name: T.replyLabel })).toBeNull();
    expect(within(d).getByTestId('reply-unavailable').textContent).toBe(T.replyNoPermission);
    expect(within(d).getByRole('button', { name: `${T.delete} #7` })).toHaveProperty('disabled', true);
  });

  it("says 'The item you selected could not be found.' for a ticket that is gone, and goes back", async () => {
    const { router } = setup(HANDLER, 'gone');
    expect(await screen.findByText(M.notFound)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=0'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
