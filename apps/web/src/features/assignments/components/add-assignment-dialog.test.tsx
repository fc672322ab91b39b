import { ASSIGNMENT_MESSAGES as M, ASSIGNMENT_TEXTS as T } from '@sim/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAssignment, makeCounts, SIM_ID } from '../testing/fixtures';
import { type Call, mockApi, ok, renderAtDashboard, rowId, signInAs } from '../testing/harness';
import { AssignmentsDashboard } from './assignments-dashboard';

const ADMIN = ['all_assignments:view', 'assignment:view', 'assignment:create', 'employee_list:view'];
const TOOL = { _id: rowId(400), name: 'Training SIM' };
const LONG_TITLE = 'Refill requests for a patient who calls back about a missing prescription';
const MEMBER = { _id: rowId(2), name: 'Grace Hopper', role: 'agent', profile_pic: null };
const GROUP = { _id: rowId(500), name: 'Night shift', member_count: 3 };

function setup(
  answerAdd: (call: Call) => Response | Promise<Response> = () => ok({ message: M.added, assignments: [rowId(310)] }),
) {
  const session = signInAs(ADMIN);
  const calls = mockApi(session, (call) => {
    switch (call.path) {
      case '/api/v1/sims/assignment/list':
        return ok({ assignments: [makeAssignment(1)], total: 1 });
      case '/api/v1/sims/assignment/count':
        return ok(makeCounts());
      case '/api/v1/sims/assignment/options':
        return ok({
          tools: [TOOL, { _id: rowId(401), name: 'Hiring SIM' }],
          sims: call.query.get('tool') ? [{ _id: SIM_ID, title: LONG_TITLE, sim_type: 'training' }] : [],
          members: [MEMBER, { _id: rowId(3), name: 'Alan Turing', role: 'agent', profile_pic: null }],
          groups: [GROUP],
        });
      case '/api/v1/sims/assignment/add':
        return answerAdd(call);
      default:
        return undefined;
    }
  });
  renderAtDashboard(<AssignmentsDashboard />);
  return calls;
}

async function openDialog() {
  await screen.findByText('Refills 1');
  await userEvent.click(screen.getByRole('button', { name: T.addAssignment }));
  return screen.findByRole('dialog', { name: T.addTitle });
}

async function choose(dialog: HTMLElement, field: RegExp, option: string | RegExp) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const assignButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: T.assign }) as HTMLButtonElement;

async function fillToolAndSim(dialog: HTMLElement) {
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: /^Tool/ }).getAttribute('aria-disabled')).toBeNull(),
  );
  await choose(dialog, /^Tool/, 'Training SIM');
  await waitFor(() =>
    expect(
      within(dialog)
        .getByRole('combobox', { name: /^Assignment/ })
        .getAttribute('aria-disabled'),
    ).toBeNull(),
  );
  // sim titles are cut at 50 characters
  await choose(dialog, /^Assignment/, `${LONG_TITLE.slice(0, 47)}...`);
}

describe('Add New Assignment', () => {
  it('enables ASSIGN only when tool, sim and member are chosen', async () => {
    setup();
    const dialog = await openDialog();
    for (const step of [T.stepTool, T.stepSim, T.stepMember, T.stepInstruction])
      expect(within(dialog).getByRole('heading', { name: step })).toBeTruthy();
    expect(assignButton(dialog).disabled).toBe(true);
    await fillToolAndSim(dialog);
    expect(assignButton(dialog).disabled).toBe(true);
    const member = within(dialog).getByRole('combobox', { name: /^Member/ });
    await userEvent.click(member);
    await userEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    expect((member as HTMLInputElement).value).toBe('Grace Hopper');
    expect(assignButton(dialog).disabled).toBe(false);
  });

  it('choosing a group clears the member, and back', async () => {
    setup();
    const dialog = await openDialog();
    await fillToolAndSim(dialog);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Member/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    expect(assignButton(dialog).disabled).toBe(false);
    await userEvent.click(within(dialog).getByRole('switch', { name: T.groupToggle }));
    expect(within(dialog).getByRole('heading', { name: T.stepGroup })).toBeTruthy();
    expect(assignButton(dialog).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Group/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Night shift/ }));
    expect(assignButton(dialog).disabled).toBe(false);
    await userEvent.click(within(dialog).getByRole('switch', { name: T.groupToggle }));
    expect((within(dialog).getByRole('combobox', { name: /^Member/ }) as HTMLInputElement).value).toBe('');
    expect(assignButton(dialog).disabled).toBe(true);
  });

  it('a new tool clears the chosen sim', async () => {
    setup();
    const dialog = await openDialog();
    await fillToolAndSim(dialog);
    expect(within(dialog).getByRole('combobox', { name: /^Assignment/ }).textContent).toContain(
      LONG_TITLE.slice(0, 20),
    );
    await choose(dialog, /^Tool/, 'Hiring SIM');
    expect(within(dialog).getByRole('combobox', { name: /^Assignment/ }).textContent).not.toContain(
      LONG_TITLE.slice(0, 20),
    );
  });

  it('sends the group with the instruction, is disabled after one click, then refreshes the list and counts', async () => {
    let release: (response: Response) => void = () => undefined;
    const calls = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    const dialog = await openDialog();
    await fillToolAndSim(dialog);
    await userEvent.click(within(dialog).getByRole('switch', { name: T.groupToggle }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Group/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Night shift/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: T.instructionLabel }), 'Twice');
    const lists = calls.filter((c) => c.path === '/api/v1/sims/assignment/list').length;
    const counts = calls.filter((c) => c.path === '/api/v1/sims/assignment/count').length;

    await userEvent.click(assignButton(dialog));
    expect(assignButton(dialog).disabled).toBe(true);
    fireEvent.click(assignButton(dialog));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/sims/assignment/add')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/v1/sims/assignment/add')?.body).toEqual({
      tool: TOOL._id,
      assigned_sim: SIM_ID,
      user_id: null,
      group_id: GROUP._id,
      assignment_notes: 'Twice',
    });

    release(ok({ message: M.added, assignments: [rowId(310), rowId(311), rowId(312)] }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.addTitle })).toBeNull());
    expect(await screen.findByText(M.added)).toBeTruthy();
    await waitFor(() => {
      expect(calls.filter((c) => c.path === '/api/v1/sims/assignment/list').length).toBeGreaterThan(lists);
      expect(calls.filter((c) => c.path === '/api/v1/sims/assignment/count').length).toBeGreaterThan(counts);
    });
  });

  it('shows a refusal and lets the user try again; CANCEL closes without a call', async () => {
    const calls = setup(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, message: M.groupEmpty, code: 'RULE_BROKEN' }), { status: 422 }),
      ),
    );
    const dialog = await openDialog();
    await fillToolAndSim(dialog);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Member/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Alan Turing/ }));
    await userEvent.click(assignButton(dialog));
    expect(await within(dialog).findByText(M.groupEmpty)).toBeTruthy();
    expect(assignButton(dialog).disabled).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.addTitle })).toBeNull());
    expect(calls.filter((c) => c.path === '/api/v1/sims/assignment/add')).toHaveLength(1);
  });
});
