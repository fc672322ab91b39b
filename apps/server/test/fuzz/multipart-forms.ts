import { ZBasicInfoData } from '@sim/shared';
import { z } from 'zod';
import type { IdPool, Schema } from './contract-sample';
import type { FileChange, FormBreak } from './fuzz-cases';

/**
 * The forms of the multipart routes (the contract says only 'multipart'; the fields are the module's form
 * spec): each with text fields and a file it would accept the shape of. A multipart route of the catalogue
 * without a form here fails the fuzz test, so a new one is not left unfuzzed.
 */
export interface FormDef {
  fields: Record<string, string>;
  fieldNames: string[];
  file?: { field: string; filename: string; contentType: string; data: Buffer };
  /** the JSON schema of a field holding a JSON object (basicInfo's `data`) */
  dataSchema?: Schema;
}

const bytes = (n: number, fill = 7) => Buffer.alloc(n, fill);

function def(fields: Record<string, string>, file?: FormDef['file'], dataSchema?: Schema): FormDef {
  return { fields, fieldNames: Object.keys(fields), file, dataSchema };
}

/** The forms by `METHOD url` of the contract. */
export function multipartForms(pool: IdPool): Record<string, FormDef> {
  const xlsx = {
    filename: 'levels.xlsx',
    contentType: 'application/octet-stream',
    data: Buffer.concat([Buffer.from('PK\x03\x04'), bytes(2048)]),
  };
  const webm = (field: string) => ({ field, filename: 'line.webm', contentType: 'audio/webm', data: bytes(2048) });
  return {
    'POST /api/v1/sims/basicInfo': def(
      { data: JSON.stringify({ _id: pool.sim, title: 'A sim', description: 'A call' }) },
      undefined,
      z.toJSONSchema(ZBasicInfoData, { io: 'input', unrepresentable: 'any' }) as Schema,
    ),
    'POST /api/v1/sims/grade-transcription': def(
      { sim_level_user_response: '1', script_id: pool.script },
      webm('audio_blob'),
    ),
    'POST /api/v1/sims/upload-keyword/:id': def({ sim_id: pool.sim, type: 'case' }, { field: 'file', ...xlsx }),
    'POST /api/v1/sims/upload-levels': def({ sim_id: pool.sim }, { field: 'file', ...xlsx }),
    'POST /api/v1/sims/add-captivate/:id': def(
      {},
      {
        field: 'folder',
        filename: 'course.zip',
        contentType: 'application/zip',
        data: Buffer.concat([Buffer.from('PK\x03\x04'), bytes(2048)]),
      },
    ),
    'POST /api/v1/sims/add-captivate-video/:id': def(
      {},
      { field: 'video_blob', filename: 'demo.mp4', contentType: 'video/mp4', data: bytes(2048) },
    ),
    'POST /api/v1/sims/upload-video': def(
      { sim_id: pool.sim, field_type: 'tutorial_video' },
      { field: 'video', filename: 'intro.mp4', contentType: 'video/mp4', data: bytes(2048) },
    ),
    'POST /api/v1/sims/upload-audio': def({ sim_id: pool.sim, sim_script_id: pool.script }, webm('audio_blob')),
    'POST /api/v1/speech/transcribe': def(
      { expected: 'hello', keywords: 'hello' },
      { field: 'audio', filename: 'hello.wav', contentType: 'audio/wav', data: bytes(2048) },
    ),
    'POST /api/v1/users/update-profile-photo': def(
      {},
      {
        field: 'photo',
        filename: 'me.png',
        contentType: 'image/png',
        data: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), bytes(512)]),
      },
    ),
    'POST /api/v1/sims/save-screen-share-stream': def(
      {
        id: pool.attempt,
        chunkNumber: '0',
        totalChunks: '1',
        originalname: 'screen.webm',
        fileName: 'screen-1.webm',
        fileType: 'video/webm',
      },
      { field: 'chunkData', filename: 'blob', contentType: 'video/webm', data: bytes(2048) },
    ),
  };
}

