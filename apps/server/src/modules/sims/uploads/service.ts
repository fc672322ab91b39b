import type { Readable } from 'node:stream';
import {
  attachmentMimeType,
  fileExtension,
  type PresignedUploadType,
  type TAddAttachmentRequest,
  type TAddTutorialVideoRequest,
  type TPresignedUrlRequest,
  type TRemoveDocumentRequest,
  type TRemoveMediaRequest,
  type TSimDocument,
  type TStoredFile,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  VIDEO_TYPES,
} from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { BlobExistsError, BlobTooLargeError } from '../../../lib/blob-store';
import { AppError, Conflict, Invalid, NotFound, Unauthorized } from '../../../lib/errors';
import { signPath } from '../../../lib/url-signing';
import { assertCanSim } from '../../../policies/sim';
import { activeSimOf, editSim, findActiveSim } from '../shared/access';
import { fileUrl, releaseBlob, releasePackage, toDocument, toVideo } from './files';
import { fileKey, keyOfUploadUrl, newUploadId, presignedFolder, presignedPath, SIM_FOLDERS } from './keys';
import { updateSimFiles } from './repository';

const M = UPLOAD_MESSAGES;
const L = UPLOAD_LIMITS;

const maxBytesOf = (type: PresignedUploadType) =>
  type === 'attachment' ? L.attachmentMaxBytes : L.tutorialVideoMaxBytes;
const tooLargeOf = (type: PresignedUploadType) => (type === 'attachment' ? M.attachmentTooLarge : M.tutorialTooLarge);

function assertNameFits(type: PresignedUploadType, fileName: string) {
  if (type === 'attachment' && !attachmentMimeType(fileName)) throw new AppError('UNSUPPORTED_TYPE', M.attachmentType);
  if (type === 'tutorial' && !Object.hasOwn(VIDEO_TYPES, fileExtension(fileName)))
    throw new AppError('UNSUPPORTED_TYPE', M.videoType);
}

/**
 * POST /get-presigned-url: a signed PUT URL for one new file of the sim (signed for the caller, so the PUT
 * needs no token) and a signed GET URL of where it will be.
 */
export async function presignedUrl(deps: AppDeps, actor: Actor, body: TPresignedUrlRequest) {
  const sim = await activeSimOf(deps.db, actor, body.sim_id);
  assertNameFits(body.type, body.fileName);
  if (body.type === 'attachment' && sim.documents.length >= L.maxAttachments) throw Invalid(M.maxAttachments);
  const uploadId = newUploadId();
  const key = fileKey(sim.id, presignedFolder(body.type), uploadId, body.fileName);
  const now = deps.now();
  const put = signPath(
    deps.urlKey,
    presignedPath(body.type, sim.id, uploadId, body.fileName),
    L.presignedPutTtlSeconds,
    now,
    `${actor.userId}:${actor.companyId}`,
  );
  return {
    presignedUrl: put,
    downloadUrl: fileUrl(deps, key),
    key,
    expiresAt: new Date(now.getTime() + L.presignedPutTtlSeconds * 1000).toISOString(),
    maxBytes: maxBytesOf(body.type),
  };
}

/** The stored type of an uploaded file: from its extension for attachments, the video's own type else. */
function storedType(type: PresignedUploadType, fileName: string, declared: string | undefined): string {
  const given = (declared ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'attachment') return attachmentMimeType(fileName) ?? 'application/octet-stream';
  if (/^video\/[a-z0-9.+-]+$/.test(given)) return given;
  if (given && given !== 'application/octet-stream') throw new AppError('UNSUPPORTED_TYPE', M.videoType);
  return VIDEO_TYPES[fileExtension(fileName) as keyof typeof VIDEO_TYPES] ?? 'application/octet-stream';
}

export interface PresignedPut {
  type: PresignedUploadType;
  simId: string;
  uploadId: string;
  fileName: string;
  contentType: string | undefined;
  contentLength: number | undefined;
  body: Readable;
}

/**
 * The PUT of a presigned URL: the URL's signature was checked by access control and names the user; that
 * user must still hold sim_list update and the sim must be theirs and active. The body streams to the
 * blob store and stops at the type's limit (413). The URL is single-use: its key (a fresh upload id per
 * URL) is write-once in the blob store, so once a PUT has stored the file, another PUT of the URL answers
 * 409 and the file stays as it was; a PUT that failed (too large, cut short, empty) stored nothing and
 * may be retried.
 */
export async function receivePresignedPut(deps: AppDeps, actor: Actor | null, put: PresignedPut) {
  if (!actor) throw Unauthorized();
  const sim = await findActiveSim(deps.db, actor, put.simId);
  assertCanSim(actor, 'update', sim);
  assertNameFits(put.type, put.fileName);
  const maxBytes = maxBytesOf(put.type);
  if (put.contentLength !== undefined && put.contentLength > maxBytes)
    throw new AppError('TOO_LARGE', tooLargeOf(put.type));
  const key = fileKey(sim.id, presignedFolder(put.type), put.uploadId, put.fileName);
  const contentType = storedType(put.type, put.fileName, put.contentType);
  try {
    const { size } = await deps.blobs.putStream(key, put.body, contentType, { maxBytes, ifAbsent: true });
    if (size === 0) {
      await deps.blobs.delete(key);
      throw Invalid(M.fileEmpty);
    }
    return { key, size };
  } catch (err) {
    if (err instanceof BlobTooLargeError) throw new AppError('TOO_LARGE', tooLargeOf(put.type));
    if (err instanceof BlobExistsError) throw Conflict(M.linkUsed);
    throw err;
  }
}

