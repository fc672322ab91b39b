import { HELPDESK_LIMITS, HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T } from '@sim/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { helpContextOf } from '../lib/help-context';
import {
  controlledUpload,
  fileOf,
  mockApi,
  ok,
  refusal,
  renderHelpdesk,
  rowId,
  signInAs,
  ticketOf,
} from '../testing/harness';
import { HelpRequestDialog } from './help-request-dialog';
import { RequestHelpButton } from './request-help-button';

const TAKE_SIM = `/sims/takesim?levelId=${rowId(101)}&assignment_id=${rowId(103)}&sim_id=${rowId(100)}&user_id=x`;

function setup(answer = () => ok({ message: M.created, ticket: ticketOf(1) })) {
  const session = signInAs(['tickets:create', 'tickets:view', 'ticket_attachments:create']);
  const calls = mockApi(session, (call) => (call.path === '/api/v1/help-desk/tickets/add' ? answer() : undefined));
  const uploads = controlledUpload();
  const [pathname, search] = TAKE_SIM.split('?');
  let closed = 0;
  renderHelpdesk(
    <HelpRequestDialog
      open
      context={helpContextOf(pathname, `?${search}`)}
      onClose={() => closed++}
      upload={uploads.upload}
    />,
    TAKE_SIM,
  );
  return { calls, uploads, closed: () => closed };
}

const dialog = () => screen.findByRole('dialog', { name: T.dialogTitle });

describe('the help-request dialog', () => {
  it('needs a message of at least 4 rows before SEND', async () => {
    setup();
    const d = await dialog();
    const message = within(d).getByRole('textbox', { name: T.messageLabel });
    // a multi-line field (minRows 4: the height is laid out by the browser, not by jsdom)
    expect(message.tagName).toBe('TEXTAREA');
    const send = within(d).getByRole('button', { name: T.send });
    expect(send).toHaveProperty('disabled', true);
    await userEvent.type(message, '   ');
    expect(send).toHaveProperty('disabled', true);
    await userEvent.type(message, 'I am stuck');
    expect(send).toHaveProperty('disabled', false);
  });

  it('uploads several files, each with its progress and state, removable one by one; sizes from B', async () => {
    const { uploads } = setup();
    const d = await dialog();
    await userEvent.upload(within(d).getByLabelText(T.fileInput), [
      fileOf('shot.png', 1536),
      fileOf('log.txt', 10, 'text/plain'),
      fileOf('tiny.txt', 3, 'text/plain'),
    ]);
    const list = within(d).getByRole('list', { name: T.attachments });
    expect(within(list).getByText('shot.png (1.5 KB)')).toBeTruthy();
    expect(within(list).getByText('log.txt (10 B)')).toBeTruthy();
    expect(uploads.calls).toHaveLength(3);
    act(() => uploads.calls[0].progress(42));
    expect(within(list).getByText(T.uploading(42))).toBeTruthy();
    // sending waits for the uploads
    await userEvent.type(within(d).getByRole('textbox', { name: T.messageLabel }), 'See the files');
    expect(within(d).getByRole('button', { name: T.send })).toHaveProperty('disabled', true);
    act(() => uploads.calls[0].progress(100));
    expect(within(list).getByText(T.uploading(99))).toBeTruthy(); // held until the server answers
    await act(async () =>
      uploads.calls[0].resolve({ url: '/api/v1/files/a.png', file_name: 'shot.png', file_type: 'image/png' }),
    );
    expect(within(list).getByText(T.uploaded)).toBeTruthy();
    expect(await screen.findByText(M.attachmentUploaded)).toBeTruthy();
    await act(async () => uploads.calls[1].reject(new ApiError(415, 'UNSUPPORTED_TYPE', 'Not this type.')));
    expect(within(list).getByText(`${T.uploadError}: Not this type.`)).toBeTruthy();
    expect(await screen.findByText(`${M.attachmentFailed} Not this type.`)).toBeTruthy();
    // removed while uploading: its answer is ignored
    await userEvent.click(within(list).getByRole('button', { name: T.removeAttachment('tiny.txt') }));
    await act(async () => uploads.calls[2].resolve({ url: '/api/v1/files/t.txt', file_name: 'tiny.txt' }));
    expect(within(list).queryByText(/tiny\.txt/)).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: T.removeAttachment('log.txt') }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('refuses a file over the server’s size before any request', async () => {
    const { uploads } = setup();
    const d = await dialog();
    await userEvent.upload(
      within(d).getByLabelText(T.fileInput),
      fileOf('movie.png', HELPDESK_LIMITS.attachmentMaxBytes + 1),
    );
    expect(uploads.calls).toHaveLength(0);
    expect(within(d).getByText(`${T.uploadError}: ${M.attachmentTooLarge}`)).toBeTruthy();
  });

  it('sends the message, the page, the level context and the uploaded attachments; then says so', async () => {
    const { calls, uploads, closed } = setup();
    const d = await dialog();
    await userEvent.upload(within(d).getByLabelText(T.fileInput), fileOf('shot.png', 100));
    await act(async () =>
      uploads.calls[0].resolve({ url: '/api/v1/files/a.png', file_name: 'shot.png', file_type: 'image/png' }),
    );
    await userEvent.type(within(d).getByRole('textbox', { name: T.messageLabel }), '  Which keyword?  ');
    await userEvent.click(within(d).getByRole('button', { name: T.send }));
    expect(await screen.findByText(M.created)).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/v1/help-desk/tickets/add');
    expect(sent?.body).toEqual({
      message: 'Which keyword?',
      page: TAKE_SIM,
      sim_id: rowId(100),
      level_id: rowId(101),
      assignment_id: rowId(103),
      script: -1,
      attachments: [{ url: '/api/v1/files/a.png', file_name: 'shot.png', file_type: 'image/png' }],
    });
    expect(closed()).toBe(1);
  });

  it('says the ticket was NOT created when the server refuses', async () => {
    const { closed } = setup(() => refusal(422, M.tooManyAttachments));
    const d = await dialog();
    await userEvent.type(within(d).getByRole('textbox', { name: T.messageLabel }), 'Help');
    await userEvent.click(within(d).getByRole('button', { name: T.send }));
    expect(await screen.findByText(`${M.notCreated} ${M.tooManyAttachments}`)).toBeTruthy();
    expect(closed()).toBe(0);
  });
});

describe('the request-help button', () => {
  it('shows with tickets create and opens the dialog with the page path', async () => {
    const session = signInAs(['tickets:create']);
    mockApi(session, () => undefined);
    renderHelpdesk(<RequestHelpButton />, '/dashboard?tab=MY_ASSIGNMENT');
    await userEvent.click(await screen.findByRole('button', { name: T.requestHelp }));
    const d = await dialog();
    expect(within(d).getByTestId('help-context').textContent).toBe(`${T.context}: Dashboard`);
  });

  it('is not shown without tickets create', async () => {
    const session = signInAs(['tickets:view']);
    mockApi(session, () => undefined);
    const { queryClient } = renderHelpdesk(<RequestHelpButton />, '/dashboard');
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .every((q) => q.state.status !== 'pending'),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: T.requestHelp })).toBeNull();
  });
});
