import { PassThrough, type Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { INPUT_MESSAGES } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import { assertCleanText } from '../plugins/input-rules';
import { AppError, Invalid } from './errors';

/**
 * The one multipart reader (issue 11 part 3). Two modes over the same rules:
 *   readMultipart   — buffered: the form's one file read into memory (recordings, photos, spreadsheets)
 *   streamMultipart — streaming: the file handed on as a stream (videos, learning packages: to the blob
 *                     store or a temporary file), never held in memory; `receiveUpload` runs a service's
 *                     StreamUpload through it
 * Both answer, for every route alike: not multipart → 415 (or the route's own error), a file over its
 * limit → 413 with the route's message, a file of the wrong type → 415, a broken body or too many parts →
 * 400, no file where one is required → 400 naming the field. Text fields and file names follow the input
 * rules (plugins/input-rules.ts). Services get file objects, never the Fastify request.
 */

/** A file's name and declared type, as the client sent them (the type is not trusted for content). */
export interface FileInfo {
  filename: string;
  mimetype: string;
}

/** The file of a buffered form. */
export interface UploadedFile extends FileInfo {
  bytes: Buffer;
}

/** The file of a streamed form, handed to the consumer while the form is read. */
export interface IncomingFile extends FileInfo {
  /** stops at the file's limit (the consumer sees at most maxBytes; the form then answers 413) */
  stream: Readable;
  /** the text fields sent before the file */
  fields: Readonly<Record<string, string | undefined>>;
}

export interface FileSpec {
  /** the form field of the one file; a file under another name is drained unread */
  field: string;
  /** beyond this many bytes: 413 with `tooLarge` */
  maxBytes: number;
  tooLarge: string;
  /** when set, a form without the file (or with an empty one) answers 400 with this message */
  missing?: string;
  /** checked on the name and declared type before the bytes are read: 415 with `message` otherwise */
  type?: { accepts: (file: FileInfo) => boolean; message: string };
}

export interface FormSpec<F extends string = string> {
  /** the form's file; left out, a form of text fields only (a file part answers 400) */
  file?: FileSpec;
  /** the text fields kept; others are ignored */
  fields: readonly F[];
  /** a request that is not multipart: 415 with this message, or this error */
  notMultipart: string | AppError;
  /** at most this many text fields (10 by default; more answer 400), each cut at fieldBytes (64 KiB) */
  limits?: { fields?: number; fieldBytes?: number };
}

export interface MultipartForm<F extends string, File> {
  fields: Partial<Record<F, string>>;
  file: File;
}

/** A required file (`missing` set) is always there; an optional one may be null. */
type FileOf<S extends FormSpec, File> = S['file'] extends { missing: string } ? File : File | null;
type FieldOf<S extends FormSpec> = S['fields'][number];

/**
 * The parse errors of a broken multipart body (no boundary, a boundary that never comes, a body cut short),
 * raised by busboy as plain errors with no status. Readers meet them while iterating the parts or while
 * streaming a file part; they are the client's fault.
 */
const MULTIPART_PARSE_ERRORS = [
  /^Multipart: /,
  /unexpected end of multipart data/i,
  /^Malformed part header/i,
  /^Boundary required$/,
  /^The needle (cannot|has to)/,
];

/** True for an error of busboy parsing a malformed multipart body (as opposed to a limit or a server fault). */
export function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  if ((err as { code?: unknown }).code === 'FST_MP_PREMATURE_CLOSE') return true;
  if ((err as { statusCode?: unknown }).statusCode !== undefined) return false;
  return MULTIPART_PARSE_ERRORS.some((re) => re.test(err.message));
}

/**
 * The one mapping of a form that could not be read: malformed (400), a file over its limit (413 with the
 * route's message), too many parts (400); anything else (a service's own AppError) is rethrown.
 */
function multipartError(err: unknown, tooLarge: string | undefined): never {
  if (isMalformedMultipart(err)) throw Invalid(INPUT_MESSAGES.multipartMalformed);
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', tooLarge ?? INPUT_MESSAGES.multipartMalformed);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    throw Invalid(INPUT_MESSAGES.tooManyParts);
  throw err;
}

/**
 * Walks the parts of the form under the spec's limits: text fields named in the spec are checked and kept,
 * the spec's file goes to `onFile` (once), any other file is drained. Errors are mapped once, here.
 */
async function walkForm(
  request: FastifyRequest,
  spec: FormSpec,
  onFile: (part: MultipartFile, fields: Record<string, string | undefined>) => Promise<void>,
): Promise<Record<string, string | undefined>> {
  if (!request.isMultipart())
    throw typeof spec.notMultipart === 'string'
      ? new AppError('UNSUPPORTED_TYPE', spec.notMultipart)
      : spec.notMultipart;
  const fieldCount = spec.limits?.fields ?? 10;
  const files = spec.file ? 1 : 0;
  const fields: Record<string, string | undefined> = {};
  let taken = false;
  const parts = request.parts({
    limits: {
      fileSize: spec.file?.maxBytes,
      files,
      fields: fieldCount,
      fieldSize: spec.limits?.fieldBytes ?? 64 * 1024,
      parts: fieldCount + files + 1,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!spec.file || part.fieldname !== spec.file.field || taken) {
        part.file.resume();
        continue;
      }
      taken = true;
      assertCleanText(part.filename, spec.file.field);
      const info = { filename: part.filename, mimetype: part.mimetype };
      if (spec.file.type && !spec.file.type.accepts(info))
        throw new AppError('UNSUPPORTED_TYPE', spec.file.type.message);
      await onFile(part, fields);
    } else if (spec.fields.includes(part.fieldname) && typeof part.value === 'string') {
      assertCleanText(part.value, part.fieldname);
      fields[part.fieldname] = part.value;
    }
  }
  return fields;
}

