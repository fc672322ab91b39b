import { AUTHORING_MESSAGES, MESSAGES } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Invalid } from '../../../lib/errors';
import { readMultipart } from '../../../lib/multipart';
import { assertCleanText } from '../../../plugins/input-rules';

/** Parses a value with a schema, answering 400 with the first issue's message (as the error handler does). */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const message = issue?.message && !issue.message.startsWith('Invalid input') ? issue.message : MESSAGES.invalidInput;
  throw Invalid(field && message === MESSAGES.invalidInput ? `The field ${field} is not valid.` : message, field);
}

/**
 * The JSON of POST /basicInfo: the multipart field `data` (as the spec sends it), or a JSON body holding
 * the same object (directly or under `data`). A file sent along answers 400 (uploads have their own
 * routes).
 */
export async function readDataField(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) {
    const body = request.body as { data?: unknown } | null | undefined;
    const data = body && typeof body === 'object' && 'data' in body ? body.data : body;
    return typeof data === 'string' ? parseJson(data) : data;
  }
  const form = await readMultipart(request, {
    fields: ['data'],
    notMultipart: Invalid(AUTHORING_MESSAGES.dataNotJson, 'data'),
    limits: { fields: 5, fieldBytes: 256 * 1024 },
  });
  if (form.fields.data === undefined) throw Invalid(AUTHORING_MESSAGES.dataNotJson, 'data');
  return parseJson(form.fields.data);
}

/** The JSON text of the `data` field; its strings and keys follow the input rules as a JSON body's do. */
function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw Invalid(AUTHORING_MESSAGES.dataNotJson, 'data');
  }
  assertCleanText(value);
  return value;
}
