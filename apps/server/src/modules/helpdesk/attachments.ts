import {
  HELPDESK_LIMITS as L,
  HELPDESK_MESSAGES as M,
  type TNewTicketAttachment,
  type TTicketAttachment,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Conflict, NotFound, RuleBroken } from '../../lib/errors';
import { assertCanTicket, assertCanTicketAction } from '../../policies/helpdesk';
import { editTicket } from './edit';
import * as repo from './repository';
import { toAttachment } from './shape';
import { claimUploads, releaseFiles, storedUpload } from './uploads';

/**
 * attachments/add and attachments/delete (administration-and-support.md section 7): a file uploaded to its
 * presigned URL joins an open ticket (at most L.maxAttachments: 422); an upload is attached once — to the
 * same ticket again it answers the attachment, to another ticket 409.
 */
export async function addAttachment(
  deps: AppDeps,
  actor: Actor,
  body: { ticket_id: string; attachment: TNewTicketAttachment },
): Promise<{ message: string; attachment: TTicketAttachment }> {
  assertCanTicketAction(actor, 'attach');
  const upload = await storedUpload(deps, actor, body.attachment);
  const row = await editTicket(deps, actor, body.ticket_id, async (tx, ticket, now) => {
    assertCanTicket(actor, 'attach', ticket);
    if ((await repo.countAttachments(tx, ticket.id)) >= L.maxAttachments) throw RuleBroken(M.tooManyAttachments);
    const stored = await repo.insertAttachment(tx, {
      ticketId: ticket.id,
      blobKey: upload.key,
      fileName: upload.fileName,
      fileType: upload.fileType,
      fileSize: upload.size,
      createdById: actor.userId,
      createdAt: now,
    });
    if (!stored.inserted && stored.row.ticketId !== ticket.id) throw Conflict(M.attachmentElsewhere);
    await claimUploads(deps, tx, [upload.key]);
    if (stored.inserted) await repo.updateTicket(tx, ticket.id, { updatedAt: now });
    return stored.row;
  });
  return { message: M.attachmentUploaded, attachment: toAttachment(deps, row) };
}

/** Removes an attachment (its uploader, or someone who handles tickets); its file goes after the commit. */
export async function deleteAttachment(
  deps: AppDeps,
  actor: Actor,
  body: { ticket_id: string; attachment_id: string },
): Promise<void> {
  assertCanTicketAction(actor, 'detach');
  const key = await editTicket(deps, actor, body.ticket_id, async (tx, ticket, now) => {
    assertCanTicket(actor, 'view', ticket);
    const attachment = await repo.findAttachment(tx, ticket.id, body.attachment_id);
    if (!attachment) throw NotFound(M.unknownAttachment);
    assertCanTicket(actor, 'detach', ticket, { uploadedById: attachment.createdById });
    await repo.deleteAttachment(tx, attachment.id);
    await repo.updateTicket(tx, ticket.id, { updatedAt: now });
    return attachment.blobKey;
  });
  await releaseFiles(deps, [key]);
}
