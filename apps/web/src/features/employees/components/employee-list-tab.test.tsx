import { DATA_TABLE_TEXTS, EMPLOYEE_TEXTS, type TEmployee } from '@sim/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { setNavigationHandler } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { ToastProvider } from '../../../lib/toast';
import { jsonResponse, makeUser, mockFetch, signIn, userDetails } from '../../../testing/render-app';
import { EmployeeListTab } from './employee-list-tab';

const ALL = [
  'employee_list:view',
  'employee_list:create',
  'employee_list:update',
  'employee_list:delete',
  'roles:view',
  'roles:update',
];
const ROLE_SUP = '11111111-1111-4111-8111-111111111113';

function employee(n: number, overrides: Partial<TEmployee> = {}): TEmployee {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    first_name: `First${n}`,
    last_name: `Last${n}`,
    email: `user${n}@demo.local`,
    role: 'agent',
    role_id: '11111111-1111-4111-8111-111111111111',
    status: 'active',
    sub_status: 'Training',
    title: 'Rep',
    phone_number: '+1 (555) 010-0100',
    groups: [],
    profile_pic_url: null,
    tempRoles: [],
    learner: true,
    ...overrides,
  };
}

interface Setup {
  keys?: string[];
  employees?: TEmployee[];
  total?: number;
  state?: unknown;
}

function setup({ keys = ALL, employees = [employee(1)], total, state }: Setup = {}) {
  const me = makeUser({ _id: employees[0]?._id === 'self' ? 'self' : 'u-admin' });
  signIn(me);
  const calls: { path: string; query: URLSearchParams; body: unknown }[] = [];
  mockFetch((url, init) => {
    calls.push({
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    if (url.pathname === '/api/v1/permissions/user-details') return jsonResponse(userDetails(me, keys));
    if (url.pathname === '/api/v1/employee/list') {
      const skip = Number(url.searchParams.get('skip'));
      const limit = Number(url.searchParams.get('limit'));
      return jsonResponse({
        success: true,
        employees: employees.slice(skip, skip + limit),
        total: total ?? employees.length,
      });
    }
    if (url.pathname === '/api/v1/employee/form-options')
      return jsonResponse({
        success: true,
        roles: [{ _id: ROLE_SUP, name: 'supervisor', disabled: false }],
        groups: [],
      });
    if (url.pathname === '/api/v1/employee/delete')
      return jsonResponse({ success: true, message: EMPLOYEE_TEXTS.employeeDeleted });
    if (url.pathname === '/api/v1/roles/add-temp-role' || url.pathname === '/api/v1/roles/delete-temp-role')
      return jsonResponse({ success: true, message: EMPLOYEE_TEXTS.tempRoleAssigned, tempRoles: [] });
    if (url.pathname === '/api/v1/login/login-to-agent-account')
      return jsonResponse({
        success: true,
        token: 'agent-token',
        expires_at: new Date().toISOString(),
        user: makeUser({ _id: employees[0]._id, role: 'agent' }),
        permissions: [],
        login_to_agent_account: true,
      });
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <ToastProvider>
            <Outlet />
          </ToastProvider>
        ),
        children: [
          { path: '/admin', element: <EmployeeListTab /> },
          { path: '/admin/createuser', element: <p>user form</p> },
          { path: '/dashboard', element: <p>dashboard</p> },
        ],
      },
    ],
    { initialEntries: [{ pathname: '/admin', state }] },
  );
  setNavigationHandler((to, options) => void router.navigate(to, options));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { calls, router, ue: userEvent.setup() };
}

const listCalls = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.path === '/api/v1/employee/list').map((c) => Object.fromEntries(c.query));

