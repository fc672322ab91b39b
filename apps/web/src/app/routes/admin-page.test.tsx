import { ADMIN_TEXTS, PENDING_REVIEW_PATH, type TGroup, type TMatrixResponse } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../testing/render-app';

const ADMIN = [
  'employee_list:view',
  'groups:view',
  'groups:create',
  'groups:update',
  'groups:delete',
  'permissions:view',
  'permissions:create',
  'permissions:update',
  'roles:view',
  'roles:create',
  'roles:update',
  'roles:delete',
  'notifications:view',
  'notifications:create',
];

const GROUP: TGroup = {
  _id: 'g1',
  name: 'Cohort A',
  description: 'First weeks',
  owner_id: 'u2',
  owner: { _id: 'u2', name: 'Sofia Supervisor', profile_pic: null },
  member_count: 2,
  created_at: '2030-03-04T10:00:00.000Z',
  updated_at: '2030-03-05T10:00:00.000Z',
  created_by: { _id: 'u1', name: 'Ada Admin', profile_pic: null },
};

const EMPLOYEES = [
  {
    _id: 'u2',
    first_name: 'Sofia',
    last_name: 'Supervisor',
    email: 's@demo.local',
    role: 'supervisor',
    profile_pic_url: null,
  },
  { _id: 'u3', first_name: 'Alex', last_name: 'Agent', email: 'a@demo.local', role: 'agent', profile_pic_url: null },
];

const MATRIX: TMatrixResponse = {
  success: true,
  company_id: 'c1',
  list: [
    {
      _id: 'p1',
      product_name: 'Admin',
      tasks: [
        {
          task_id: 't1',
          task_name: 'groups',
          task_definition: 'Groups and their members',
          tooltip: null,
          description: null,
          permissions: [
            { permission_type: 'view', permission_id: 'gv' },
            { permission_type: 'create', permission_id: 'gc' },
            { permission_type: 'update', permission_id: 'gu' },
            { permission_type: 'delete', permission_id: 'gd' },
          ],
        },
        {
          task_id: 't2',
          task_name: 'notifications',
          task_definition: 'Send notifications',
          tooltip: 'Who may send',
          description: null,
          permissions: [
            { permission_type: 'view', permission_id: 'nv' },
            { permission_type: 'create', permission_id: 'nc' },
          ],
        },
      ],
    },
  ],
  roles: [
    { _id: 'r1', name: 'admin', disabled: false, permissions: ['gv', 'gc', 'gu', 'gd', 'nv', 'nc'] },
    { _id: 'r3', name: 'manager', disabled: false, permissions: [] },
  ],
};

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** An admin signed in, with the admin area's calls answered; `extra` answers first. */
function setup(keys: string[] = ADMIN, extra: Handler = () => undefined, newNotifications = 0) {
  const user = makeUser({ role: 'admin', company_id: 'c1' });
  signIn(user);
  const calls: { path: string; body: unknown }[] = [];
  let count = newNotifications;
  const fetchMock = mockFetch((url, init) => {
    if (init?.body) calls.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
    const handled = extra(url, init);
    if (handled) return handled;
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, keys, count));
      case '/api/v1/groups/listing':
        return jsonResponse({ success: true, groups: [GROUP], total: 1 });
      case '/api/v1/employee/minimal-data':
        return jsonResponse({ success: true, employees: EMPLOYEES });
      case '/api/v1/users/user-by-group':
        return jsonResponse({ success: true, users: [EMPLOYEES[1]] });
      case '/api/v1/sims/group/listing':
        return jsonResponse({ success: true, groups: [{ _id: 'g1', name: 'Cohort A', member_count: 2 }] });
      case '/api/v1/company/list':
        return jsonResponse({ success: true, companies: [{ _id: 'c1', name: 'Demo Health' }] });
      case '/api/v1/permissions/details':
        return jsonResponse(MATRIX);
      case '/api/v1/users/notification-listing':
        return jsonResponse({ success: true, notifList: [], total: 0 });
      case '/api/v1/users/notification-read':
        count = 0;
        return jsonResponse({ success: true, new_notifications: 0 });
      default:
        return undefined;
    }
  });
  return { calls, fetchMock };
}

