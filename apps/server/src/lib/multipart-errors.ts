import { INPUT_MESSAGES } from '@sim/shared';
import { AppError, Invalid } from './errors';

/**
 * The parse errors of a broken multipart body (no boundary, a boundary that never comes, a body cut short),
 * raised by busboy as plain errors with no status. Readers meet them while iterating the parts or while
 * streaming a file part, and rethrow them; they are the client's fault.
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
 * The one mapping of a multipart form that could not be read, for every reader: malformed (400), a file
 * over its limit (413 with the reader's own message), too many parts (400); anything else is rethrown.
 */
export function multipartError(err: unknown, tooLarge: string): never {
  if (isMalformedMultipart(err)) throw Invalid(INPUT_MESSAGES.multipartMalformed);
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    throw Invalid(INPUT_MESSAGES.tooManyParts);
  throw err;
}
