import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  attachmentStoredType,
  HELPDESK_LIMITS as L,
  HELPDESK_MESSAGES as M,
  HELPDESK_UPLOAD_QUOTA as Q,
  type TNewTicketAttachment,
  UPLOAD_MESSAGES,
} from '@sim/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { BlobExistsError, BlobTooLargeError } from '../../lib/blob-store';
import { AppError, Conflict, Invalid, RateLimited, Unauthorized } from '../../lib/errors';
import { signedFileUrl } from '../../lib/signed-files';
import { signPath } from '../../lib/url-signing';
import { assertCanTicketAction } from '../../policies/helpdesk';
import { keyOfUploadUrl, putPath, uploadKey } from './keys';
import * as repo from './repository';

/**
 * Attachments of help requests (administration-and-support.md section 7; learner-and-review.md section 4's
 * upload states): a presigned PUT URL per file, signed for the caller; the PUT streams the file into the
 * blob store and stops at the size limit (413); the ticket then names the upload by the URL it was given.
 * Any type may be attached; it is stored with a type a browser may show (pictures, PDF, text) or as
 * application/octet-stream, which is always downloaded, never run.
 *
 * Unattached uploads (issue 32): each PUT first writes the upload's row (helpdesk_uploads), counted against
 * the user's quota (HELPDESK_UPLOAD_QUOTA.maxUnattached, 429; a presigned URL asked for at the quota is
 * refused too, before any file is sent); the transaction that attaches the upload removes the row; a row
 * left longer than graceHours is swept with its file (sweepUnattachedUploads, run by the job plugin).
 */

const tooLarge = () => new AppError('TOO_LARGE', M.attachmentTooLarge);

const tooManyUploads = () => RateLimited(M.tooManyUploads);

/** GET /presigned/url: a PUT URL for one new file (signed for the caller) and where it will be read. */
export async function presignedUrl(deps: AppDeps, actor: Actor, q: { fileName: string; fileSize?: number }) {
  if (q.fileSize !== undefined && q.fileSize > L.attachmentMaxBytes) throw tooLarge();
  if ((await repo.countUnattached(deps.db, actor.userId)) >= Q.maxUnattached) throw tooManyUploads();
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
  const upload = { blobKey: key, companyId: actor.companyId, userId: actor.userId };
  const reserved = await repo.reserveUpload(deps.db, upload, Q.maxUnattached);
  if (reserved === 'full') throw tooManyUploads();
  let size: number;
  try {
    ({ size } = await deps.blobs.putStream(key, put.body, attachmentStoredType(put.fileName), {
      maxBytes: L.attachmentMaxBytes,
      ifAbsent: true,
    }));
    if (size === 0) {
      await deps.blobs.delete(key);
      throw Invalid(M.attachmentEmpty);
    }
  } catch (err) {
    // nothing stored by this PUT: its row goes (a row of the URL's other PUT, running or stored, stays)
    if (reserved === 'new') await repo.dropUpload(deps.db, key).catch(() => {});
    if (err instanceof BlobTooLargeError) throw tooLarge();
    if (err instanceof BlobExistsError) throw Conflict(UPLOAD_MESSAGES.linkUsed);
    throw err;
  }
  // stored: should this fail, the row written before stays, and the sweep finds the file
  await repo.setUploadSize(deps.db, upload, size);
  return { size };
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

/**
 * In the transaction attaching uploads: their unattached rows go. An upload whose row was not there (stored
 * before rows were kept, attached already, or swept meanwhile: the sweep holding the row deleted the file
 * before this could remove it) must still be stored: 400 otherwise.
 */
export async function claimUploads(deps: AppDeps, tx: DbOrTx, keys: string[]) {
  const claimed = await repo.claimUploads(tx, keys);
  for (const key of keys) {
    if (!claimed.has(key) && !(await deps.blobs.stat(key))) throw Invalid(M.uploadMissing, 'url');
  }
}

const SWEEP_BATCH = 100;

/**
 * Deletes the uploads no ticket took within the grace period (HELPDESK_UPLOAD_QUOTA.graceHours): the file,
 * then the row (only the row when a ticket names the file all the same), a batch at a time, rows locked
 * SKIP LOCKED so instances sweeping at once share the work. Answers the uploads removed.
 */
export async function sweepUnattachedUploads(deps: AppDeps, now: Date = deps.now()): Promise<number> {
  const before = new Date(now.getTime() - Q.graceHours * 3600 * 1000);
  let swept = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const rows = await repo.staleUploads(tx, before, SWEEP_BATCH);
      for (const row of rows) {
        if (!row.attached) await deps.blobs.delete(row.blobKey);
        await repo.dropUpload(tx, row.blobKey);
      }
      return rows.length;
    });
    swept += done;
    if (done < SWEEP_BATCH) return swept;
  }
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
