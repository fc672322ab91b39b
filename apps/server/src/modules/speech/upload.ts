import { SPEECH_LIMITS, SPEECH_MESSAGES } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, Invalid } from '../../lib/errors';
import { multipartError } from '../../lib/multipart-errors';
import { assertCleanText } from '../../plugins/input-rules';

export interface AudioUpload {
  audio: Buffer;
  filename: string;
  mimetype: string;
  fields: Record<string, string | undefined>;
}

/** Reads a multipart upload with one file field `audio` (at most 25 MB) and the named text fields. */
export async function readAudioUpload(request: FastifyRequest, fieldNames: readonly string[]): Promise<AudioUpload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_TYPE', SPEECH_MESSAGES.notMultipart);
  const fields: Record<string, string | undefined> = {};
  let file: Omit<AudioUpload, 'fields'> | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: SPEECH_LIMITS.maxAudioBytes, files: 1, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'audio') {
          part.file.resume();
          continue;
        }
        assertCleanText(part.filename, 'audio');
        file = { audio: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
      } else if (fieldNames.includes(part.fieldname) && typeof part.value === 'string') {
        assertCleanText(part.value, part.fieldname);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    multipartError(err, SPEECH_MESSAGES.audioTooLarge);
  }
  if (!file || file.audio.length === 0) throw Invalid(SPEECH_MESSAGES.audioMissing, 'audio');
  return { ...file, fields };
}
