import { helpdeskApi, type TNewTicketAttachment } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';
import { type OnProgress, sendWithProgress } from '../../../lib/upload-with-progress';

/**
 * One attachment of a help request: a presigned URL (GET /presigned/url), then the raw file PUT to it with
 * its progress; success needs HTTP 200 (learner-and-review.md section 9). Answers the attachment as the
 * ticket names it.
 */
export async function uploadAttachment(file: File, onProgress: OnProgress): Promise<TNewTicketAttachment> {
  const signed = await apiRequest(helpdeskApi.presignedUrl, {
    query: { type: 'helpdesk', fileName: file.name, fileSize: file.size },
  });
  await sendWithProgress<unknown>({
    method: 'PUT',
    url: signed.presignedUrl,
    body: file,
    bearer: false,
    contentType: file.type || 'application/octet-stream',
    okStatus: 200,
    onProgress,
  });
  return { url: signed.downloadUrl, file_name: file.name, file_type: file.type, file_size: file.size };
}
