import { MESSAGES, type TUserInfo, USER_FORM_TEXTS } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';

const ROLE_AGENT = '11111111-1111-4111-8111-111111111111';
const ROLE_ADMIN = '11111111-1111-4111-8111-111111111112';
const GROUP_A = '22222222-2222-4222-8222-222222222221';
const GROUP_B = '22222222-2222-4222-8222-222222222222';
const USER_ID = '33333333-3333-4333-8333-333333333333';
const ROLE_TRAINER = '11111111-1111-4111-8111-111111111113';
const ADMIN_KEYS = ['employee_list:view', 'employee_list:create', 'employee_list:update', 'employee_list:delete'];

const OPTIONS = {
  success: true,
  roles: [
    { _id: ROLE_ADMIN, name: 'admin', disabled: false },
    { _id: ROLE_AGENT, name: 'agent', disabled: false },
    { _id: ROLE_TRAINER, name: 'trainer', disabled: true },
  ],
  groups: [
    { _id: GROUP_A, name: 'Cohort A' },
    { _id: GROUP_B, name: 'Team Leads' },
  ],
};

const STORED: TUserInfo = {
  _id: USER_ID,
  first_name: 'Alex',
  last_name: 'Agent',
  nick_name: null,
  title: 'Rep',
  email_id: 'alex@demo.local',
  phone_number: '+1 (555) 010-0100',
  status: 'active',
  sub_status: 'Training',
  role: ROLE_AGENT,
  role_name: 'agent',
  schedule: 'Full time',
  duration: 'Permanent',
  employment: 'Employee',
  workplace: 'WAH',
  joined_company: 'New hire',
  probation: 'New hire',
  promoted: 'Support',
  outsourcer: 'Other',
  groups: [GROUP_A],
  group_list: [{ _id: GROUP_A, name: 'Cohort A' }],
  profile_pic_url: null,
  company_name: 'Demo Health',
};

function setup(opts: { keys?: string[]; taken?: string[]; stored?: Partial<TUserInfo> } = {}) {
  const user = makeUser();
  signIn(user);
  const created: unknown[] = [];
  const fetchMock = mockFetch((url, init) => {
    if (url.pathname === '/api/v1/permissions/user-details')
      return jsonResponse(userDetails(user, opts.keys ?? ADMIN_KEYS));
    if (url.pathname === '/api/v1/employee/form-options') return jsonResponse(OPTIONS);
    if (url.pathname === '/api/v1/users/info')
      return jsonResponse({ success: true, user: { ...STORED, ...opts.stored } });
    if (url.pathname === '/api/v1/users/duplicate-email')
      return jsonResponse({ success: (opts.taken ?? []).includes(url.searchParams.get('emailId') ?? '') });
    if (url.pathname === '/api/v1/users/create') {
      created.push(JSON.parse(String(init?.body)));
      return jsonResponse({ success: true, _id: USER_ID, email_sent: true, message: USER_FORM_TEXTS.userCreated });
    }
    if (url.pathname === '/api/v1/employee/list') return jsonResponse({ success: true, employees: [], total: 0 });
    return undefined;
  });
  return { fetchMock, created, ue: userEvent.setup() };
}

/** The form is there once the options (and the user, when editing) are loaded. */
const formReady = () => screen.findByRole('region', { name: USER_FORM_TEXTS.sections.personal });

async function choose(ue: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await ue.click(screen.getByRole('combobox', { name: label }));
  await ue.click(await screen.findByRole('option', { name: option }));
}

async function fillRequired(ue: ReturnType<typeof userEvent.setup>, email = 'grace@example.test') {
  const fill = async (label: RegExp, text: string) => {
    await ue.click(screen.getByLabelText(label));
    await ue.paste(text);
  };
  await fill(/^First Name/, 'Grace');
  await fill(/^Last Name/, 'Hopper');
  await fill(/^Title/, 'Rep');
  await fill(/^Phone Number/, '5551234567');
  await fill(/^Email/, email);
  await choose(ue, /^Role/, 'agent');
  await choose(ue, /^Schedule/, 'Full time');
  await choose(ue, /^Duration/, 'Temporary');
  await choose(ue, /^Employment/, 'Contract');
  await choose(ue, /^Workplace/, 'off site');
  await choose(ue, /^Joined company/, 'Rehire');
  await choose(ue, /^Probation/, 'Performance');
  await choose(ue, /^Promoted in CC/, 'Leadership');
  await choose(ue, /^Outsourcer/, 'Alta');
  await ue.click(screen.getByRole('combobox', { name: /^Groups/ }));
  await ue.click(await screen.findByRole('option', { name: 'Team Leads' }));
  await ue.keyboard('{Escape}');
}

