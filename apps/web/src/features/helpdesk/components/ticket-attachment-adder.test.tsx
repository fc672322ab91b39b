import { HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T } from '@sim/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { controlledUpload, fileOf, mockApi, renderHelpdesk, rowId, signInAs } from '../testing/harness';
import { TicketAttachmentAdder } from './ticket-attachment-adder';

describe('adding files to an open ticket', () => {
  it('shows each upload until it is added, then says so; a refusal says why', async () => {
    mockApi(signInAs(['tickets:view', 'ticket_attachments:create']), () => undefined);
    const uploads = controlledUpload();
    renderHelpdesk(<TicketAttachmentAdder ticketId={rowId(700)} upload={uploads.upload} />);
    await userEvent.upload(await screen.findByLabelText(T.fileInput), [fileOf('a.png', 20), fileOf('b.png', 20)]);
    expect(screen.getByText('a.png (20 B)')).toBeTruthy();
    await act(async () => uploads.calls[0].resolve({ url: '/api/v1/files/a.png', file_name: 'a.png' }));
    expect(await screen.findByText(M.attachmentUploaded)).toBeTruthy();
    expect(screen.queryByText('a.png (20 B)')).toBeNull();
    await act(async () => uploads.calls[1].reject(new ApiError(422, 'RULE_BROKEN', M.tooManyAttachments)));
    expect(await screen.findByText(`${M.attachmentFailed} ${M.tooManyAttachments}`)).toBeTruthy();
    expect(screen.getByText(`${T.uploadError}: ${M.tooManyAttachments}`)).toBeTruthy();
  });
});