describe('/admin tabs', () => {
  it('shows only the tabs the user may see, the first permitted selected; NOTIFICATIONS always', async () => {
    setup(['groups:view', 'roles:view']);
    renderApp('/admin');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      ADMIN_TEXTS.tabGroups,
      ADMIN_TEXTS.tabRoles,
      ADMIN_TEXTS.tabNotifications,
    ]);
    expect(screen.getByRole('tab', { name: ADMIN_TEXTS.tabGroups }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: ADMIN_TEXTS.manageGroups })).toBeTruthy();
  });

  it('keeps the tab in the URL; a tab the user may not see falls back to the first permitted', async () => {
    setup();
    const { router } = renderApp('/admin?tab=4');
    expect(await screen.findByRole('heading', { name: ADMIN_TEXTS.manageRoles })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: ADMIN_TEXTS.tabNotifications }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=5'));
    expect(await screen.findByText(ADMIN_TEXTS.noNotificationsSent)).toBeTruthy();
  });
});

describe('GROUPS tab', () => {
  it('lists groups with MM-DD-YYYY dates and the owner; Edit only with groups update', async () => {
    setup(['groups:view']);
    renderApp('/admin?tab=2');
    const table = await screen.findByRole('table', { name: ADMIN_TEXTS.manageGroups });
    const row = within(table).getByText('Cohort A').closest('tr') as HTMLElement;
    expect(within(row).getByText('03-04-2030')).toBeTruthy();
    expect(within(row).getByText('03-05-2030')).toBeTruthy();
    expect(within(row).getByText('Sofia Supervisor')).toBeTruthy();
    expect(within(row).getByText('Ada Admin')).toBeTruthy();
    expect(within(table).queryByText(ADMIN_TEXTS.edit)).toBeNull();
    expect(screen.queryByRole('button', { name: ADMIN_TEXTS.addNewGroup })).toBeNull();
  });

  it('the group form saves only with a name and an owner, and sends the members', async () => {
    const { calls } = setup(ADMIN, (url) =>
      url.pathname === '/api/v1/groups/save-edit'
        ? jsonResponse({ success: true, message: ADMIN_TEXTS.groupSaved, group: GROUP })
        : undefined,
    );
    const ue = userEvent.setup();
    renderApp('/admin?tab=2');
    await ue.click(await screen.findByRole('button', { name: ADMIN_TEXTS.addNewGroup }));
    expect(await screen.findByRole('heading', { name: ADMIN_TEXTS.createGroup })).toBeTruthy();
    const save = screen.getByRole('button', { name: ADMIN_TEXTS.save });
    expect(save.hasAttribute('disabled')).toBe(true);
    await ue.type(screen.getByRole('textbox', { name: ADMIN_TEXTS.groupName }), 'Night shift');
    expect(save.hasAttribute('disabled')).toBe(true);
    await ue.click(screen.getByRole('combobox', { name: ADMIN_TEXTS.groupOwner }));
    await ue.click(await screen.findByRole('option', { name: /Sofia Supervisor/ }));
    await ue.click(screen.getByRole('combobox', { name: ADMIN_TEXTS.groupMembers }));
    await ue.click(await screen.findByRole('option', { name: 'Alex Agent' }));
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await ue.click(save);
    expect(await screen.findByText(ADMIN_TEXTS.groupSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/groups/save-edit')?.body).toEqual({
      name: 'Night shift',
      description: '',
      owner_id: 'u2',
      users: ['u3'],
    });
  });

  it('opens the editor of a group handed in the navigation state, and DELETE asks first', async () => {
    const { calls } = setup(ADMIN, (url) =>
      url.pathname === '/api/v1/groups/delete'
        ? jsonResponse({ success: false, message: 'This group is in use.', code: 'CONFLICT' }, 409)
        : undefined,
    );
    const ue = userEvent.setup();
    const { router } = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' });
    await router.navigate('/admin', { state: { group: GROUP } });
    expect(await screen.findByRole('heading', { name: ADMIN_TEXTS.updateGroup })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect((screen.getByRole('textbox', { name: ADMIN_TEXTS.groupName }) as HTMLInputElement).value).toBe('Cohort A');
    expect(await screen.findByRole('button', { name: /Alex Agent/ })).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: ADMIN_TEXTS.delete }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXTS.deleteGroupTitle });
    expect(within(dialog).getByText(ADMIN_TEXTS.deleteGroupConfirm)).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: ADMIN_TEXTS.delete }));
    // the server's refusal in an error banner; closing it returns to the list
    const banner = await screen.findByText('This group is in use.');
    expect(calls.find((c) => c.path === '/api/v1/groups/delete')?.body).toEqual({ id: 'g1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await ue.click(within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: /close/i }));
    expect(await screen.findByRole('table', { name: ADMIN_TEXTS.manageGroups })).toBeTruthy();
  });
});

