/**
 * Files of a sim kept in the blob store (authoring.md sections 3, 5, 7, 8): attachments, tutorial video,
 * learning package, demo video, the author's recorded clips. The database keeps the key and metadata;
 * answers carry signed, expiring urls.
 */
import { z } from 'zod';
import { PRESIGNED_UPLOAD_TYPES, SIM_MEDIA_FIELDS, SIM_VIDEO_FIELDS, UPLOAD_LIMITS } from '../uploads';
import { ZSimDocument, ZSimVideo } from './sims';
import { ZRowId } from './users';

export const ZStoredFile = z.object({
  key: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
});
export type TStoredFile = z.infer<typeof ZStoredFile>;

const ZFileName = z.string().trim().min(1, 'Please give the file name.').max(UPLOAD_LIMITS.fileNameMax);
/** the downloadUrl or presignedUrl answered by get-presigned-url (relative or absolute) */
const ZUploadUrl = z.string().trim().min(1).max(4000);

// POST /api/v1/sims/get-presigned-url
export const ZPresignedUrlRequest = z.object({
  type: z.enum(PRESIGNED_UPLOAD_TYPES),
  fileName: ZFileName,
  sim_id: ZRowId,
});
export type TPresignedUrlRequest = z.infer<typeof ZPresignedUrlRequest>;
export const ZPresignedUrlResponse = z.object({
  success: z.literal(true),
  /** PUT the raw file here (same origin, signed, expiring; no bearer token) */
  presignedUrl: z.string(),
  /** a signed GET URL of the stored file */
  downloadUrl: z.string(),
  key: z.string(),
  /** when presignedUrl stops accepting the PUT (ISO time) */
  expiresAt: z.string(),
  /** the largest file the PUT accepts, in bytes */
  maxBytes: z.number().int(),
});
export type TPresignedUrlResponse = z.infer<typeof ZPresignedUrlResponse>;
/** An upload id of a stored file's key: a uuid the server made. */
const UPLOAD_ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUploadId = (value: string) => UPLOAD_ID_RE.test(value);

// PUT /api/v1/sims/presigned-upload/:type/:simId/:uploadId/:fileName (the raw file as the body)
export const ZPresignedPutParams = z.object({
  type: z.enum(PRESIGNED_UPLOAD_TYPES),
  simId: ZRowId,
  uploadId: z.string().refine(isUploadId, 'This id is not valid.'),
  fileName: z.string().min(1).max(255),
});
/** The answer of the signed PUT. */
export const ZPresignedPutResponse = z.object({ success: z.literal(true), key: z.string(), size: z.number().int() });

// POST /api/v1/sims/add-attachment
export const ZAddAttachmentRequest = z.object({
  id: ZRowId,
  url: ZUploadUrl,
  fileName: ZFileName,
  mimeType: z.string().trim().max(255).optional().default(''),
});
export type TAddAttachmentRequest = z.input<typeof ZAddAttachmentRequest>;
export const ZDocumentsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  documents: z.array(ZSimDocument),
});
export type TDocumentsResponse = z.infer<typeof ZDocumentsResponse>;

// POST /api/v1/sims/add-tutorial-video/:id
export const ZSimIdParams = z.object({ id: ZRowId });
export const ZAddTutorialVideoRequest = z.object({ url: ZUploadUrl, fileName: ZFileName });
export type TAddTutorialVideoRequest = z.infer<typeof ZAddTutorialVideoRequest>;
export const ZTutorialVideoResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  tutorial_video: ZSimVideo,
});
export type TTutorialVideoResponse = z.infer<typeof ZTutorialVideoResponse>;

// PATCH /api/v1/sims/remove-document
export const ZRemoveDocumentRequest = z.object({ simId: ZRowId, documentId: z.string().trim().min(1).max(64) });
export type TRemoveDocumentRequest = z.infer<typeof ZRemoveDocumentRequest>;

// POST /api/v1/sims/remove-media
export const ZRemoveMediaRequest = z.object({ sim_id: ZRowId, field_type: z.enum(SIM_MEDIA_FIELDS) });
export type TRemoveMediaRequest = z.infer<typeof ZRemoveMediaRequest>;

// POST /api/v1/sims/add-captivate/:id (multipart, file field `folder`)
export const ZCaptivateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  captivate_folder_name: z.string(),
  /** opens the package's start page (signed, expiring; relative links work under it) */
  captivate_url: z.string(),
});
export type TCaptivateResponse = z.infer<typeof ZCaptivateResponse>;

// POST /api/v1/sims/add-captivate-video/:id (multipart, file field `video_blob`)
export const ZDemoVideoResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  captivate_demo_video: ZSimVideo,
});
export type TDemoVideoResponse = z.infer<typeof ZDemoVideoResponse>;

// POST /api/v1/sims/upload-video (multipart: sim_id, field_type, file `video`)
export const ZUploadVideoFields = z.object({ sim_id: ZRowId, field_type: z.enum(SIM_VIDEO_FIELDS) });
export const ZUploadVideoResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  tutorial_video: ZSimVideo.optional(),
  captivate_demo_video: ZSimVideo.optional(),
});
export type TUploadVideoResponse = z.infer<typeof ZUploadVideoResponse>;

// POST /api/v1/sims/upload-audio (multipart: sim_id, sim_script_id, file `audio_blob`)
export const ZUploadAudioFields = z.object({ sim_id: ZRowId, sim_script_id: ZRowId });
export const ZUploadAudioResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  sim_script_id: z.string(),
  agent_recorded_url: z.string(),
  agent_recorded_audio: z.literal(true),
});
export type TUploadAudioResponse = z.infer<typeof ZUploadAudioResponse>;

// GET /api/v1/sims/captivate-package/:token/:simId/:uploadId/* (a file of the unpacked learning package)
export const ZPackageFileParams = z.object({
  token: z.string().min(1).max(200),
  simId: z.string().refine(isUploadId),
  uploadId: z.string().refine(isUploadId),
  '*': z.string().min(1).max(1024),
});
