import {
  MESSAGES,
  PHOTO_ERROR_MS,
  PROFILE_PHOTO_MAX_BYTES,
  SCREEN_RECORDING_TEXTS,
  SETTINGS_TEXTS,
  type TUserInfo,
  USER_FORM_TEXTS,
} from '@sim/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';

const ME: TUserInfo = {
  _id: 'u1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  nick_name: null,
  title: 'Rep',
  email_id: 'ada@demo.local',
  phone_number: '+1 (555) 010-0100',
  status: 'active',
  sub_status: 'Training',
  role: '11111111-1111-4111-8111-111111111111',
  role_name: 'agent',
  schedule: 'Full time',
  duration: 'Permanent',
  employment: 'Employee',
  workplace: 'WAH',
  joined_company: 'New hire',
  probation: 'New hire',
  promoted: 'Support',
  outsourcer: 'Other',
  groups: ['22222222-2222-4222-8222-222222222221'],
  group_list: [{ _id: '22222222-2222-4222-8222-222222222221', name: 'Cohort A' }],
  profile_pic_url: null,
  company_name: 'Demo Health',
};

function setup(role: string, keys: string[] = [], handlers: Record<string, (init?: RequestInit) => Response> = {}) {
  const user = makeUser({ role });
  signIn(user);
  const calls: { path: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    if (init?.body) calls.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
    if (url.pathname === '/api/v1/permissions/user-details') return jsonResponse(userDetails(user, keys));
    if (url.pathname === '/api/v1/users/info') return jsonResponse({ success: true, user: ME });
    const handler = handlers[url.pathname];
    return handler ? handler(init) : undefined;
  });
  return { calls };
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('/settings', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows an agent their personal data only, read-only but the nick name, and saves just that', async () => {
    const saved = { ...ME, nick_name: 'Countess' };
    const { calls } = setup('agent', [], {
      '/api/v1/users/update-profile': () =>
        jsonResponse({ success: true, message: SETTINGS_TEXTS.settingsSaved, user: saved }),
    });
    const ue = userEvent.setup();
    renderApp('/settings');
    expect(await screen.findByRole('region', { name: USER_FORM_TEXTS.sections.personal })).toBeTruthy();
    expect(screen.queryByRole('region', { name: USER_FORM_TEXTS.sections.status })).toBeNull();
    expect(screen.queryByRole('region', { name: USER_FORM_TEXTS.sections.schedule })).toBeNull();
    expect(screen.getByText(SETTINGS_TEXTS.readOnlyHint)).toBeTruthy();
    for (const label of [/^First Name/, /^Last Name/, /^Title/, /^Email/, /^Phone Number/])
      expect(input(label).readOnly, String(label)).toBe(true);
    expect(input(/^Nick Name/).readOnly).toBe(false);

    await ue.click(input(/^Nick Name/));
    await ue.paste('Countess');
    await ue.click(screen.getByRole('button', { name: SETTINGS_TEXTS.updateChanges }));
    expect(await screen.findByText(SETTINGS_TEXTS.settingsSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/users/update-profile')?.body).toEqual({ nick_name: 'Countess' });
  });

  it('shows the groups card and the other sections to staff, read-only without employee_list update', async () => {
    setup('supervisor', ['employee_list:view']);
    renderApp('/settings');
    const groups = await screen.findByRole('list', { name: SETTINGS_TEXTS.groupsCard });
    expect(within(groups).getByText('Cohort A')).toBeTruthy();
    expect(screen.getByRole('region', { name: USER_FORM_TEXTS.sections.status })).toBeTruthy();
    expect(screen.getByText(SETTINGS_TEXTS.managedByAdminHint)).toBeTruthy();
    expect(input(/^First Name/).readOnly).toBe(false);
    expect(input(/^Email/).readOnly).toBe(true);
    expect(input(/^Role/).value).toBe('agent');
    expect(input(/^Role/).readOnly).toBe(true);
  });

  it('refuses a photo over 2 MB or not an image, with the message hidden after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup('agent');
    renderApp('/settings');
    const file = await screen.findByTestId('photo-input');
    const big = new File([new Uint8Array(PROFILE_PHOTO_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(file, { target: { files: [big] } });
    expect(await screen.findByText(SETTINGS_TEXTS.photoTooLarge)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(PHOTO_ERROR_MS - 200);
    });
    expect(screen.queryByText(SETTINGS_TEXTS.photoTooLarge)).toBeTruthy();
    // it starts to leave at 3 s (well before the 5 s of other messages) and is gone once it has slid away;
    // in steps: each step of the toast's exit is a timer set after React renders the previous one
    for (let step = 0; step < 8; step++)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    expect(screen.queryByText(SETTINGS_TEXTS.photoTooLarge)).toBeNull();

    fireEvent.change(file, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(SETTINGS_TEXTS.photoNotImage)).toBeTruthy();
  });

  it('uploads a photo with XMLHttpRequest, shows the progress, then the new photo', async () => {
    setup('agent');
    const sent: { url: string; body: FormData; auth: string | null }[] = [];
    class FakeXhr {
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      status = 0;
      responseText = '';
      private url = '';
      private headers: Record<string, string> = {};
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: FormData) {
        sent.push({ url: this.url, body, auth: this.headers.Authorization ?? null });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
        setTimeout(() => {
          this.status = 200;
          this.responseText = JSON.stringify({ success: true, url: '/api/v1/users/profile-photo?file=new.png' });
          this.onload?.();
        }, 50);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderApp('/settings');
    const file = await screen.findByTestId('photo-input');
    fireEvent.change(file, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    expect(await screen.findByText(SETTINGS_TEXTS.uploading(40))).toBeTruthy();
    expect(await screen.findByText(SETTINGS_TEXTS.photoUpdated)).toBeTruthy();
    expect(sent[0].url).toBe('/api/v1/users/update-profile-photo');
    expect(sent[0].auth).toBe('Bearer test-token');
    expect((sent[0].body.get('photo') as File).name).toBe('me.png');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user') ?? '{}').profile_pic_url).toBe(
        '/api/v1/users/profile-photo?file=new.png',
      ),
    );
  });

  it('enables UPDATE PASSWORD only with three matching fields; shows the wrong-current message', async () => {
    const { calls } = setup('agent', [], {
      '/api/v1/users/update-password': () =>
        jsonResponse(
          { success: false, code: 'INVALID', message: SETTINGS_TEXTS.wrongCurrentPassword, field: 'current_password' },
          400,
        ),
    });
    const ue = userEvent.setup();
    renderApp('/settings');
    const button = (await screen.findByRole('button', {
      name: SETTINGS_TEXTS.updatePasswordButton,
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await ue.type(input(/^Current Password/), 'old-secret');
    await ue.type(input(/^New Password/), 'Secret@123');
    expect(button.disabled).toBe(true);
    await ue.type(input(/^Confirm Password/), 'Secret@12');
    expect(screen.getByText(MESSAGES.passwordMismatch)).toBeTruthy();
    expect(button.disabled).toBe(true);
    await ue.type(input(/^Confirm Password/), '3');
    expect(screen.queryByText(MESSAGES.passwordMismatch)).toBeNull();
    expect(button.disabled).toBe(false);
    await ue.click(button);
    expect(await screen.findByText(SETTINGS_TEXTS.wrongCurrentPassword)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/users/update-password')?.body).toEqual({
      current_password: 'old-secret',
      new_password: 'Secret@123',
    });
  });

  it('keeps the new token the server sends after a password change, so the session goes on', async () => {
    setup('agent', [], {
      '/api/v1/users/update-password': () =>
        jsonResponse({
          success: true,
          message: 'Password updated.',
          email_sent: true,
          token: 'token-after-change',
          expires_at: '2030-01-01T00:00:00.000Z',
        }),
    });
    const ue = userEvent.setup();
    renderApp('/settings');
    const button = await screen.findByRole('button', { name: SETTINGS_TEXTS.updatePasswordButton });
    await ue.type(input(/^Current Password/), 'old-secret');
    await ue.type(input(/^New Password/), 'Secret@123');
    await ue.type(input(/^Confirm Password/), 'Secret@123');
    expect(localStorage.getItem('token')).toBe('test-token');
    await ue.click(button);
    expect(await screen.findByText('Password updated.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('token-after-change');
  });

  describe('the screen-recording retention card', () => {
    const RETENTION = '/api/v1/company/screen-recording-retention';
    const retention = (days: number | null, message?: string) => () =>
      jsonResponse({ success: true, data: { retention_days: days }, ...(message ? { message } : {}) });

    it('is not shown without sim_admin view', async () => {
      let asked = false;
      setup('supervisor', ['employee_list:view'], {
        [RETENTION]: () => {
          asked = true;
          return retention(30)();
        },
      });
      renderApp('/settings');
      await screen.findByRole('list', { name: SETTINGS_TEXTS.groupsCard });
      expect(screen.queryByRole('heading', { name: SCREEN_RECORDING_TEXTS.retentionTitle })).toBeNull();
      expect(asked).toBe(false);
    });

    it('shows the days read-only with sim_admin view only', async () => {
      setup('supervisor', ['sim_admin:view'], { [RETENTION]: retention(30) });
      renderApp('/settings');
      expect(await screen.findByRole('heading', { name: SCREEN_RECORDING_TEXTS.retentionTitle })).toBeTruthy();
      const days = await waitFor(() =>
        input(new RegExp(`^${SCREEN_RECORDING_TEXTS.retentionLabel.replace(/[()]/g, '\\$&')}`)),
      );
      expect(days.value).toBe('30');
      expect(days.readOnly).toBe(true);
      expect(screen.getByText(SCREEN_RECORDING_TEXTS.retentionHelp)).toBeTruthy();
      expect(screen.queryByRole('button', { name: SCREEN_RECORDING_TEXTS.save })).toBeNull();
    });

    it('saves the days with sim_admin update; empty keeps the recordings; out of range is refused', async () => {
      let saved: unknown = null;
      const { calls } = setup('admin', ['sim_admin:view', 'sim_admin:update'], {
        [RETENTION]: (init) => {
          if (init?.method === 'POST') {
            saved = JSON.parse(String(init.body));
            return retention(
              (saved as { retention_days: number | null }).retention_days,
              'Screen recording retention saved',
            )();
          }
          return retention(null)();
        },
      });
      const ue = userEvent.setup();
      renderApp('/settings');
      await screen.findByRole('heading', { name: SCREEN_RECORDING_TEXTS.retentionTitle });
      const label = new RegExp(`^${SCREEN_RECORDING_TEXTS.retentionLabel.replace(/[()]/g, '\\$&')}`);
      const days = await waitFor(() => input(label));
      expect(days.value).toBe('');
      const save = screen.getByRole('button', { name: SCREEN_RECORDING_TEXTS.save });

      await ue.type(days, '0');
      await ue.click(save);
      expect(await screen.findByText(`${SCREEN_RECORDING_TEXTS.retentionLabel}: 1 to 3650`)).toBeTruthy();
      expect(calls.filter((c) => c.path === RETENTION)).toHaveLength(0);

      await ue.clear(days);
      await ue.type(days, '90');
      await ue.click(save);
      expect(await screen.findByText(SCREEN_RECORDING_TEXTS.retentionSaved)).toBeTruthy();
      expect(saved).toEqual({ retention_days: 90 });

      await ue.clear(days);
      await ue.click(save);
      await waitFor(() => expect(saved).toEqual({ retention_days: null }));
    });
  });
});