function missingFile(spec: FormSpec): AppError {
  const file = spec.file!;
  return Invalid(file.missing, file.field);
}

/** Buffered mode: reads the form, its one file into memory within the spec's limit; an empty file is no file. */
export async function readMultipart<const S extends FormSpec>(
  request: FastifyRequest,
  spec: S,
): Promise<MultipartForm<FieldOf<S>, FileOf<S, UploadedFile>>> {
  let file: UploadedFile | null = null;
  let fields: Record<string, string | undefined>;
  try {
    fields = await walkForm(request, spec, async (part) => {
      file = { filename: part.filename, mimetype: part.mimetype, bytes: await part.toBuffer() };
    });
  } catch (err) {
    multipartError(err, spec.file?.tooLarge);
  }
  const kept = file as UploadedFile | null;
  const nonEmpty = kept && kept.bytes.length > 0 ? kept : null;
  if (!nonEmpty && spec.file?.missing) throw missingFile(spec);
  return { fields, file: nonEmpty } as MultipartForm<FieldOf<S>, FileOf<S, UploadedFile>>;
}

export interface StreamSpec<T, F extends string = string> extends FormSpec<F> {
  file: FileSpec;
  /** consumes the file stream (to the blob store or a temporary file) */
  receive: (file: IncomingFile) => Promise<T>;
  /** undoes `receive` when the file turns out too large or the rest of the form is broken */
  discard?: (received: T) => Promise<void>;
}

/**
 * The file stream a streaming consumer is handed. When the form breaks (a body cut short), the plugin
 * destroys busboy's file stream with the parse error; a consumer that attaches its listeners only after
 * an await (a database read before the write) would miss that 'error' and 'close' and wait forever, and
 * the request with it. This stream keeps the failure and delivers it once the consumer starts reading.
 */
export function lateSafeStream(source: Readable): Readable {
  const out = new PassThrough();
  let failure: Error | undefined;
  let reading = false;
  const deliver = () =>
    setImmediate(() => {
      if (failure && !out.destroyed) out.destroy(failure);
    });
  const fail = (err: Error) => {
    failure ??= err;
    if (reading) deliver();
  };
  source.on('error', fail);
  source.on('close', () => {
    if (!source.readableEnded) fail(source.errored ?? new Error('Unexpected end of multipart data'));
  });
  const startReading = () => {
    if (reading) return;
    reading = true;
    if (failure) deliver();
  };
  // after pipe(), whose own listeners on `out` are not a consumer's
  source.pipe(out);
  out.on('newListener', (event: string) => {
    if (['data', 'readable', 'end', 'error'].includes(event)) startReading();
  });
  out.on('resume', startReading);
  if (source.destroyed && !source.readableEnded) fail(source.errored ?? new Error('Unexpected end of multipart data'));
  return out;
}

/**
 * Streaming mode: reads the form, handing its one file to `receive` as a stream (never held in memory).
 * A file over the limit, or a form broken after the file, undoes what `receive` did (`discard`).
 */
export async function streamMultipart<T, const S extends StreamSpec<T>>(
  request: FastifyRequest,
  spec: S & StreamSpec<T>,
): Promise<MultipartForm<FieldOf<S>, FileOf<S, T>>> {
  let received: { value: T } | null = null;
  let truncated = false;
  let fields: Record<string, string | undefined>;
  try {
    fields = await walkForm(request, spec, async (part, before) => {
      const value = await spec.receive({
        filename: part.filename,
        mimetype: part.mimetype,
        stream: lateSafeStream(part.file),
        fields: { ...before },
      });
      received = { value };
      if (part.file.truncated) truncated = true;
    });
  } catch (err) {
    const got = received as { value: T } | null;
    if (got) await spec.discard?.(got.value);
    multipartError(err, spec.file.tooLarge);
  }
  const got = received as { value: T } | null;
  if (got && truncated) {
    await spec.discard?.(got.value);
    throw new AppError('TOO_LARGE', spec.file.tooLarge);
  }
  if (!got && spec.file.missing) throw missingFile(spec);
  return { fields, file: got ? got.value : null } as MultipartForm<FieldOf<S>, FileOf<S, T>>;
}

/**
 * A service's side of a streamed upload: the form it expects, where its file goes (`receive`), and what it
 * makes of the whole form (`finish`); `done` runs last whatever happened (a temporary folder removed).
 * With `Required`, the spec names the message of a missing file and `finish` always gets the file.
 * The route runs it with `receiveUpload(request, await service.somethingUpload(...))`.
 */
export interface StreamUpload<T, R, Required extends boolean = false> extends StreamSpec<T> {
  file: FileSpec & (Required extends true ? { missing: string } : unknown);
  finish: (form: MultipartForm<string, Required extends true ? T : T | null>) => Promise<R>;
  done?: () => Promise<void>;
}

/** Reads a streamed upload from the request and answers what the service's `finish` makes of it. */
export async function receiveUpload<T, R, Required extends boolean>(
  request: FastifyRequest,
  upload: StreamUpload<T, R, Required>,
): Promise<R> {
  try {
    // a required file is there once the form is read (streamMultipart throws `missing` otherwise)
    const form = (await streamMultipart<T, StreamSpec<T>>(request, upload)) as MultipartForm<string, T>;
    return await upload.finish(form);
  } finally {
    await upload.done?.();
  }
}