/** POST /add-attachment: attaches a file uploaded through a presigned URL (at most 5). */
export async function addAttachment(deps: AppDeps, actor: Actor, body: TAddAttachmentRequest) {
  const documents = await editSim(deps, actor, body.id, async (tx, sim) => {
    const key = keyOfUploadUrl(body.url, sim.id, SIM_FOLDERS.attachment);
    if (!key) throw Invalid(M.uploadUrlInvalid, 'url');
    if (sim.documents.some((d) => d.url === key)) return sim.documents; // sent twice: attached once
    if (sim.documents.length >= L.maxAttachments) throw Invalid(M.maxAttachments);
    const stored = await deps.blobs.stat(key);
    if (!stored) throw Invalid(M.uploadMissing, 'url');
    const doc: TSimDocument = {
      id: key.split('/')[3],
      url: key,
      fileName: body.fileName.trim(),
      mimeType: stored.contentType,
    };
    const list = [...sim.documents, doc];
    await updateSimFiles(tx, sim.id, { documents: list });
    return list;
  });
  return { message: M.attachmentUploaded, documents: documents.map((d) => toDocument(deps, d)) };
}

/** A video uploaded before (presigned or multipart) as the sim keeps it. */
async function storedVideo(deps: AppDeps, key: string, fileName: string, maxBytes: number, tooLarge: string) {
  const stored = await deps.blobs.stat(key);
  if (!stored) throw Invalid(M.uploadMissing, 'url');
  if (stored.size > maxBytes) throw new AppError('TOO_LARGE', tooLarge);
  const file: TStoredFile = { key, fileName: fileName.trim(), mimeType: stored.contentType, size: stored.size };
  return file;
}

/** POST /add-tutorial-video/:id: the sim's tutorial video, uploaded through a presigned URL. */
export async function addTutorialVideo(deps: AppDeps, actor: Actor, simId: string, body: TAddTutorialVideoRequest) {
  const { file, old } = await editSim(deps, actor, simId, async (tx, sim) => {
    const key = keyOfUploadUrl(body.url, sim.id, SIM_FOLDERS.tutorial);
    if (!key) throw Invalid(M.uploadUrlInvalid, 'url');
    const video = await storedVideo(deps, key, body.fileName, L.tutorialVideoMaxBytes, M.tutorialTooLarge);
    await updateSimFiles(tx, sim.id, { tutorialVideo: video });
    return { file: video, old: sim.tutorialVideo };
  });
  if (old && old.key !== file.key) await releaseBlob(deps, old.key);
  return { message: M.tutorialUploaded, tutorial_video: toVideo(deps, file)! };
}

/** Keeps a video uploaded by multipart on the sim (tutorial or demo video); releases the one replaced. */
export async function setVideo(
  deps: AppDeps,
  actor: Actor,
  simId: string,
  field: 'tutorialVideo' | 'captivateDemoVideo',
  file: TStoredFile,
) {
  const old = await editSim(deps, actor, simId, async (tx, sim) => {
    await updateSimFiles(tx, sim.id, { [field]: file });
    return sim[field];
  });
  if (old && old.key !== file.key) await releaseBlob(deps, old.key);
  return toVideo(deps, file)!;
}

/** PATCH /remove-document. */
export async function removeDocument(deps: AppDeps, actor: Actor, body: TRemoveDocumentRequest) {
  const { documents, removed } = await editSim(deps, actor, body.simId, async (tx, sim) => {
    const doc = sim.documents.find((d) => d.id === body.documentId);
    if (!doc) throw NotFound(M.unknownDocument);
    const list = sim.documents.filter((d) => d !== doc);
    await updateSimFiles(tx, sim.id, { documents: list });
    return { documents: list, removed: doc };
  });
  await releaseBlob(deps, removed.url);
  return { message: M.documentRemoved, documents: documents.map((d) => toDocument(deps, d)) };
}

/** POST /remove-media: clears the tutorial video, the learning package or the demo video. */
export async function removeMedia(deps: AppDeps, actor: Actor, body: TRemoveMediaRequest) {
  const old = await editSim(deps, actor, body.sim_id, async (tx, sim) => {
    if (body.field_type === 'tutorial_video') {
      await updateSimFiles(tx, sim.id, { tutorialVideo: null });
      return { key: sim.tutorialVideo?.key, entry: null };
    }
    if (body.field_type === 'captivate_demo_video') {
      await updateSimFiles(tx, sim.id, { captivateDemoVideo: null });
      return { key: sim.captivateDemoVideo?.key, entry: null };
    }
    await updateSimFiles(tx, sim.id, { captivateFolderName: null, captivateEntry: null });
    return { key: null, entry: sim.captivateEntry };
  });
  await releaseBlob(deps, old.key);
  await releasePackage(deps, old.entry);
  return { message: M.mediaRemoved };
}
