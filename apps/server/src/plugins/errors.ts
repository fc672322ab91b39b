import { INPUT_MESSAGES, MESSAGES, type TErrorBody } from '@sim/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, pgErrorCode } from '../lib/errors';
import { isMalformedMultipart } from '../lib/multipart';
import { isApiUrl } from './access';

const STATUS_CODES: Record<number, TErrorBody['code']> = {
  400: 'INVALID',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  415: 'UNSUPPORTED_TYPE',
  422: 'RULE_BROKEN',
  429: 'RATE_LIMITED',
};

/**
 * PostgreSQL's refusals of a value a client sent: invalid text representation (a uuid, number or json that
 * is not one), a character not in the encoding's repertoire (NUL) and an untranslatable character (a NUL
 * or lone surrogate in jsonb). The input rules (plugins/input-rules.ts) and the schemas refuse these at
 * parse time; this is the safety net for a path they miss, so the client gets 400, never 500.
 */
const PG_BAD_INPUT = new Set(['22P02', '22021', '22P05']);

function send(reply: FastifyReply, request: FastifyRequest, status: number, body: Omit<TErrorBody, 'success'>) {
  return reply.status(status).send({ success: false, ...body, requestId: request.id });
}

const isEmptyPayload = (payload: unknown) =>
  payload === undefined || payload === null || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0);

/**
 * The message of an error answer a plugin sent without a body: the websocket plugin answers a plain
 * (not Upgrade) request to a websocket route with a bare 404 (its `reply.code(404).send()`).
 */
function bodilessMessage(request: FastifyRequest, status: number): string {
  const path = request.url.split('?')[0];
  if (status === 404 && request.routeOptions.schema?.hide === true && request.method === 'GET')
    return `${path} takes a websocket connection only (a request with Upgrade: websocket).`;
  return `The request to ${path} was refused (${status}).`;
}

/** The one place where errors become `{success:false, message, code}` with a real status. */
export function registerErrorHandling(app: FastifyInstance) {
  // an error answer of an API route that a plugin sent with no body carries the envelope too
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status < 400 || request.method === 'HEAD' || !isEmptyPayload(payload) || !isApiUrl(request.url.split('?')[0]))
      return done(null, payload);
    reply.header('content-type', 'application/json; charset=utf-8');
    const body: TErrorBody = {
      success: false,
      message: bodilessMessage(request, status),
      code: STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID'),
      requestId: request.id,
    };
    done(null, JSON.stringify(body));
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, request, error.status, { message: error.message, code: error.code, field: error.field });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const message =
        first?.message && !first.message.startsWith('Invalid input') ? first.message : MESSAGES.invalidInput;
      return send(reply, request, 400, {
        message: field && message === MESSAGES.invalidInput ? `The field ${field} is not valid.` : message,
        code: 'INVALID',
        field,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, request, 500, { message: MESSAGES.internal, code: 'INTERNAL' });
    }
    if (isMalformedMultipart(error))
      return send(reply, request, 400, { message: INPUT_MESSAGES.multipartMalformed, code: 'INVALID' });
    const pgCode = pgErrorCode(error);
    if (pgCode && PG_BAD_INPUT.has(pgCode)) {
      // a value reached the database that the input rules should have refused: answer 400, and say so
      request.log.warn({ err: error, pgCode }, 'the database refused a value of the request');
      return send(reply, request, 400, { message: INPUT_MESSAGES.databaseRefused, code: 'INVALID' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      let message = error.message;
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = 'The request is too large.';
      else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'This content type is not supported.';
      else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'The request body is empty.';
      else if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
        message = 'The request body is not valid JSON.';
      return send(reply, request, status, { message, code: STATUS_CODES[status] ?? 'INVALID' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, request, 500, { message: MESSAGES.internal, code: 'INTERNAL' });
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, 404, {
    message: `No route ${request.method} ${request.url.split('?')[0]}.`,
    code: 'NOT_FOUND',
  });
}
