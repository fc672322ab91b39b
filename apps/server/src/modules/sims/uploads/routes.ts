import type { Readable } from 'node:stream';
import {
  MESSAGES,
  PRESIGNED_UPLOAD_TYPES,
  UPLOAD_MESSAGES,
  ZAddAttachmentRequest,
  ZAddTutorialVideoRequest,
  ZCaptivateResponse,
  ZDemoVideoResponse,
  ZDocumentsResponse,
  ZPresignedPutResponse,
  ZPresignedUrlRequest,
  ZPresignedUrlResponse,
  ZRemoveDocumentRequest,
  ZRemoveMediaRequest,
  ZRemoveMediaResponse,
  ZRowId,
  ZSimIdParams,
  ZTutorialVideoResponse,
  ZUploadAudioResponse,
  ZUploadVideoResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, NotFound, Unauthorized } from '../../../lib/errors';
import { actorOf } from '../../../plugins/access';
import { sendBlob } from '../../files/routes';
import { isUuid } from './keys';
import { addDemoVideo, addPackage, uploadAudio, uploadVideo } from './media-service';
import { checkPackageToken, PACKAGE_HEADERS, packageContentType, packageFileKey } from './package';
import * as service from './service';

const ZUploadId = z.string().refine(isUuid, 'This id is not valid.');

/** The signed PUT of a presigned URL: its body is the raw file, streamed (any content type). */
const presignedPutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put(
    '/api/v1/sims/presigned-upload/:type/:simId/:uploadId/:fileName',
    {
      schema: {
        tags: ['sim uploads'],
        summary: 'Upload the raw file to a presigned URL (signed and expiring; no bearer token)',
        params: z.object({
          type: z.enum(PRESIGNED_UPLOAD_TYPES),
          simId: ZRowId,
          uploadId: ZUploadId,
          fileName: z.string().min(1).max(255),
        }),
        response: { 200: ZPresignedPutResponse },
      },
    },
    async (request, reply) => {
      const length = Number(request.headers['content-length']);
      try {
        const stored = await service.receivePresignedPut(deps, request.actor, {
          ...request.params,
          contentType: request.headers['content-type'],
          contentLength: Number.isFinite(length) ? length : undefined,
          body: (request.body as Readable | undefined) ?? request.raw,
        });
        return { success: true as const, ...stored };
      } catch (err) {
        // the rest of the body may not have been read: close the connection after the answer
        if (err instanceof AppError && (err.status === 413 || err.status === 409)) reply.header('connection', 'close');
        throw err;
      }
    },
  );
};

/** Uploads of a sim (authoring.md sections 5, 7, 8): attachments, videos, the learning package, audio. */
export const simUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['sim uploads'];

  await app.register(presignedPutRoutes);

  app.post(
    '/api/v1/sims/get-presigned-url',
    {
      schema: {
        tags,
        summary: 'A presigned PUT URL for an attachment (max 5) or the tutorial video, and its signed GET URL',
        body: ZPresignedUrlRequest,
        response: { 200: ZPresignedUrlResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.presignedUrl(deps, actorOf(request), request.body)),
    }),
  );

  app.post(
    '/api/v1/sims/add-attachment',
    {
      schema: {
        tags,
        summary: "Attach a file uploaded to a presigned URL to the sim's documents (at most 5)",
        body: ZAddAttachmentRequest,
        response: { 200: ZDocumentsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.addAttachment(deps, actorOf(request), request.body)),
    }),
  );

  app.post(
    '/api/v1/sims/add-tutorial-video/:id',
    {
      schema: {
        tags,
        summary: "Keep a video uploaded to a presigned URL as the sim's tutorial video (at most 1 GiB)",
        params: ZSimIdParams,
        body: ZAddTutorialVideoRequest,
        response: { 200: ZTutorialVideoResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.addTutorialVideo(deps, actorOf(request), request.params.id, request.body)),
    }),
  );

  app.patch(
    '/api/v1/sims/remove-document',
    {
      schema: {
        tags,
        summary: 'Remove an attachment from the sim',
        body: ZRemoveDocumentRequest,
        response: { 200: ZDocumentsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.removeDocument(deps, actorOf(request), request.body)),
    }),
  );

  app.post(
    '/api/v1/sims/remove-media',
    {
      schema: {
        tags,
        summary: 'Remove the tutorial video, the learning package or the demo video of the sim',
        body: ZRemoveMediaRequest,
        response: { 200: ZRemoveMediaResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.removeMedia(deps, actorOf(request), request.body)),
    }),
  );

  app.post(
    '/api/v1/sims/add-captivate/:id',
    {
      schema: {
        tags,
        summary: 'Upload the learning package (multipart field folder: .zip, .rar or .7z with an .html start page)',
        params: ZSimIdParams,
        response: { 200: ZCaptivateResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await addPackage(deps, actorOf(request), request.params.id, request)),
    }),
  );

  app.post(
    '/api/v1/sims/add-captivate-video/:id',
    {
      schema: {
        tags,
        summary: 'Upload the demo video (multipart field video_blob, at most 100 MB)',
        params: ZSimIdParams,
        response: { 200: ZDemoVideoResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await addDemoVideo(deps, actorOf(request), request.params.id, request)),
    }),
  );

  app.post(
    '/api/v1/sims/upload-video',
    {
      schema: {
        tags,
        summary: 'Upload the tutorial or demo video directly (multipart: sim_id, field_type, file video)',
        response: { 200: ZUploadVideoResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await uploadVideo(deps, actorOf(request), request)) }),
  );

  app.post(
    '/api/v1/sims/upload-audio',
    {
      schema: {
        tags,
        summary: "Upload the author's recording of an agent script (multipart: sim_id, sim_script_id, audio_blob)",
        response: { 200: ZUploadAudioResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await uploadAudio(deps, actorOf(request), request)) }),
  );

  app.get(
    '/api/v1/sims/captivate-package/:token/:simId/:uploadId/*',
    {
      schema: {
        tags,
        summary: 'A file of the unpacked learning package (signed, expiring path; runs sandboxed)',
        params: z.object({
          token: z.string().min(1).max(200),
          simId: z.string().refine(isUuid),
          uploadId: z.string().refine(isUuid),
          '*': z.string().min(1).max(1024),
        }),
      },
    },
    async (request, reply) => {
      const { token, simId, uploadId } = request.params;
      const check = checkPackageToken(deps, token, simId, uploadId);
      if (check !== 'ok') throw Unauthorized(check === 'expired' ? MESSAGES.linkExpired : MESSAGES.linkInvalid);
      const file = request.params['*'];
      if (file.endsWith('/')) throw NotFound(UPLOAD_MESSAGES.packageNoStartPage);
      for (const [name, value] of Object.entries(PACKAGE_HEADERS)) reply.header(name, value);
      return sendBlob(deps.blobs, packageFileKey(simId, uploadId, file), request, reply, {
        contentType: packageContentType(file),
        cacheControl: 'private, max-age=3600',
        inline: true,
      });
    },
  );
};