interface Part {
  name?: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';

function encode(parts: Part[], eol = '\r\n', boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.name === undefined
        ? ''
        : `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}${eol}`;
    const type = p.contentType ? `Content-Type: ${p.contentType}${eol}` : '';
    chunks.push(Buffer.from(`--${boundary}${eol}${disposition}${type}${eol}`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from(eol));
  }
  chunks.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

export interface FormChange {
  set?: Record<string, string>;
  drop?: string;
  file?: FileChange;
  broken?: FormBreak;
}

/** The form with one change, as a request's content type and payload. */
export function formRequest(form: FormDef, change: FormChange): { contentType: string; payload: Buffer } {
  const fields: Record<string, string> = { ...form.fields, ...change.set };
  if (change.drop) delete fields[change.drop];
  const parts: Part[] = Object.entries(fields).map(([name, data]) => ({ name, data }));
  const file = form.file ?? {
    field: 'file',
    filename: 'x.bin',
    contentType: 'application/octet-stream',
    data: bytes(64),
  };
  const filePart: Part = { name: file.field, filename: file.filename, contentType: file.contentType, data: file.data };
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  if (change.file) {
    const f = change.file;
    const changed: Part[] =
      f === 'none'
        ? []
        : f === 'empty'
          ? [{ ...filePart, data: Buffer.alloc(0) }]
          : f === 'wrong type'
            ? [{ ...filePart, filename: 'evil.exe', contentType: 'application/x-msdownload' }]
            : f === 'path traversal in its name'
              ? [{ ...filePart, filename: '../../../../etc/passwd' }]
              : f === 'NUL in its name'
                ? [{ ...filePart, filename: 'a\u0000b.bin' }]
                : f === 'a 300-character name'
                  ? [{ ...filePart, filename: `${'n'.repeat(300)}.bin` }]
                  : f === 'under another field'
                    ? [{ ...filePart, name: 'not_the_field' }]
                    : f === 'two of them'
                      ? [filePart, filePart]
                      : f === 'no file name'
                        ? [{ ...filePart, filename: '' }]
                        : [{ ...filePart, data: Buffer.from('<html><script>alert(1)</script></html>') }];
    return { contentType: type, payload: encode([...parts, ...changed]) };
  }
  const all = form.file ? [...parts, filePart] : parts;
  const whole = encode(all);
  switch (change.broken) {
    case undefined:
      return { contentType: type, payload: whole };
    case 'no boundary':
      return { contentType: 'multipart/form-data', payload: whole };
    case 'wrong boundary':
      return { contentType: 'multipart/form-data; boundary=----not-the-one', payload: whole };
    case 'cut short':
      return {
        contentType: type,
        payload: whole.subarray(0, Math.max(1, whole.length - Math.min(1500, whole.length / 2))),
      };
    case 'garbage under a multipart type':
      return { contentType: type, payload: Buffer.from('not a form at all') };
    case 'no Content-Disposition':
      return { contentType: type, payload: encode(all.map((p) => ({ ...p, name: undefined }))) };
    case 'LF line ends':
      return { contentType: type, payload: encode(all, '\n') };
    case 'unterminated part header':
      return { contentType: type, payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a`) };
    case 'closing boundary only':
      return { contentType: type, payload: Buffer.from(`--${BOUNDARY}--\r\n`) };
    case 'empty body':
      return { contentType: type, payload: Buffer.alloc(0) };
    case '40 text fields':
      return {
        contentType: type,
        payload: encode([...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, data: 'v' })), ...all]),
      };
    case 'a 1 MiB text field':
      return {
        contentType: type,
        payload: encode([{ name: form.fieldNames[0] ?? 'big', data: 'x'.repeat(1024 * 1024) }, ...all]),
      };
  }
}
