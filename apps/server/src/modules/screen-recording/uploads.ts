import {
  SCREEN_RECORDING_MESSAGES as M,
  SCREEN_RECORDING,
  type TScreenShareChunkFields,
  type TScreenShareChunkResponse,
  ZScreenShareChunkFields,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { BlobExistsError } from '../../lib/blob-store';
import { AppError, Conflict, Invalid, RateLimited } from '../../lib/errors';
import type { UploadedFile } from '../../lib/multipart';
import { assertOwnRecordedAttempt } from '../../policies/screen-recording';
import { partKey } from './keys';
import * as repo from './repository';
import { ensureRetentionRun } from './retention';

/**
 * One part of a screen's recording (save-screen-share-stream). The form is read whole (a part is at most
 * maxChunkBytes), checked (fields 400, type 415, the attempt 404/403/422, a video built or building 409,
 * chunkNumber < totalChunks 400), then the part is written once to the blob store under its own key (the
 * store fsyncs the file and its folder before it answers) and its row committed; only then is it
 * acknowledged, so a crash after the answer loses nothing. A part sent again is not written again: it answers
 * the same {success, received}.
 *
 * Quotas (issue 32; SCREEN_RECORDING), checked before anything is written: a screen of more than
 * maxPartsPerScreen parts 413, an attempt holding maxPartsPerAttempt parts 413, a screen beyond
 * maxScreensPerAttempt 429 (a new screen's row is written first, under a lock of the attempt, so screens
 * started at once are counted exactly). A part already stored is answered as before.
 */

export const CHUNK_FORM = {
  file: {
    field: 'chunkData',
    maxBytes: SCREEN_RECORDING.maxChunkBytes,
    tooLarge: M.partTooLarge,
    missing: M.partMissing,
  },
  fields: Object.keys(ZScreenShareChunkFields.shape) as (keyof typeof ZScreenShareChunkFields.shape)[],
  notMultipart: M.notMultipart,
} as const;

/** The text fields, checked (400 naming the field). */
export function chunkFields(fields: Partial<Record<string, string>>): TScreenShareChunkFields {
  const parsed = ZScreenShareChunkFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? '');
    throw Invalid(field ? `${field}: ${issue.message}` : issue.message, field || undefined);
  }
  return parsed.data;
}

/** "video/webm;codecs=vp9,opus" → "video/webm" */
const baseType = (type: string) => type.split(';')[0].trim().toLowerCase();

export function assertAcceptedType(fileType: string) {
  if (!(SCREEN_RECORDING.acceptedTypes as readonly string[]).includes(baseType(fileType)))
    throw new AppError('UNSUPPORTED_TYPE', M.wrongType);
}

export async function receivePart(
  deps: AppDeps,
  actor: Actor,
  form: { fields: Partial<Record<string, string>>; file: UploadedFile },
): Promise<TScreenShareChunkResponse> {
  const f = chunkFields(form.fields);
  assertAcceptedType(f.fileType);
  if (f.chunkNumber >= f.totalChunks) throw Invalid(M.chunkBeyondTotal, 'chunkNumber');
  if (f.totalChunks > SCREEN_RECORDING.maxPartsPerScreen) throw new AppError('TOO_LARGE', M.screenTooLong);
  const context = await repo.partContext(deps.db, actor.companyId, f.id, f.fileName, f.chunkNumber);
  const { attempt, closed, stored } = context;
  assertOwnRecordedAttempt(actor, attempt);
  // a video built or being built holds the parts (a failed build may be sent again)
  if (closed) throw Conflict(M.videoExists);
  if (!stored) await withinQuota(deps, context, attempt, f);

  const key = partKey(actor.companyId, attempt.id, f.fileName, f.chunkNumber);
  let size = form.file.bytes.length;
  let wrote = false;
  if (!stored) {
    try {
      // untyped: a raw part is read only by the build (the screen's type is kept on its row); no sidecar to write
      // (the form's reader held it to maxChunkBytes)
      await deps.blobs.put(key, form.file.bytes, 'application/octet-stream', { ifAbsent: true });
      wrote = true;
    } catch (err) {
      if (!(err instanceof BlobExistsError)) throw err;
      // written before (a send whose answer was lost, or one running now): the stored bytes are kept
      size = (await deps.blobs.stat(key))?.size ?? size;
    }
  }
  try {
    // one statement: it holds the attempt's row while it writes (see repository.recordPart)
    const recorded = await repo.recordPart(deps.db, {
      companyId: actor.companyId,
      attemptId: attempt.id,
      fileName: f.fileName,
      chunkNumber: f.chunkNumber,
      totalChunks: f.totalChunks,
      fileType: baseType(f.fileType),
      originalName: f.originalname ?? null,
      size,
      blobKey: key,
    });
    if (!recorded) throw Conflict(M.videoExists);
    if (recorded.newFile) await ensureRetentionRun(deps, actor.companyId);
    return { success: true, received: recorded.received, chunkNumber: f.chunkNumber };
  } catch (err) {
    // refused after the write (the build started meanwhile): leave nothing behind
    if (wrote) await deps.blobs.delete(key).catch(() => {});
    throw err;
  }
}

/**
 * The attempt's quotas for a part not stored yet: its parts in all (413), then its screens (429; a new
 * screen gets its row here, counted under the attempt's lock, and the company's retention run is queued as
 * for a first part).
 */
async function withinQuota(
  deps: AppDeps,
  context: repo.PartContext,
  attempt: repo.RecordedAttempt,
  f: TScreenShareChunkFields,
) {
  if (context.parts >= SCREEN_RECORDING.maxPartsPerAttempt) throw new AppError('TOO_LARGE', M.attemptTooLarge);
  if (context.screenKnown) return;
  if (context.screens >= SCREEN_RECORDING.maxScreensPerAttempt) throw RateLimited(M.tooManyScreens);
  const reserved = await repo.reserveScreen(
    deps.db,
    {
      attemptId: attempt.id,
      companyId: attempt.companyId,
      fileName: f.fileName,
      totalChunks: f.totalChunks,
      fileType: baseType(f.fileType),
      originalName: f.originalname ?? null,
    },
    SCREEN_RECORDING.maxScreensPerAttempt,
  );
  if (reserved === 'full') throw RateLimited(M.tooManyScreens);
  if (reserved === 'new') await ensureRetentionRun(deps, attempt.companyId);
}
