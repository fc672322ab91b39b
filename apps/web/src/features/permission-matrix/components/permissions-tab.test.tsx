import { ADMIN_TEXTS, TASK_LABELS, type TMatrixResponse } from '@sim/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';

const KEYS = ['permissions:view', 'permissions:create', 'permissions:update'];

const MATRIX: TMatrixResponse = {
  success: true,
  company_id: 'c1',
  list: [
    {
      _id: 'p1',
      product_name: 'Dashboard',
      tasks: [
        {
          task_id: 't1',
          task_name: 'all_assignments',
          task_definition: 'See the assignments of every member',
          tooltip: null,
          description: null,
          permissions: [{ permission_type: 'view', permission_id: 'av' }],
        },
        {
          task_id: 't2',
          task_name: 'my_notepad',
          task_definition: 'Personal class notes',
          tooltip: 'Your own notes on the sims',
          description: 'Notes kept by each learner.',
          permissions: [
            { permission_type: 'view', permission_id: 'nv' },
            { permission_type: 'create', permission_id: 'nc' },
            { permission_type: 'update', permission_id: 'nu' },
            { permission_type: 'delete', permission_id: 'nd' },
          ],
        },
      ],
    },
  ],
  roles: [{ _id: 'r3', name: 'manager', disabled: false, permissions: ['nv'] }],
};

function setup() {
  const user = makeUser({ company_id: 'c1', is_platform_admin: true });
  signIn(user);
  mockFetch((url) => {
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, KEYS));
      case '/api/v1/company/list':
        return jsonResponse({ success: true, companies: [{ _id: 'c1', name: 'Demo Health' }] });
      case '/api/v1/permissions/details':
        return jsonResponse(MATRIX);
      default:
        return undefined;
    }
  });
  renderApp('/admin?tab=3');
}

/** The matrix once loaded (the first test of the file also loads the admin page's code). */
const matrixReady = () => screen.findByRole('table', { name: ADMIN_TEXTS.managePermissions }, { timeout: 10_000 });

const cellOf = (name: string) => screen.getByRole('checkbox', { name }).closest('td') as HTMLElement;

describe('PERMISSIONS tab: the matrix reads as names (issue 15)', () => {
  it('shows each task by its name with its tooltip, not by its identifier', async () => {
    setup();
    const table = await matrixReady();
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual([TASK_LABELS.all_assignments, TASK_LABELS.my_notepad]);
    expect(within(table).queryByText('all_assignments')).toBeNull();
    expect(within(table).queryByText('my_notepad')).toBeNull();
    // the tooltip: the saved one, else the definition
    const ue = userEvent.setup();
    await ue.hover(within(table).getByText(TASK_LABELS.my_notepad));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Your own notes on the sims');
    await ue.unhover(within(table).getByText(TASK_LABELS.my_notepad));
    await ue.hover(within(table).getByText(TASK_LABELS.all_assignments));
    expect(await screen.findByText('See the assignments of every member')).toBeTruthy();
  });

  it('draws a box the task does not offer unlike a box that is only unticked', async () => {
    setup();
    await matrixReady();
    const notOffered = cellOf('manager all_assignments create');
    const unticked = cellOf('manager my_notepad create');
    expect(within(notOffered).queryByTestId('not-offered')).not.toBeNull();
    expect(notOffered.getAttribute('title')).toBe('All Assignments has no create permission.');
    expect(within(unticked).queryByTestId('not-offered')).toBeNull();
    expect(within(unticked).queryByTestId('CheckBoxOutlineBlankIcon')).not.toBeNull();
    expect(
      (screen.getByRole('checkbox', { name: 'manager all_assignments create' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'manager my_notepad create' }) as HTMLInputElement).disabled).toBe(
      false,
    );
  });

  it('opens Edit Permission Details with the tooltip the matrix shows', async () => {
    setup();
    const ue = userEvent.setup();
    await matrixReady();
    await ue.click(
      screen.getByRole('button', { name: `${ADMIN_TEXTS.editPermissionDetails} ${TASK_LABELS.my_notepad}` }),
    );
    const view = await screen.findByRole('region', { name: ADMIN_TEXTS.editPermissionDetails });
    expect((within(view).getByRole('textbox', { name: ADMIN_TEXTS.toolTip }) as HTMLInputElement).value).toBe(
      'Your own notes on the sims',
    );
    expect((within(view).getByRole('textbox', { name: ADMIN_TEXTS.description }) as HTMLTextAreaElement).value).toBe(
      'Notes kept by each learner.',
    );
    await ue.click(within(view).getByRole('button', { name: /cancel/i }));

    // a task with no saved tooltip shows its definition, and the field opens with it
    await ue.click(
      await screen.findByRole('button', {
        name: `${ADMIN_TEXTS.editPermissionDetails} ${TASK_LABELS.all_assignments}`,
      }),
    );
    const second = await screen.findByRole('region', { name: ADMIN_TEXTS.editPermissionDetails });
    expect((within(second).getByRole('textbox', { name: ADMIN_TEXTS.toolTip }) as HTMLInputElement).value).toBe(
      'See the assignments of every member',
    );
  });
});
