import crypto from 'node:crypto';
import multipartPlugin from '@fastify/multipart';
import { INPUT_MESSAGES } from '@sim/shared';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors';
import { AppError } from './errors';
import { type FormSpec, readMultipart, receiveUpload, type StreamUpload, streamMultipart } from './multipart';

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body, its parts in order (text fields and files mixed as the test needs). */
function form(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----t${crypto.randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file =
      p.filename === undefined
        ? ''
        : `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const SPEC = {
  file: { field: 'doc', maxBytes: 1000, tooLarge: 'The doc is too large.', missing: 'Send the doc.' },
  fields: ['title', 'note'],
  notMultipart: 'Send a form.',
  limits: { fields: 3 },
} satisfies FormSpec;

const TYPED = {
  file: {
    field: 'doc',
    maxBytes: 1000,
    tooLarge: 'The doc is too large.',
    type: { accepts: (f: { filename: string }) => f.filename.endsWith('.txt'), message: 'Text files only.' },
  },
  fields: [],
  notMultipart: new AppError('INVALID', 'Not a form.', 'doc'),
} satisfies FormSpec;

const TEXT_ONLY = { fields: ['data'], notMultipart: 'Send a form.' } satisfies FormSpec;

/** What the streaming routes saw: stored files, discarded ones, finished and done uploads. */
const seen = { stored: [] as string[], discarded: [] as string[], done: 0 };

async function collect(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function streamUpload(): StreamUpload<string, { stored: string; title?: string }> {
  return {
    file: { field: 'doc', maxBytes: 1000, tooLarge: 'The doc is too large.' },
    fields: ['title'],
    notMultipart: 'Send a form.',
    receive: async (file) => {
      const text = await collect(file.stream);
      const stored = `${file.filename}:${file.mimetype}:${text.length}:${file.fields.title ?? '-'}`;
      seen.stored.push(stored);
      return stored;
    },
    discard: async (stored) => {
      seen.discarded.push(stored);
    },
    finish: async (form) => {
      if (!form.file) throw new AppError('INVALID', 'No doc.', 'doc');
      return { stored: form.file, title: form.fields.title };
    },
    done: async () => {
      seen.done++;
    },
  };
}

describe('lib/multipart: the one multipart reader', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    await app.register(multipartPlugin, { limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 20 } });
    const buffered = (spec: FormSpec) => async (request: FastifyRequest) => {
      const read = await readMultipart(request, spec);
      return {
        fields: read.fields,
        file: read.file && {
          filename: read.file.filename,
          mimetype: read.file.mimetype,
          text: read.file.bytes.toString(),
        },
      };
    };
    app.post('/buffered', buffered(SPEC));
    app.post('/typed', buffered(TYPED));
    app.post('/text-only', buffered(TEXT_ONLY));
    app.post('/stream', async (request) => {
      const read = await streamMultipart(request, {
        file: { field: 'doc', maxBytes: 1000, tooLarge: 'The doc is too large.', missing: 'Send the doc.' },
        fields: ['title'],
        notMultipart: 'Send a form.',
        receive: async (file) => `${file.filename}:${await collect(file.stream)}`,
      });
      return { file: read.file, title: read.fields.title ?? null };
    });
    app.post('/upload', async (request) => receiveUpload(request, streamUpload()));
    await app.ready();
  });
  afterAll(async () => app?.close());

  const post = (url: string, body: { payload: Buffer | string; contentType: string }) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': body.contentType }, payload: body.payload });

  function expectError(res: { statusCode: number; json(): unknown }, status: number, body: Record<string, unknown>) {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, ...body });
  }

  describe('buffered mode', () => {
    it('reads the named fields and the one file; other fields and other files are left out', async () => {
      const res = await post(
        '/buffered',
        form([
          { name: 'title', value: 'Hello' },
          { name: 'other', value: 'ignored' },
          { name: 'doc', value: 'file text', filename: 'a.txt', type: 'text/plain' },
          { name: 'note', value: 'after the file' },
        ]),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        fields: { title: 'Hello', note: 'after the file' },
        file: { filename: 'a.txt', mimetype: 'text/plain', text: 'file text' },
      });
    });

    it('drains a file under another name', async () => {
      const res = await post('/typed', form([{ name: 'not-doc', value: 'x', filename: 'x.bin' }]));
      expect(res.json()).toEqual({ fields: {}, file: null });
    });

    it('a file over its limit: 413 with the route message', async () => {
      const res = await post('/buffered', form([{ name: 'doc', value: Buffer.alloc(1001, 1), filename: 'a.txt' }]));
      expectError(res, 413, { code: 'TOO_LARGE', message: 'The doc is too large.' });
      const exact = await post('/buffered', form([{ name: 'doc', value: Buffer.alloc(1000, 1), filename: 'a.txt' }]));
      expect(exact.statusCode).toBe(200);
    });

    it('not multipart: 415 with the route message, or the route own error', async () => {
      const json = { payload: '{"title":"x"}', contentType: 'application/json' };
      expectError(await post('/buffered', json), 415, { code: 'UNSUPPORTED_TYPE', message: 'Send a form.' });
      expectError(await post('/typed', json), 400, { code: 'INVALID', message: 'Not a form.', field: 'doc' });
    });

    it('a file of the wrong type: 415 before its bytes are read', async () => {
      const res = await post('/typed', form([{ name: 'doc', value: 'x', filename: 'a.exe' }]));
      expectError(res, 415, { code: 'UNSUPPORTED_TYPE', message: 'Text files only.' });
      const ok = await post('/typed', form([{ name: 'doc', value: 'x', filename: 'a.txt' }]));
      expect(ok.statusCode).toBe(200);
    });

    it('a broken body (no boundary, a wrong boundary, cut short, not a form at all): 400', async () => {
      const good = form([
        { name: 'title', value: 'x' },
        { name: 'doc', value: Buffer.alloc(600, 65), filename: 'a.txt' },
      ]);
      const malformed = { code: 'INVALID', message: INPUT_MESSAGES.multipartMalformed };
      expectError(await post('/buffered', { ...good, contentType: 'multipart/form-data' }), 400, malformed);
      expectError(await post('/buffered', { ...good, contentType: 'multipart/form-data; boundary=----nope' }), 400, {
        code: 'INVALID',
      });
      expectError(
        await post('/buffered', { ...good, payload: good.payload.subarray(0, good.payload.length - 300) }),
        400,
        malformed,
      );
      expectError(await post('/buffered', { ...good, payload: 'not a form' }), 400, { code: 'INVALID' });
    });

    it('a required file missing, or empty: 400 naming the field', async () => {
      const missing = { code: 'INVALID', message: 'Send the doc.', field: 'doc' };
      expectError(await post('/buffered', form([{ name: 'title', value: 'x' }])), 400, missing);
      expectError(await post('/buffered', form([{ name: 'doc', value: '', filename: 'a.txt' }])), 400, missing);
    });

    it('two files, too many fields, or a file in a form of text fields only: 400', async () => {
      const tooMany = { code: 'INVALID', message: INPUT_MESSAGES.tooManyParts };
      const twoFiles = form([
        { name: 'doc', value: 'one', filename: 'a.txt' },
        { name: 'doc', value: 'two', filename: 'b.txt' },
      ]);
      expectError(await post('/buffered', twoFiles), 400, tooMany);
      const fields = form(['a', 'b', 'c', 'd'].map((name) => ({ name, value: 'x' })));
      expectError(await post('/buffered', fields), 400, tooMany);
      const withFile = form([
        { name: 'data', value: '{}' },
        { name: 'doc', value: 'x', filename: 'a.txt' },
      ]);
      expectError(await post('/text-only', withFile), 400, tooMany);
      expect((await post('/text-only', form([{ name: 'data', value: '{}' }]))).json()).toEqual({
        fields: { data: '{}' },
        file: null,
      });
    });

    it('applies the input rules to fields and file names', async () => {
      const field = await post('/buffered', form([{ name: 'title', value: 'a\u0000b' }]));
      expectError(field, 400, { code: 'INVALID', field: 'title' });
      const name = await post('/buffered', form([{ name: 'doc', value: 'x', filename: 'a\u0000.txt' }]));
      expectError(name, 400, { code: 'INVALID', field: 'doc' });
    });
  });

  describe('streaming mode', () => {
    it('hands the file as a stream with the fields sent before it; fields after it are read too', async () => {
      const res = await post(
        '/stream',
        form([
          { name: 'doc', value: 'streamed', filename: 's.txt' },
          { name: 'title', value: 'after' },
        ]),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ file: 's.txt:streamed', title: 'after' });
      expectError(await post('/stream', form([{ name: 'title', value: 'x' }])), 400, {
        message: 'Send the doc.',
        field: 'doc',
      });
    });

    it('runs a service upload: receive, finish, done', async () => {
      seen.stored = [];
      seen.done = 0;
      const res = await post(
        '/upload',
        form([
          { name: 'title', value: 'before' },
          { name: 'doc', value: 'abc', filename: 'u.txt', type: 'text/plain' },
        ]),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ stored: 'u.txt:text/plain:3:before', title: 'before' });
      expect(seen.done).toBe(1);
    });

    it('a file over its limit: 413, and what was received is discarded', async () => {
      seen.discarded = [];
      seen.done = 0;
      const res = await post('/upload', form([{ name: 'doc', value: Buffer.alloc(1500, 66), filename: 'big.txt' }]));
      expectError(res, 413, { code: 'TOO_LARGE', message: 'The doc is too large.' });
      expect(seen.discarded).toHaveLength(1);
      expect(seen.done).toBe(1);
    });

    it('a form refused after the file was received (too many parts): 400, and the file is discarded', async () => {
      seen.discarded = [];
      const res = await post(
        '/upload',
        form([
          { name: 'doc', value: 'abc', filename: 'u.txt' },
          ...Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
        ]),
      );
      expectError(res, 400, { code: 'INVALID', message: INPUT_MESSAGES.tooManyParts });
      expect(seen.discarded).toEqual(['u.txt:application/octet-stream:3:-']);
    });

    it('a body cut short after the file: 400, and nothing received is kept', async () => {
      seen.stored = [];
      seen.discarded = [];
      const good = form([
        { name: 'doc', value: 'abc', filename: 'u.txt' },
        { name: 'title', value: 'x'.repeat(400) },
      ]);
      const res = await post('/upload', { ...good, payload: good.payload.subarray(0, good.payload.length - 100) });
      expectError(res, 400, { code: 'INVALID', message: INPUT_MESSAGES.multipartMalformed });
      // the file was either cut off while received (nothing stored) or received and then discarded
      expect(seen.discarded).toEqual(seen.stored);
    });

    it('not multipart: 415, and done still runs', async () => {
      seen.done = 0;
      const res = await post('/upload', { payload: '{}', contentType: 'application/json' });
      expectError(res, 415, { code: 'UNSUPPORTED_TYPE', message: 'Send a form.' });
      expect(seen.done).toBe(1);
    });
  });
});
