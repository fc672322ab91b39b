import { AUTHORING_MESSAGES, MESSAGES, SPEECH_LIMITS, SPEECH_MESSAGES } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, Invalid } from '../../../lib/errors';
import { multipartError } from '../../../lib/multipart-errors';
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
 * the same object (directly or under `data`). Files sent along are not read here (uploads have their
 * own routes).
 */
export async function readDataField(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) {
    const body = request.body as { data?: unknown } | null | undefined;
    const data = body && typeof body === 'object' && 'data' in body ? body.data : body;
    return typeof data === 'string' ? parseJson(data) : data;
  }
  let text: string | undefined;
  try {
    for await (const part of request.parts({ limits: { files: 0, fields: 5, fieldSize: 256 * 1024 } })) {
      if (part.type === 'file') part.file.resume();
      else if (part.fieldname === 'data' && typeof part.value === 'string') {
        assertCleanText(part.value, 'data');
        text = part.value;
      }
    }
  } catch (err) {
    multipartError(err, MESSAGES.invalidInput);
  }
  if (text === undefined) throw Invalid(AUTHORING_MESSAGES.dataNotJson, 'data');
  return parseJson(text);
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

export interface FormUpload {
  fields: Record<string, string | undefined>;
  file: { data: Buffer; filename: string; mimetype: string } | null;
}

export interface FormLimits {
  /** the file's size limit (413 with `tooLarge` beyond); 25 MB by default */
  maxBytes?: number;
  tooLarge?: string;
  /** the error for a request that is not multipart; 415 by default */
  notMultipart?: AppError;
}

/**
 * A multipart form with the named text fields and at most one file in `fileField`, read into memory
 * (small files: recordings, spreadsheets); other files are drained unread.
 */
export async function readForm(
  request: FastifyRequest,
  fieldNames: readonly string[],
  fileField: string,
  limits: FormLimits = {},
): Promise<FormUpload> {
  if (!request.isMultipart())
    throw limits.notMultipart ?? new AppError('UNSUPPORTED_TYPE', SPEECH_MESSAGES.notMultipart);
  const fields: Record<string, string | undefined> = {};
  let file: FormUpload['file'] = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: limits.maxBytes ?? SPEECH_LIMITS.maxAudioBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) part.file.resume();
        else {
          assertCleanText(part.filename, fileField);
          file = { data: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
        }
      } else if (fieldNames.includes(part.fieldname) && typeof part.value === 'string') {
        assertCleanText(part.value, part.fieldname);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    multipartError(err, limits.tooLarge ?? SPEECH_MESSAGES.audioTooLarge);
  }
  return { fields, file: file && file.data.length > 0 ? file : null };
}
