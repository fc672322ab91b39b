import { DATA_INPUT_LIMITS, DATA_INPUT_MESSAGES } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import { Invalid } from '../../../lib/errors';
import { readMultipart } from '../../../lib/multipart';

const M = DATA_INPUT_MESSAGES;

export interface LayoutUpload {
  fields: { sim_id?: string; type?: string };
  file: { filename: string; data: Buffer };
}

/** The multipart form of upload-keyword: the file field `file` (at most 2 MB, 413 beyond), sim_id and type. */
export async function readLayoutUpload(request: FastifyRequest): Promise<LayoutUpload> {
  const form = await readMultipart(request, {
    file: {
      field: 'file',
      maxBytes: DATA_INPUT_LIMITS.maxUploadBytes,
      tooLarge: M.fileTooLarge,
      missing: M.fileMissing,
    },
    fields: ['sim_id', 'type'],
    notMultipart: Invalid(M.fileMissing, 'file'),
  });
  return { fields: form.fields, file: { filename: form.file.filename, data: form.file.bytes } };
}
