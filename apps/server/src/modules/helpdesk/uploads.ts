import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  attachmentStoredType,
  HELPDESK_LIMITS as L,
  HELPDESK_MESSAGES as M,
  type TNewTicketAttachment,
  UPLOAD_MESSAGES,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { BlobExistsError, BlobTooLargeError } from '../../lib/blob-store';
import { AppError, Conflict, Invalid, Unauthorized } from '../../lib/errors';
import { signedFileUrl } from '../../lib/signed-files';
import { signPath } from '../../lib/url-signing';
import { assertCanTicketAction } from '../../policies/helpdesk';
import { keyOfUploadUrl, putPath, uploadKey } from './keys';

/**
 * Attachments of help requests (administration-and-support.md section 7; learner-and-review.md section 4's
 * upload states): a presigned PUT URL per file, signed for the caller; the PUT streams the file into the
 * blob store and stops at the size limit (413); the ticket then names the upload by the URL it was given.
 * Any type may be attached; it is stored with a type a browser may show (pictures, PDF, text) or as
 * application/octet-stream, which is always downloaded, never run.
 */

const tooLarge = () => new AppError('TOO_LARGE', M.attachmentTooLarge);

/** GET /presigned/url: a PUT URL for one new file (signed for the caller) and where it will be read. */
export function presignedUrl(deps: AppDeps, actor: Actor, q: { fileName: string; fileSize?: number }) {
  if (q.fileSize !== undefined && q.fileSize > L.attachmentMaxBytes) throw tooLarge();
  const uploadId = crypto.randomUUID();
  const now = deps.now();
  const key = uploadKey(actor, uploadId, q.fileName);
  return {
    presignedUrl: signPath(
      deps.urlKey,
      putPath(uploadId, q.fileName),
      L.presignedPutTtlSeconds,
      now,
      `${actor.userId}:${actor.companyId}`,
    ),
    downloadUrl: signedFileUrl(deps, key, L.fileUrlTtlSeconds).url,
    attachment_id: uploadId,
    expiresAt: new Date(now.getTime() + L.presignedPutTtlSeconds * 1000).toISOString(),
    maxBytes: L.attachmentMaxBytes,
  };
}

export interface HelpdeskPut {
  uploadId: string;
  fileName: string;
  contentLength: number | undefined;
  body: Readable;
}

/**
 * The PUT of a presigned URL. Its signature (checked by access control) names the user, who must still be
 * allowed to attach files. Write-once: a second PUT of the URL answers 409 and the file stays as it was; a
 * PUT that stored nothing (too large, cut short, empty) may be tried again.
 */
export async function receivePut(deps: AppDeps, actor: Actor | null, put: HelpdeskPut) {
  if (!actor) throw Unauthorized();
  assertCanTicketAction(actor, 'attach');
  if (put.contentLength !== undefined && put.contentLength > L.attachmentMaxBytes) throw tooLarge();
  const key = uploadKey(actor, put.uploadId.toLowerCase(), put.fileName);
  try {
    const { size } = await deps.blobs.putStream(key, put.body, attachmentStoredType(put.fileName), {
      maxBytes: L.attachmentMaxBytes,
      ifAbsent: true,
    });
    if (size === 0) {
      await deps.blobs.delete(key);
      throw Invalid(M.attachmentEmpty);
    }
    return { size };
  } catch (err) {
    if (err instanceof BlobTooLargeError) throw tooLarge();
    if (err instanceof BlobExistsError) throw Conflict(UPLOAD_MESSAGES.linkUsed);
    throw err;
  }
}

export interface StoredUpload {
  key: string;
  fileName: string;
  fileType: string;
  size: number;
}

/** An attachment named on a ticket: an upload of this user that is stored and within the limit. */
export async function storedUpload(deps: AppDeps, actor: Actor, a: TNewTicketAttachment): Promise<StoredUpload> {
  const key = keyOfUploadUrl(a.url, actor);
  if (!key) throw Invalid(M.uploadNotYours, 'url');
  const stat = await deps.blobs.stat(key);
  if (!stat) throw Invalid(M.uploadMissing, 'url');
  if (stat.size > L.attachmentMaxBytes) throw tooLarge();
  return { key, fileName: a.file_name.trim(), fileType: (a.file_type ?? '').trim(), size: stat.size };
}

/** Deletes the files of removed attachments (best effort: an orphaned file is harmless). */
export async function releaseFiles(deps: AppDeps, keys: string[]) {
  for (const key of keys) {
    try {
      await deps.blobs.delete(key);
    } catch {
      /* left behind */
    }
  }
}
