import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { MESSAGES, type TErrorBody } from '@sim/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isApiUrl } from './access';

/** A request id a client may choose (x-request-id): short, letters, digits and . _ : - only. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The client's x-request-id when it is safe to log and echo, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}

/** Headers of every answer: the request id; API answers are not stored by caches unless a route says so. */
export function answerHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  if (isApiUrl(request.url.split('?')[0]) && !reply.hasHeader('cache-control'))
    reply.header('cache-control', 'no-store');
}

/**
 * Errors the router answers before any route or error handler (a path parameter longer than
 * maxParamLength, a malformed escape in the path), in the API's envelope instead of Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, body]: [number, Omit<TErrorBody, 'success'>] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, { code: 'URI_TOO_LONG', message: MESSAGES.addressTooLong }]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, { code: 'INVALID', message: MESSAGES.addressInvalid }]
        : [500, { code: 'INTERNAL', message: MESSAGES.internal }];
  if (status === 500) request.log.error({ err: error }, 'request failed in the router');
  answerHeaders(request, reply);
  return reply.status(status).send({ success: false, ...body, requestId: request.id });
}
