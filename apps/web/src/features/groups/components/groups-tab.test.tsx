import { ADMIN_TEXTS, type TGroup } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';

const KEYS = ['groups:view', 'groups:create', 'groups:update', 'groups:delete'];

const GROUP: TGroup = {
  _id: 'g1',
  name: 'Cohort A',
  description: 'First weeks',
  owner_id: 'u2',
  owner: { _id: 'u2', name: 'Sofia Supervisor', profile_pic: null },
  member_count: 1,
  created_at: '2030-03-04T10:00:00.000Z',
  updated_at: '2030-03-05T10:00:00.000Z',
  created_by: { _id: 'u1', name: 'Ada Admin', profile_pic: null },
};

const EMPLOYEES = [
  { _id: 'u2', first_name: 'Sofia', last_name: 'Supervisor', email: 's@demo.local', role: 'supervisor' },
  { _id: 'u3', first_name: 'Alex', last_name: 'Agent', email: 'a@demo.local', role: 'agent' },
].map((e) => ({ ...e, profile_pic_url: null }));

/** The server after a delete: the group is gone, its members answer 404 like the real one. */
function setup() {
  const user = makeUser({ company_id: 'c1' });
  signIn(user);
  let deleted = false;
  const calls: { path: string; afterDelete: boolean }[] = [];
  mockFetch((url) => {
    calls.push({ path: url.pathname, afterDelete: deleted });
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, KEYS));
      case '/api/v1/groups/listing':
        return jsonResponse({ success: true, groups: deleted ? [] : [GROUP], total: deleted ? 0 : 1 });
      case '/api/v1/employee/minimal-data':
        return jsonResponse({ success: true, employees: EMPLOYEES });
      case '/api/v1/sims/group/listing':
        return jsonResponse({
          success: true,
          groups: deleted ? [] : [{ _id: 'g1', name: 'Cohort A', member_count: 1 }],
        });
      case '/api/v1/users/user-by-group':
        return deleted
          ? jsonResponse({ success: false, message: 'Group not found.', code: 'NOT_FOUND' }, 404)
          : jsonResponse({ success: true, users: [EMPLOYEES[1]] });
      case '/api/v1/groups/delete':
        deleted = true;
        return jsonResponse({ success: true, message: ADMIN_TEXTS.groupDeleted });
      default:
        return undefined;
    }
  });
  return { calls };
}

describe('GROUPS tab: deleting a group', () => {
  it('goes back to the list with the success, and asks nothing more about the deleted group', async () => {
    const { calls } = setup();
    const ue = userEvent.setup();
    renderApp('/admin?tab=2');
    const table = await screen.findByRole('table', { name: ADMIN_TEXTS.manageGroups });
    const row = within(table).getByText('Cohort A').closest('tr') as HTMLElement;
    await ue.click(within(row).getByText(ADMIN_TEXTS.edit));
    expect(await screen.findByRole('button', { name: /Alex Agent/ })).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: ADMIN_TEXTS.delete }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXTS.deleteGroupTitle });
    await ue.click(within(dialog).getByRole('button', { name: ADMIN_TEXTS.delete }));
    expect(await screen.findByText(ADMIN_TEXTS.groupDeleted)).toBeTruthy();
    expect(await screen.findByText(ADMIN_TEXTS.noGroups)).toBeTruthy();
    // the lists were asked again; the deleted group's members were not (that answered 404)
    expect(calls.some((c) => c.afterDelete && c.path === '/api/v1/groups/listing')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.afterDelete && c.path === '/api/v1/users/user-by-group')).toEqual([]);
    expect(screen.queryByText('Group not found.')).toBeNull();
  });
});
