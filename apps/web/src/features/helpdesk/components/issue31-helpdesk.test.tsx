import { HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T } from '@sim/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testLevel, testSim } from '../../../testing/sim-fixtures';
import { helpContextOf } from '../lib/help-context';
import { mockApi, ok, renderHelpdesk, rowId, signInAs, ticketOf } from '../testing/harness';
import { HelpRequestDialog } from './help-request-dialog';
import { HelpdeskPage } from './helpdesk-page';

const TAKE_SIM = `/sims/takesim?levelId=${rowId(101)}&assignment_id=${rowId(103)}&sim_id=${rowId(100)}&user_id=x`;
/** the third level of the sim (order 2) */
const ticket = ticketOf(9, { level: { order: 2, name: 'Try w/ scripts' }, page: TAKE_SIM });

function openTicket(keys: string[], t = ticket) {
  const session = signInAs(keys);
  mockApi(session, (call) => {
    if (call.path === '/api/v1/help-desk/tickets/list')
      return ok({
        tickets: [t],
        stats: { total: 1, unassigned: 1, pending: 1, inProgress: 0, resolved: 0, rejected: 0, archived: 0 },
        total: 1,
      });
    if (call.path.startsWith('/api/v1/help-desk/tickets/') && call.method === 'GET') return ok({ ticket: t });
    return undefined;
  });
  renderHelpdesk(<HelpdeskPage />, `/helpdesk?tab=0&ticket=${t._id}`);
  return screen.findByRole('dialog', { name: new RegExp(T.ticketTitle(t.ticket_id)) });
}

/**
 * Issue 31, defect 9: a ticket numbers its level from 1 ("Level 3" for order 2); the ticket and the help
 * dialog name the place (screen, sim, level, step) instead of showing the URL with its ids; a supervisor who
 * may read but not reply is told why instead of meeting a disabled box.
 */
describe('the helpdesk names places and says why (issue 31)', () => {
  it('numbers the level from 1 and names the page, with no URL or id', async () => {
    const d = await openTicket(['tickets:view', 'tickets:update', 'ticket_entries:view']);
    expect(within(d).getByRole('group', { name: T.level }).textContent).toBe(`${T.level}Level 3: Try w/ scripts`);
    const page = within(d).getByRole('group', { name: T.page }).textContent ?? '';
    expect(page).toBe(`${T.page}Take sim`);
    expect(d.textContent).not.toContain(rowId(101));
    expect(d.textContent).not.toContain('/sims/takesim');
  });

  it('tells a reader without the right to reply why, instead of a disabled reply box', async () => {
    const d = await openTicket(['tickets:view', 'ticket_entries:view']);
    expect(within(d).getByTestId('reply-unavailable').textContent).toBe(T.replyNoPermission);
    expect(within(d).queryByRole('textbox', { name: T.replyLabel })).toBeNull();
  });

  it('says a finished ticket takes no more replies', async () => {
    const d = await openTicket(['tickets:view', 'tickets:update', 'ticket_entries:view'], {
      ...ticket,
      status: 'RESOLVED',
    });
    expect(within(d).getByTestId('reply-unavailable').textContent).toBe(T.replyClosed('RESOLVED'));
  });

  it('shows the help dialog the sim and level by name, not the URL', async () => {
    const session = signInAs(['tickets:create', 'tickets:view']);
    const sim = testSim([
      testLevel([], { _id: rowId(99), name: 'Watch and Learn', order: 0 }),
      testLevel([], { _id: rowId(98), name: 'Watch the experts', order: 1 }),
      testLevel([], { _id: rowId(101), name: 'Try w/ scripts', order: 2 }),
    ]);
    mockApi(session, (call) =>
      call.path === '/api/v1/sims/learner-sim'
        ? ok({
            sim: { ...sim, title: 'Cardiology referral' },
            assignment_id: rowId(103),
            assignment_status: 'IN PROGRESS',
          })
        : call.path === '/api/v1/help-desk/tickets/add'
          ? ok({ message: M.created, ticket })
          : undefined,
    );
    const [pathname, search] = TAKE_SIM.split('?');
    renderHelpdesk(
      <HelpRequestDialog open context={helpContextOf(pathname, `?${search}`)} onClose={() => {}} />,
      TAKE_SIM,
    );
    const d = await screen.findByRole('dialog', { name: T.dialogTitle });
    const place = within(d).getByTestId('help-context');
    await within(d).findByText(
      `${T.context}: Take sim › Cardiology referral › Level 3: Try w/ scripts › ${T.currentStep}`,
    );
    expect(place.textContent).not.toContain(rowId(101));
  });
});
