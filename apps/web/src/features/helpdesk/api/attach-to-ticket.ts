import { helpdeskApi, type TNewTicketAttachment } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';
import type { OnProgress } from '../../../lib/upload-with-progress';
import { uploadAttachment } from './upload-attachment';

/** A file added to an open ticket: uploaded to its presigned URL, then attachments/add. */
export async function attachToTicket(
  ticketId: string,
  file: File,
  onProgress: OnProgress,
): Promise<TNewTicketAttachment> {
  const attachment = await uploadAttachment(file, onProgress);
  await apiRequest(helpdeskApi.addAttachment, { body: { ticket_id: ticketId, attachment } });
  return attachment;
}