describe('/admin/createuser', () => {
  it('shows the title, the breadcrumb, every section, Applicant / Candidate by default', async () => {
    setup();
    renderApp('/admin/createuser');
    expect(await screen.findByRole('heading', { name: USER_FORM_TEXTS.createTitle })).toBeTruthy();
    await formReady();
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(crumbs).getByRole('link', { name: 'Employee list' }).getAttribute('href')).toBe('/admin');
    for (const title of Object.values(USER_FORM_TEXTS.sections).filter((t) => t !== USER_FORM_TEXTS.sections.password))
      expect(screen.getByRole('region', { name: title })).toBeTruthy();
    expect(screen.queryByRole('region', { name: USER_FORM_TEXTS.sections.password })).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Status/ }).textContent).toBe('Applicant');
    expect(screen.getByRole('combobox', { name: /^Sub Status/ }).textContent).toBe('Candidate');
  });

  it('shows every required message on SAVE and sends nothing', async () => {
    const { ue, created } = setup();
    renderApp('/admin/createuser');
    await ue.click(await screen.findByRole('button', { name: USER_FORM_TEXTS.save }));
    for (const message of [
      'Schedule is required',
      'Duration is required',
      'Employment is required',
      'Workplace is required',
      'Joined company is required',
      'Group is required',
      'Probation is required',
      'Promoted in CC is required',
      'Outsourcer is required',
      USER_FORM_TEXTS.required.first_name,
      USER_FORM_TEXTS.required.role,
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(created).toHaveLength(0);
  });

  it('resets the sub-status to the first option when the status changes', async () => {
    const { ue } = setup();
    renderApp('/admin/createuser');
    await formReady();
    await choose(ue, /^Sub Status/, 'Hired');
    await choose(ue, /^Status/, 'Inactive');
    expect(screen.getByRole('combobox', { name: /^Sub Status/ }).textContent).toBe('Suspended');
    await ue.click(screen.getByRole('combobox', { name: /^Sub Status/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Suspended', 'Leave of Absence']);
  });

  it("checks the email on blur: 'Duplicate Email !' blocks the save until the email changes", async () => {
    const { ue, created } = setup({ taken: ['taken@example.test'] });
    const { router } = renderApp('/admin/createuser');
    await formReady();
    await fillRequired(ue, 'taken@example.test');
    await ue.click(screen.getByLabelText(/^Nick Name/)); // blur the email
    expect(await screen.findByText(MESSAGES.duplicateEmail)).toBeTruthy();
    expect((screen.getByRole('button', { name: USER_FORM_TEXTS.save }) as HTMLButtonElement).disabled).toBe(true);

    const email = screen.getByLabelText(/^Email/);
    await ue.clear(email);
    await ue.type(email, 'grace@example.test');
    await ue.tab();
    await waitFor(() => expect(screen.queryByText(MESSAGES.duplicateEmail)).toBeNull());
    await ue.click(screen.getByRole('button', { name: USER_FORM_TEXTS.save }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      nick_name: '',
      title: 'Rep',
      email_id: 'grace@example.test',
      phone_number: '+1 (555) 123-4567',
      status: 'applicant',
      sub_status: 'Candidate',
      role: ROLE_AGENT,
      schedule: 'Full time',
      duration: 'Temporary',
      employment: 'Contract',
      workplace: 'off site',
      joined_company: 'Rehire',
      groups: [GROUP_B],
      probation: 'Performance',
      promoted: 'Leadership',
      outsourcer: 'Alta',
      url: window.location.origin,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    // the result shows on the list the form goes back to
    expect(await screen.findByText(USER_FORM_TEXTS.userCreated)).toBeTruthy();
  });

  it('does not offer a disabled role (issue 15)', async () => {
    const { ue } = setup();
    renderApp('/admin/createuser');
    await formReady();
    await ue.click(screen.getByRole('combobox', { name: /^Role/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['admin', 'agent']);
  });

  it("keeps a user's current disabled role on show, marked, and offers only enabled ones besides", async () => {
    const { ue } = setup({ stored: { role: ROLE_TRAINER, role_name: 'trainer' } });
    renderApp(`/admin/createuser?userId=${USER_ID}`);
    await formReady();
    const role = screen.getByRole('combobox', { name: /^Role/ });
    expect(role.textContent).toBe('trainer (disabled)');
    await ue.click(role);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['admin', 'agent', 'trainer (disabled)']);
  });

  it('edits a user: loads it, needs the password again for a new email, checks the confirmation', async () => {
    const { ue, created } = setup();
    renderApp(`/admin/createuser?userId=${USER_ID}`);
    expect(await screen.findByRole('heading', { name: USER_FORM_TEXTS.editTitle })).toBeTruthy();
    await formReady();
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Alex');
    expect(screen.getByRole('combobox', { name: /^Sub Status/ }).textContent).toBe('Training');
    expect(screen.getByRole('region', { name: USER_FORM_TEXTS.sections.password })).toBeTruthy();

    const email = screen.getByLabelText(/^Email/);
    await ue.clear(email);
    await ue.paste('alex.new@demo.local');
    await ue.click(screen.getByRole('button', { name: USER_FORM_TEXTS.update }));
    expect(await screen.findByText(USER_FORM_TEXTS.reenterPassword)).toBeTruthy();

    await ue.click(screen.getByLabelText(/^Password/, { selector: 'input' }));
    await ue.paste('Secret@123');
    await ue.click(screen.getByLabelText(/^Confirm Password/));
    await ue.paste('Secret@124');
    await ue.click(screen.getByRole('button', { name: USER_FORM_TEXTS.update }));
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeTruthy();
    expect(created).toHaveLength(0);

    await ue.clear(screen.getByLabelText(/^Confirm Password/));
    await ue.paste('Secret@123');
    await ue.click(screen.getByRole('button', { name: USER_FORM_TEXTS.update }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ _id: USER_ID, email_id: 'alex.new@demo.local', password: 'Secret@123' });
  });

  it('disables SAVE with the tooltip without employee_list create', async () => {
    setup({ keys: ['employee_list:view'] });
    renderApp('/admin/createuser');
    const save = await screen.findByRole('button', { name: USER_FORM_TEXTS.save });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText("You don't have permission to create new user")).toBeTruthy();
  });
});
