import type { Readable } from 'node:stream';
import { simUploadsApi as api, MESSAGES, UPLOAD_MESSAGES } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, NotFound, Unauthorized } from '../../../lib/errors';
import { receiveUpload } from '../../../lib/multipart';
import { route } from '../../../lib/route';
import { sendBlob } from '../../../lib/send-blob';
import { actorOf } from '../../../plugins/access';
import { audioUpload, demoVideoUpload, packageUpload, videoUpload } from './media-service';
import { checkPackageToken, PACKAGE_HEADERS, packageContentType, packageFileKey } from './package';
import * as service from './service';

/** The signed PUT of a presigned URL: its body is the raw file, streamed (any content type). */
const presignedPutRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  route(app, api.presignedPut, async (request, reply) => {
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
  });
};

/** Uploads of a sim (authoring.md sections 5, 7, 8): attachments, videos, the learning package, audio. */
export const simUploadRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  await app.register(presignedPutRoutes);

  route(app, api.presignedUrl, async (request) => ({
    success: true as const,
    ...(await service.presignedUrl(deps, actorOf(request), request.body)),
  }));

  route(app, api.addAttachment, async (request) => ({
    success: true as const,
    ...(await service.addAttachment(deps, actorOf(request), request.body)),
  }));

  route(app, api.addTutorialVideo, async (request) => ({
    success: true as const,
    ...(await service.addTutorialVideo(deps, actorOf(request), request.params.id, request.body)),
  }));

  route(app, api.removeDocument, async (request) => ({
    success: true as const,
    ...(await service.removeDocument(deps, actorOf(request), request.body)),
  }));

  route(app, api.removeMedia, async (request) => ({
    success: true as const,
    ...(await service.removeMedia(deps, actorOf(request), request.body)),
  }));

  // the multipart uploads: the service says how it takes the file, lib/multipart reads the form
  route(app, api.addPackage, async (request) => {
    const upload = await packageUpload(deps, actorOf(request), request.params.id, request.log);
    return { success: true as const, ...(await receiveUpload(request, upload)) };
  });

  route(app, api.addDemoVideo, async (request) => {
    const upload = await demoVideoUpload(deps, actorOf(request), request.params.id);
    return { success: true as const, ...(await receiveUpload(request, upload)) };
  });

  route(app, api.uploadVideo, async (request) => ({
    success: true as const,
    ...(await receiveUpload(request, await videoUpload(deps, actorOf(request)))),
  }));

  route(app, api.uploadAudio, async (request) => ({
    success: true as const,
    ...(await receiveUpload(request, await audioUpload(deps, actorOf(request)))),
  }));

  route(app, api.packageFile, async (request, reply) => {
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
  });
};
