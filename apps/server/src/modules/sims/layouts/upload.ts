import { DATA_INPUT_LIMITS, DATA_INPUT_MESSAGES } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, Invalid } from '../../../lib/errors';

const M = DATA_INPUT_MESSAGES;
const FIELDS = ['sim_id', 'type'] as const;

export interface LayoutUpload {
  fields: Partial<Record<(typeof FIELDS)[number], string>>;
  file: { filename: string; data: Buffer };
}

/** The multipart form of upload-keyword: the file field `file` (at most 2 MB, 413 beyond), sim_id and type. */
export async function readLayoutUpload(request: FastifyRequest): Promise<LayoutUpload> {
  if (!request.isMultipart()) throw Invalid(M.fileMissing, 'file');
  const fields: LayoutUpload['fields'] = {};
  let file: LayoutUpload['file'] | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: DATA_INPUT_LIMITS.maxUploadBytes, files: 1, fields: 10, fieldSize: 4 * 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') part.file.resume();
        else file = { filename: part.filename, data: await part.toBuffer() };
      } else if ((FIELDS as readonly string[]).includes(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname as (typeof FIELDS)[number]] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', M.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw Invalid('The upload has too many parts.');
    throw err;
  }
  if (!file || file.data.length === 0) throw Invalid(M.fileMissing, 'file');
  return { fields, file };
}
