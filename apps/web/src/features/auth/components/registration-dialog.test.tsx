import { MESSAGES, REGISTRATION_DIALOG_CLOSE_MS } from '@sim/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../../../testing/render-app';

function invitation(register: () => Response) {
  return mockFetch((url) => {
    if (url.pathname === '/api/v1/users/check-invitation')
      return jsonResponse({ success: true, valid: true, expires_at: null });
    if (url.pathname === '/api/v1/users/register') return register();
    return undefined;
  });
}

async function openDialog() {
  const ue = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp('/login?allowNewCompany=inv-123');
  await ue.click(await screen.findByRole('button', { name: 'Create account' }));
  return { ue, dialog: await screen.findByRole('dialog') };
}

async function fill(ue: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const d = within(dialog);
  await ue.type(d.getByLabelText(/First Name/), 'Grace');
  await ue.type(d.getByLabelText(/Last Name/), 'Hopper');
  await ue.type(d.getByLabelText(/Company Name/), 'Navy Calls');
  await ue.type(d.getByLabelText(/Phone Number/), '5551234567');
  await ue.type(d.getByLabelText(/^Email/), 'grace@navy.example');
  await ue.type(d.getByLabelText(/^Password/), 'Secret@123');
}

describe('registration dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('requires every field', async () => {
    const fetchMock = invitation(() => jsonResponse({ success: true, message: 'ok' }));
    const { ue, dialog } = await openDialog();
    await ue.click(within(dialog).getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(await within(dialog).findAllByText(MESSAGES.requiredField)).toHaveLength(6);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/register'))).toBe(false);
  });

  it('masks the phone, sends the form with the invitation, shows success and closes after the delay', async () => {
    const fetchMock = invitation(() => jsonResponse({ success: true, message: 'Account created' }));
    const { ue, dialog } = await openDialog();
    await fill(ue, dialog);
    expect((within(dialog).getByLabelText(/Phone Number/) as HTMLInputElement).value).toBe('+1 (555) 123-4567');
    await ue.click(within(dialog).getByRole('button', { name: 'show password' }));
    expect((within(dialog).getByLabelText(/^Password/) as HTMLInputElement).type).toBe('text');
    await ue.click(within(dialog).getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(await within(dialog).findByText(MESSAGES.registrationSuccess)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/v1/users/register'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      company_name: 'Navy Calls',
      phone_number: '+1 (555) 123-4567',
      email: 'grace@navy.example',
      password: 'Secret@123',
      allowNewCompany: 'inv-123',
    });
    act(() => {
      vi.advanceTimersByTime(REGISTRATION_DIALOG_CLOSE_MS - 500);
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server message inside the dialog on failure', async () => {
    invitation(() => jsonResponse({ success: false, message: 'Duplicate Email !', code: 'CONFLICT' }, 409));
    const { ue, dialog } = await openDialog();
    await fill(ue, dialog);
    fireEvent.submit(within(dialog).getByRole('button', { name: 'CREATE ACCOUNT' }).closest('form') as HTMLFormElement);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Duplicate Email !');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
