import { defineRoute } from '../contract/define';
import { ZMessageResponse } from '../schemas/common';
import {
  ZAddAttachmentRequest,
  ZAddTutorialVideoRequest,
  ZCaptivateResponse,
  ZDemoVideoResponse,
  ZDocumentsResponse,
  ZPackageFileParams,
  ZPresignedPutParams,
  ZPresignedPutResponse,
  ZPresignedUrlRequest,
  ZPresignedUrlResponse,
  ZRemoveDocumentRequest,
  ZRemoveMediaRequest,
  ZSimIdParams,
  ZTutorialVideoResponse,
  ZUploadAudioResponse,
  ZUploadVideoResponse,
} from '../schemas/uploads';
import { requires } from './access';

const UPDATE = requires('sim_list', 'update');
const tags = ['sim uploads'];

/**
 * The authoring area: uploads of a sim (attachments, tutorial, learning package, videos, audio). The
 * services check the sim on top: of the caller's company (404 otherwise) and not in the trash.
 */
export const simUploadsApi = {
  presignedUrl: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/get-presigned-url',
    access: UPDATE,
    tags,
    summary: 'A presigned PUT URL for an attachment (max 5) or the tutorial video, and its signed GET URL',
    body: ZPresignedUrlRequest,
    response: ZPresignedUrlResponse,
  }),
  /**
   * The PUT of a presigned URL: the URL is signed for the user who asked for it (no bearer token); the
   * route checks that user still holds sim_list update and the sim is theirs and active. The body is the
   * raw file (any content type), streamed: no body schema.
   */
  presignedPut: defineRoute({
    method: 'PUT',
    url: '/api/v1/sims/presigned-upload/:type/:simId/:uploadId/:fileName',
    access: 'signedUrl',
    tags,
    summary: 'Upload the raw file to a presigned URL (signed and expiring; no bearer token)',
    params: ZPresignedPutParams,
    response: ZPresignedPutResponse,
  }),
  addAttachment: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/add-attachment',
    access: UPDATE,
    tags,
    summary: "Attach a file uploaded to a presigned URL to the sim's documents (at most 5)",
    body: ZAddAttachmentRequest,
    response: ZDocumentsResponse,
  }),
  addTutorialVideo: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/add-tutorial-video/:id',
    access: UPDATE,
    tags,
    summary: "Keep a video uploaded to a presigned URL as the sim's tutorial video (at most 1 GiB)",
    params: ZSimIdParams,
    body: ZAddTutorialVideoRequest,
    response: ZTutorialVideoResponse,
  }),
  removeDocument: defineRoute({
    method: 'PATCH',
    url: '/api/v1/sims/remove-document',
    access: UPDATE,
    tags,
    summary: 'Remove an attachment from the sim',
    body: ZRemoveDocumentRequest,
    response: ZDocumentsResponse,
  }),
  removeMedia: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/remove-media',
    access: UPDATE,
    tags,
    summary: 'Remove the tutorial video, the learning package or the demo video of the sim',
    body: ZRemoveMediaRequest,
    response: ZMessageResponse,
  }),
  addPackage: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/add-captivate/:id',
    access: UPDATE,
    tags,
    summary: 'Upload the learning package (multipart field folder: .zip, .rar or .7z with an .html start page)',
    params: ZSimIdParams,
    body: 'multipart',
    response: ZCaptivateResponse,
  }),
  addDemoVideo: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/add-captivate-video/:id',
    access: UPDATE,
    tags,
    summary: 'Upload the demo video (multipart field video_blob, at most 100 MB)',
    params: ZSimIdParams,
    body: 'multipart',
    response: ZDemoVideoResponse,
  }),
  uploadVideo: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/upload-video',
    access: UPDATE,
    tags,
    summary: 'Upload the tutorial or demo video directly (multipart: sim_id, field_type, file video)',
    body: 'multipart',
    response: ZUploadVideoResponse,
  }),
  uploadAudio: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/upload-audio',
    access: UPDATE,
    tags,
    summary: "Upload the author's recording of an agent script (multipart: sim_id, sim_script_id, audio_blob)",
    body: 'multipart',
    response: ZUploadAudioResponse,
  }),
  /**
   * The unpacked learning package, opened in a browser: the signature and expiry are in the path (so the
   * package's relative links keep them) and are checked by the route; no bearer token.
   */
  packageFile: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/captivate-package/:token/:simId/:uploadId/*',
    access: 'public',
    tags,
    summary: 'A file of the unpacked learning package (signed, expiring path; runs sandboxed)',
    params: ZPackageFileParams,
    response: 'file',
  }),
};
