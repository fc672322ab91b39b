import { DATA_INPUT_LIMITS, DATA_INPUT_MESSAGES } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import { Invalid } from '../../../lib/errors';
import { readForm } from '../shared/request';

const M = DATA_INPUT_MESSAGES;
const FIELDS = ['sim_id', 'type'] as const;

export interface LayoutUpload {
  fields: Partial<Record<(typeof FIELDS)[number], string>>;
  file: { filename: string; data: Buffer };
}

/** The multipart form of upload-keyword: the file field `file` (at most 2 MB, 413 beyond), sim_id and type. */
export async function readLayoutUpload(request: FastifyRequest): Promise<LayoutUpload> {
  const form = await readForm(request, FIELDS, 'file', {
    maxBytes: DATA_INPUT_LIMITS.maxUploadBytes,
    tooLarge: M.fileTooLarge,
    notMultipart: Invalid(M.fileMissing, 'file'),
  });
  if (!form.file) throw Invalid(M.fileMissing, 'file');
  return { fields: form.fields, file: { filename: form.file.filename, data: form.file.data } };
}
