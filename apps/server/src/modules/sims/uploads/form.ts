import type { Readable } from 'node:stream';
import { UPLOAD_MESSAGES } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/errors';
import { multipartError } from '../../../lib/multipart-errors';
import { assertCleanText } from '../../../plugins/input-rules';

export interface IncomingFile {
  filename: string;
  mimetype: string;
  stream: Readable;
  /** the text fields sent before the file */
  fields: Readonly<Record<string, string | undefined>>;
}

export interface FormOptions<T> {
  fileField: string;
  fieldNames: readonly string[];
  /** bytes the file may have; the stream stops there (the consumer sees at most this many) */
  maxBytes: number;
  tooLarge: string;
  /** consumes the file stream (to the blob store or a temporary file) */
  receive: (file: IncomingFile) => Promise<T>;
  /** undoes `receive` when the file turns out too large or the form is broken */
  discard: (received: T) => Promise<void>;
}

export interface ReceivedForm<T> {
  fields: Record<string, string | undefined>;
  file: T | null;
}

/**
 * Reads a multipart form whose one file is streamed (never held in memory), with this request's own size
 * limit over the small global one. Other files are drained; a file over the limit answers 413.
 */
export async function receiveForm<T>(request: FastifyRequest, options: FormOptions<T>): Promise<ReceivedForm<T>> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_TYPE', UPLOAD_MESSAGES.notMultipart);
  const fields: Record<string, string | undefined> = {};
  let received: { value: T } | null = null;
  let truncated = false;
  try {
    for await (const part of request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField || received) {
          part.file.resume();
          continue;
        }
        assertCleanText(part.filename, options.fileField);
        received = {
          value: await options.receive({
            filename: part.filename,
            mimetype: part.mimetype,
            stream: part.file,
            fields: { ...fields },
          }),
        };
        if (part.file.truncated) truncated = true;
      } else if (options.fieldNames.includes(part.fieldname) && typeof part.value === 'string') {
        assertCleanText(part.value, part.fieldname);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (received) await options.discard(received.value);
    multipartError(err, options.tooLarge);
  }
  if (received && truncated) {
    await options.discard(received.value);
    throw new AppError('TOO_LARGE', options.tooLarge);
  }
  return { fields, file: received ? received.value : null };
}
