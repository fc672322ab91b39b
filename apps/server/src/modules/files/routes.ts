import { filesApi } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { sendBlob } from '../../lib/send-blob';

/** Stored files, read (or downloaded) through signed, expiring URLs (lib/signed-files.ts makes them). */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  route(app, filesApi.read, async (request, reply) => sendBlob(app.deps.blobs, request.params['*'], request, reply));
  route(app, filesApi.download, async (request, reply) =>
    sendBlob(app.deps.blobs, request.params['*'], request, reply, { attachment: true }),
  );
};