describe('EMPLOYEE LIST tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the title, every column and each employee', async () => {
    const { ue } = setup({
      employees: [
        employee(1, {
          groups: [{ _id: 'g1', name: 'Cohort A' }],
          tempRoles: [
            { role: ROLE_SUP, roleName: 'supervisor', startDate: '2030-01-02', endDate: '2030-01-05', active: false },
          ],
        }),
        employee(2, { role: 'manager', status: 'inActive', sub_status: 'Suspended', learner: false }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Manage Members - Demo Health' })).toBeTruthy();
    await screen.findByTestId(`employee-${employee(1)._id}`);
    const C = EMPLOYEE_TEXTS.columns;
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    // issue 31: GROUPS and PHONE NUMBER wait in each row's details until "Columns" shows them
    expect(headers()).toEqual(Object.values(C).filter((c) => c !== C.groups && c !== C.phone));
    const row1 = within(await screen.findByTestId(`employee-${employee(1)._id}`));
    expect(row1.getByText('user1@demo.local')).toBeTruthy();
    expect(row1.getByText('Active / Training')).toBeTruthy();
    expect(row1.queryByText('Cohort A')).toBeNull();
    expect(row1.getByText('supervisor')).toBeTruthy();
    await ue.click(row1.getByRole('button', { name: DATA_TABLE_TEXTS.detailsOf('First1 Last1') }));
    const details = await screen.findByRole('dialog', { name: 'First1 Last1' });
    expect(within(details).getByText(C.groups).nextElementSibling?.textContent).toBe('Cohort A');
    expect(within(details).getByText(C.phone)).toBeTruthy();
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // every column of the spec, in its order, once chosen
    await ue.click(screen.getByRole('button', { name: /^Columns/ }));
    const chooser = await screen.findByRole('dialog', { name: DATA_TABLE_TEXTS.chooseColumns });
    for (const name of [C.groups, C.phone]) await ue.click(within(chooser).getByRole('checkbox', { name }));
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headers()).toEqual(Object.values(C));
    expect(row1.getByText('Cohort A')).toBeTruthy();
    expect(row1.getByRole('button', { name: EMPLOYEE_TEXTS.loginAs('First1 Last1') })).toBeTruthy();
    const row2 = within(screen.getByTestId(`employee-${employee(2)._id}`));
    expect(row2.getByText('Inactive / Suspended')).toBeTruthy();
    // the Login button only for learners' accounts (the server's `learner`, from permissions, not the role's name)
    expect(row2.queryByRole('button', { name: /^Login as/ })).toBeNull();
    expect(row1.getByRole('link', { name: EMPLOYEE_TEXTS.editEmployee('First1 Last1') }).getAttribute('href')).toBe(
      `/admin/createuser?userId=${employee(1)._id}`,
    );
    expect(await screen.findByText(EMPLOYEE_TEXTS.allLoaded(2))).toBeTruthy();
  });

  it('disables the controls the user lacks, each with the tooltip of section 6', async () => {
    setup({ keys: ['employee_list:view'] });
    await screen.findByTestId(`employee-${employee(1)._id}`);
    const add = screen.getByRole('button', { name: EMPLOYEE_TEXTS.addNewUser }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByLabelText(EMPLOYEE_TEXTS.noCreateUser)).toBeTruthy();
    expect(screen.getByLabelText(EMPLOYEE_TEXTS.noEdit)).toBeTruthy();
    expect(screen.getByLabelText(EMPLOYEE_TEXTS.noDelete)).toBeTruthy();
    expect(screen.getByLabelText(EMPLOYEE_TEXTS.noUpdateRole)).toBeTruthy();
    expect(screen.getByLabelText(EMPLOYEE_TEXTS.noLoginAsAgent)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: EMPLOYEE_TEXTS.deleteEmployee('First1 Last1') }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('shows the empty state with ADD NEW USER', async () => {
    const { ue, router } = setup({ employees: [] });
    expect(await screen.findByText(EMPLOYEE_TEXTS.emptyList)).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: EMPLOYEE_TEXTS.addNewUserEmpty }));
    expect(router.state.location.pathname).toBe('/admin/createuser');
  });

  it('searches on Enter and with the button, and sorts with an asc/desc toggle', async () => {
    const { ue, calls } = setup();
    await screen.findByTestId(`employee-${employee(1)._id}`);
    expect(listCalls(calls)[0]).toMatchObject({ skip: '0', limit: '10', sortBy: 'first_name', order: 'asc' });
    await ue.type(screen.getByLabelText(EMPLOYEE_TEXTS.searchLabel), 'alex{Enter}');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ textSearch: 'alex', skip: '0' }));
    await ue.clear(screen.getByLabelText(EMPLOYEE_TEXTS.searchLabel));
    await ue.type(screen.getByLabelText(EMPLOYEE_TEXTS.searchLabel), 'grace');
    await ue.click(screen.getByRole('button', { name: EMPLOYEE_TEXTS.searchButton }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ textSearch: 'grace' }));

    await ue.click(await screen.findByRole('button', { name: EMPLOYEE_TEXTS.columns.lastName }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sortBy: 'last_name', order: 'asc' }));
    await ue.click(screen.getByRole('button', { name: EMPLOYEE_TEXTS.columns.lastName }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sortBy: 'last_name', order: 'desc' }));
  });

  it('loads the next page when the end of the list scrolls into view, until the total', async () => {
    let reach: (() => void) | null = null;
    let root: Element | null | undefined;
    let watched: Element | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void, options?: IntersectionObserverInit) {
          reach = () => cb([{ isIntersecting: true }]);
          root = options?.root as Element | null | undefined;
        }
        observe(element: Element) {
          watched = element;
        }
        disconnect() {}
      },
    );
    const employees = Array.from({ length: 12 }, (_, i) => employee(i + 1));
    const { calls } = setup({ employees });
    await screen.findByTestId(`employee-${employee(10)._id}`);
    expect(screen.queryByTestId(`employee-${employee(11)._id}`)).toBeNull();
    await waitFor(() => expect(reach).not.toBeNull());
    // the rows scroll inside the table's frame: the end of the list is watched there, not in the window
    // (a sentinel below a bounded frame would always be in view and load every page at once)
    const frame = screen.getByRole('table', { name: EMPLOYEE_TEXTS.tableLabel }).closest('[data-table-frame]');
    expect(frame).not.toBeNull();
    expect(root).toBe(frame);
    expect(frame?.contains(watched)).toBe(true);
    reach!();
    expect(await screen.findByTestId(`employee-${employee(12)._id}`)).toBeTruthy();
    expect(listCalls(calls).map((c) => c.skip)).toEqual(['0', '10']);
    expect(await screen.findByText(EMPLOYEE_TEXTS.allLoaded(12))).toBeTruthy();
  });

  it('deletes after the Delete Employee confirm and says so', async () => {
    const { ue, calls } = setup();
    await ue.click(await screen.findByRole('button', { name: EMPLOYEE_TEXTS.deleteEmployee('First1 Last1') }));
    const dialog = await screen.findByRole('dialog', { name: EMPLOYEE_TEXTS.deleteEmployeeTitle });
    await ue.click(within(dialog).getByRole('button', { name: EMPLOYEE_TEXTS.deleteButton }));
    expect(await screen.findByText(EMPLOYEE_TEXTS.employeeDeleted)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/employee/delete')?.body).toEqual({ id: employee(1)._id });
  });

  it('assigns a temporary role: Assign Role stays disabled until role and dates are set', async () => {
    const { ue, calls } = setup();
    await ue.click(await screen.findByRole('button', { name: EMPLOYEE_TEXTS.assignTempRoleFor('First1 Last1') }));
    const dialog = await screen.findByRole('dialog', { name: EMPLOYEE_TEXTS.assignTempRoleTitle });
    const assign = within(dialog).getByRole('button', { name: EMPLOYEE_TEXTS.assignRole }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    await ue.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await ue.click(await screen.findByRole('option', { name: 'supervisor' }));
    const start = within(dialog).getByLabelText(/^Start Date/) as HTMLInputElement;
    expect(start.min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await ue.type(start, '2099-01-10');
    expect(assign.disabled).toBe(true);
    await ue.type(within(dialog).getByLabelText(/^End Date/), '2099-01-05');
    expect(within(dialog).getByText(EMPLOYEE_TEXTS.tempRoleEndBeforeStart)).toBeTruthy();
    expect(assign.disabled).toBe(true);
    await ue.clear(within(dialog).getByLabelText(/^End Date/));
    await ue.type(within(dialog).getByLabelText(/^End Date/), '2099-01-20');
    expect(assign.disabled).toBe(false);
    await ue.click(assign);
    expect(await screen.findByText(EMPLOYEE_TEXTS.tempRoleAssigned)).toBeTruthy();
    const call = calls.find((c) => c.path === '/api/v1/roles/add-temp-role');
    expect(call?.query.get('user_id')).toBe(employee(1)._id);
    expect(call?.body).toEqual({ role: ROLE_SUP, startDate: '2099-01-10', endDate: '2099-01-20' });
  });

  it('views the temporary roles and removes one after its confirm', async () => {
    const temp = {
      role: ROLE_SUP,
      roleName: 'supervisor',
      startDate: '2030-01-02',
      endDate: '2030-01-05',
      active: false,
    };
    const { ue, calls } = setup({ employees: [employee(1, { tempRoles: [temp] })] });
    await ue.click(await screen.findByRole('button', { name: EMPLOYEE_TEXTS.viewTempRolesFor('First1 Last1') }));
    const dialog = await screen.findByRole('dialog', { name: EMPLOYEE_TEXTS.viewTempRoleTitle });
    expect(within(dialog).getByText('01-02-2030')).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: EMPLOYEE_TEXTS.deleteTempRole('supervisor') }));
    const confirm = await screen.findByRole('dialog', { name: EMPLOYEE_TEXTS.deleteTempRoleTitle });
    await ue.click(within(confirm).getByRole('button', { name: EMPLOYEE_TEXTS.deleteButton }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/v1/roles/delete-temp-role')?.body).toEqual({ role: ROLE_SUP }),
    );
  });

  it("logs in to an agent's account: the new session is stored and the dashboard opens", async () => {
    const { ue, calls, router } = setup();
    await ue.click(await screen.findByRole('button', { name: EMPLOYEE_TEXTS.loginAs('First1 Last1') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('agent-token');
    expect(calls.find((c) => c.path === '/api/v1/login/login-to-agent-account')?.body).toEqual({
      id: employee(1)._id,
      email: 'user1@demo.local',
    });
  });

  it('keeps the header row and the name column in view inside a frame (issue 15)', async () => {
    setup();
    const table = await screen.findByRole('table', { name: EMPLOYEE_TEXTS.tableLabel });
    const frame = table.closest('[data-table-frame]') as HTMLElement;
    expect(frame).not.toBeNull();
    // a frame that scrolls both ways, never taller than the room left on screen
    expect(getComputedStyle(frame).overflow).toBe('auto');
    await waitFor(() => expect(frame.style.maxHeight || getComputedStyle(frame).maxHeight).toMatch(/px$/));
    const firstName = screen.getByRole('columnheader', { name: EMPLOYEE_TEXTS.columns.firstName });
    expect(getComputedStyle(firstName).position).toBe('sticky');
    expect(getComputedStyle(firstName).whiteSpace).toBe('nowrap');
    const nameCell = within(screen.getByTestId(`employee-${employee(1)._id}`))
      .getByText('First1')
      .closest('td');
    expect(getComputedStyle(nameCell as HTMLElement).position).toBe('sticky');
    expect(frame.contains(screen.getByText(EMPLOYEE_TEXTS.allLoaded(1)))).toBe(true);
  });
});