describe('PERMISSIONS tab', () => {
  it('ticking create ticks view; held until Save; then the success message', async () => {
    const { calls } = setup(ADMIN, (url) =>
      url.pathname === '/api/v1/roles/save-permissions'
        ? jsonResponse({ success: true, message: ADMIN_TEXTS.permissionsSaved })
        : undefined,
    );
    const ue = userEvent.setup();
    renderApp('/admin?tab=3');
    const create = await screen.findByRole('checkbox', { name: 'manager groups create' });
    const view = screen.getByRole('checkbox', { name: 'manager groups view' }) as HTMLInputElement;
    const save = screen.getByRole('button', { name: ADMIN_TEXTS.saveMatrix });
    expect(save.hasAttribute('disabled')).toBe(true);
    // notifications offers no update or delete: those boxes are disabled
    expect(screen.getByRole('checkbox', { name: 'manager notifications update' }).hasAttribute('disabled')).toBe(true);
    await ue.click(create);
    expect(view.checked).toBe(true);
    expect(calls.some((c) => c.path === '/api/v1/roles/save-permissions')).toBe(false);
    await ue.click(save);
    expect(await screen.findByText(ADMIN_TEXTS.permissionsSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/roles/save-permissions')?.body).toEqual({
      permission_data: [{ role_id: 'r3', permissions: ['gc', 'gv'] }],
    });
  });

  it('asks before switching tabs with unsaved changes', async () => {
    setup();
    const ue = userEvent.setup();
    const { router } = renderApp('/admin?tab=3');
    await ue.click(await screen.findByRole('checkbox', { name: 'manager notifications view' }));
    await ue.click(screen.getByRole('tab', { name: ADMIN_TEXTS.tabRoles }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ADMIN_TEXTS.unsavedChanges)).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: ADMIN_TEXTS.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?tab=3');
    expect((screen.getByRole('checkbox', { name: 'manager notifications view' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await ue.click(screen.getByRole('tab', { name: ADMIN_TEXTS.tabRoles }));
    await ue.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ADMIN_TEXTS.leave }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=4'));
  });

  it('without permissions create the boxes and Save are disabled', async () => {
    setup(['permissions:view']);
    renderApp('/admin?tab=3');
    expect((await screen.findByRole('checkbox', { name: 'manager groups view' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: ADMIN_TEXTS.saveMatrix }).hasAttribute('disabled')).toBe(true);
  });
});

describe('NOTIFICATIONS tab and the bell', () => {
  it('validates the dialog, then sends the message to the chosen group', async () => {
    const { calls } = setup(ADMIN, (url) =>
      url.pathname === '/api/v1/users/save-notification'
        ? jsonResponse({
            success: true,
            message: ADMIN_TEXTS.notificationSent,
            notification: { _id: 'n1', recipients_count: 2 },
          })
        : undefined,
    );
    const ue = userEvent.setup();
    renderApp('/admin?tab=5');
    await ue.click(await screen.findByRole('button', { name: ADMIN_TEXTS.addNewNotification }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXTS.notificationDialogTitle });
    await ue.click(within(dialog).getByRole('button', { name: ADMIN_TEXTS.sendNotification }));
    expect(within(dialog).getByText(ADMIN_TEXTS.notificationMessageRequired)).toBeTruthy();
    expect(within(dialog).getByText(ADMIN_TEXTS.notificationRecipientsRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/users/save-notification')).toBe(false);
    await ue.type(within(dialog).getByRole('textbox', { name: ADMIN_TEXTS.notificationMessage }), 'Team meeting at 3');
    await ue.click(within(dialog).getByRole('combobox', { name: ADMIN_TEXTS.recipientsGroups }));
    await ue.click(await screen.findByRole('option', { name: 'Cohort A (2)' }));
    await ue.click(within(dialog).getByRole('button', { name: ADMIN_TEXTS.sendNotification }));
    expect(await screen.findByText(ADMIN_TEXTS.notificationSent)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/users/save-notification')?.body).toEqual({
      notification: 'Team meeting at 3',
      groups: ['g1'],
      receipts: [],
    });
  });

  it('the bell lists the notifications, marks them read and the count falls to 0', async () => {
    const { calls } = setup(
      ['assignment:view'],
      (url) =>
        url.pathname === '/api/v1/users/notification-listing' &&
        url.searchParams.get('notificationListingPage') === 'inbox'
          ? jsonResponse({
              success: true,
              total: 1,
              notifList: [
                {
                  _id: 'n1',
                  message: 'Welcome aboard',
                  isNew: true,
                  created_date: '2030-01-02T09:00:00.000Z',
                  created_by: { _id: 'u1', name: 'Ada Admin', profile_pic: null },
                  recipients_count: 1,
                },
              ],
            })
          : undefined,
      3,
    );
    const ue = userEvent.setup();
    renderApp('/dashboard');
    await ue.click(await screen.findByRole('button', { name: 'notifications: 3 new' }));
    expect(await screen.findByText('Welcome aboard')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/users/notification-read')).toBe(true));
    await ue.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'notifications: 0 new' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/users/notification-read')?.body).toEqual({
      notificationIds: ['n1'],
      all: true,
    });
  });

  it('a notification the server gave a link leads there and closes the list; one without is plain text', async () => {
    setup(
      ['assignment:view'],
      (url) =>
        url.pathname === '/api/v1/users/notification-listing' &&
        url.searchParams.get('notificationListingPage') === 'inbox'
          ? jsonResponse({
              success: true,
              total: 2,
              notifList: [
                {
                  _id: 'n2',
                  message: 'Ada Agent sent "Cardiology" for review.',
                  link: PENDING_REVIEW_PATH,
                  isNew: true,
                  created_date: '2030-01-02T10:00:00.000Z',
                  created_by: { _id: 'u2', name: 'Ada Agent', profile_pic: null },
                  recipients_count: 1,
                },
                {
                  _id: 'n1',
                  message: 'Welcome aboard',
                  link: null,
                  isNew: false,
                  created_date: '2030-01-02T09:00:00.000Z',
                  created_by: { _id: 'u1', name: 'Ada Admin', profile_pic: null },
                  recipients_count: 1,
                },
              ],
            })
          : undefined,
      1,
    );
    const ue = userEvent.setup();
    const { router } = renderApp('/admin');
    await ue.click(await screen.findByRole('button', { name: 'notifications: 1 new' }));
    const popover = await screen.findByRole('dialog', { name: ADMIN_TEXTS.notificationsPopoverTitle });
    expect(within(popover).queryByRole('link', { name: /Welcome aboard/ })).toBeNull();
    const link = await within(popover).findByRole('link', { name: /sent "Cardiology" for review/ });
    expect(link.getAttribute('href')).toBe(PENDING_REVIEW_PATH);
    await ue.click(link);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(PENDING_REVIEW_PATH),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: ADMIN_TEXTS.notificationsPopoverTitle })).toBeNull(),
    );
  });

  it("the bell says 'There are no Notifications.' when there are none", async () => {
    setup(['assignment:view']);
    const ue = userEvent.setup();
    renderApp('/dashboard');
    await ue.click(await screen.findByRole('button', { name: 'notifications: 0 new' }));
    // the dialog the bell announces (aria-haspopup="dialog"), named by its title
    const popover = await screen.findByRole('dialog', { name: ADMIN_TEXTS.notificationsPopoverTitle });
    expect(within(popover).getByText(ADMIN_TEXTS.noNotificationsPopover)).toBeTruthy();
  });
});
