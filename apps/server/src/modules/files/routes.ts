import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { NotFound } from '../../lib/errors';
import { signPath } from '../../lib/url-signing';

const FILES_PREFIX = '/api/v1/files/';

/** A signed, expiring URL to read a stored file (the "presigned" URLs of the spec). */
export function signedFileUrl(deps: AppDeps, key: string, ttlSeconds: number): { url: string; expiresAt: Date } {
  const now = deps.now();
  return {
    url: signPath(deps.urlKey, `${FILES_PREFIX}${key}`, ttlSeconds, now),
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  };
}

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${FILES_PREFIX}*`,
    {
      schema: {
        tags: ['files'],
        summary: 'Read a stored file through a signed, expiring URL',
        params: z.object({ '*': z.string().min(1).max(300) }),
        querystring: z.object({ exp: z.string(), sig: z.string(), sub: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const blob = await app.deps.blobs.get(request.params['*']).catch(() => null);
      if (!blob) throw NotFound();
      return reply.type(blob.contentType).header('cache-control', 'private, max-age=300').send(blob.data);
    },
  );
};
