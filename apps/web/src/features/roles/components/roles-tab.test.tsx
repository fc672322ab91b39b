import { ADMIN_FEEDBACK_TEXTS, ADMIN_TEXTS, type TRole } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';

const KEYS = ['roles:view', 'roles:create', 'roles:update', 'roles:delete'];

function role(name: string, overrides: Partial<TRole> = {}): TRole {
  return {
    _id: `role-${name}`,
    name,
    company_id: 'c1',
    disabled: false,
    duplicate_from: null,
    users_count: 0,
    created_at: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const TAKEN = ADMIN_TEXTS.roleNameTaken;

/** An admin on the ROLES tab; saving 'trainer' works once, then its name is taken. */
function setup(roles: TRole[] = [role('agent'), role('supervisor')]) {
  const user = makeUser({ company_id: 'c1' });
  signIn(user);
  const saved: unknown[] = [];
  mockFetch((url, init) => {
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, KEYS));
      case '/api/v1/company/list':
        return jsonResponse({ success: true, companies: [{ _id: 'c1', name: 'Demo Health' }] });
      case '/api/v1/company/role-list':
        return jsonResponse({ success: true, roles, total: roles.length });
      case '/api/v1/roles': {
        const body = JSON.parse(String(init?.body)) as { name: string; _id?: string; disabled?: boolean };
        saved.push(body);
        if (!body._id && saved.length > 1)
          return jsonResponse({ success: false, message: TAKEN, code: 'CONFLICT' }, 409);
        const target = roles.find((r) => r._id === body._id) ?? role(body.name);
        return jsonResponse({
          success: true,
          message: ADMIN_TEXTS.roleSaved,
          role: { ...target, disabled: body.disabled ?? false },
        });
      }
      default:
        return undefined;
    }
  });
  renderApp(`/admin?tab=${4}`);
  return { saved };
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

async function addRole(ue: ReturnType<typeof userEvent.setup>, name: string) {
  const field = await screen.findByRole('textbox', { name: ADMIN_TEXTS.roleName });
  await ue.clear(field);
  await ue.type(field, name);
  await ue.click(screen.getByRole('button', { name: ADMIN_TEXTS.save }));
}

describe('ROLES tab feedback', () => {
  it('a refused save replaces "Role saved" instead of showing next to it', async () => {
    setup();
    const ue = userEvent.setup();
    await addRole(ue, 'trainer');
    expect(await screen.findByText(ADMIN_TEXTS.roleSaved)).toBeTruthy();
    await addRole(ue, 'trainer');
    await screen.findByText(TAKEN);
    // one message at a time: the success has gone, only the refusal is on screen
    await waitFor(() => expect(alerts()).toEqual([TAKEN]));
  });

  it('disabling a role says so, and enabling it again too', async () => {
    const { saved } = setup([role('agent'), role('trainer', { disabled: true })]);
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('switch', { name: ADMIN_TEXTS.enableRole('agent') }));
    expect(await screen.findByText(ADMIN_FEEDBACK_TEXTS.roleDisabled('agent'))).toBeTruthy();
    expect(saved.at(-1)).toMatchObject({ _id: 'role-agent', disabled: true });
    await ue.click(screen.getByRole('switch', { name: ADMIN_TEXTS.enableRole('trainer') }));
    expect(await screen.findByText(ADMIN_FEEDBACK_TEXTS.roleEnabled('trainer'))).toBeTruthy();
    expect(saved.at(-1)).toMatchObject({ _id: 'role-trainer', disabled: false });
  });
});
