import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type ErrorCode,
  MESSAGES,
  type TCaptivateResponse,
  type TDocumentsResponse,
  type TPresignedUrlResponse,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, simScripts, sims } from '../src/db/schema/index';
import { findStartPage, UnpackError, unpackArchive } from '../src/modules/sims/uploads/unpack';
import {
  bearer,
  buildSim,
  buildStaffedCompany,
  type Caller,
  characterOf,
  expectFailure,
  MISSING_ID,
  type StaffedCompany,
  simWithScripts,
  staffedCompany,
  testApp,
  userWithGrants,
} from './factories';
import { filesUnder, makeArchive, toneWav } from './fixtures/uploads/archives';
import { forgedWav } from './forged-audio';

const M = UPLOAD_MESSAGES;
const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n% a small test document\n%%EOF\n');
const VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(2000, 7)]);

const PACKAGE_FILES = {
  'course/index.html': '<html><head><script src="js/app.js"></script></head><body>Start</body></html>',
  'course/js/app.js': 'document.body.dataset.ready = "yes";',
  'course/img/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  'course/pages/page 2.html': '<html><body>Second page</body></html>',
};

describe('sim uploads: attachments, videos, the learning package, recorded audio', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  const blobRoot = () => path.join(ctx.deps.config.dataDir, 'blobs');
  const blobFile = (key: string) => path.join(blobRoot(), key);
  const simRow = async (id: string) => (await ctx.db.select().from(sims).where(eq(sims.id, id)))[0];
  const inject = (method: 'GET' | 'PUT', url: string, payload?: Buffer, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, payload, headers });

  async function trashedSim(co: StaffedCompany<{ agent2: true }>) {
    const id = await buildSim(ctx, co.users.admin);
    expect((await co.as.admin.post('/api/v1/sims/delete', { sim_id: id })).statusCode).toBe(200);
    return id;
  }

  async function presign(as: Caller, simId: string, type: 'attachment' | 'tutorial', fileName: string) {
    const res = await as.post('/api/v1/sims/get-presigned-url', { type, fileName, sim_id: simId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TPresignedUrlResponse;
  }

  async function uploaded(
    as: Caller,
    simId: string,
    type: 'attachment' | 'tutorial',
    fileName: string,
    data: Buffer,
    contentType: string,
  ) {
    const p = await presign(as, simId, type, fileName);
    const res = await inject('PUT', p.presignedUrl, data, { 'content-type': contentType });
    expect(res.statusCode, res.body).toBe(200);
    return p;
  }

  const addAttachment = (as: Caller, simId: string, url: string, fileName = 'Guide.pdf') =>
    as.post('/api/v1/sims/add-attachment', { id: simId, url, fileName, mimeType: 'application/pdf' });

  async function attach(as: Caller, simId: string, fileName = 'Guide.pdf') {
    const p = await uploaded(as, simId, 'attachment', fileName, PDF, 'application/pdf');
    const res = await addAttachment(as, simId, p.downloadUrl, fileName);
    expect(res.statusCode, res.body).toBe(200);
    return { p, body: res.json() as TDocumentsResponse };
  }

  async function tutorial(as: Caller, simId: string, fileName = 'intro.mp4') {
    const p = await uploaded(as, simId, 'tutorial', fileName, VIDEO, 'video/mp4');
    const res = await as.post(`/api/v1/sims/add-tutorial-video/${simId}`, { url: p.presignedUrl, fileName });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { tutorial_video: { url: string; fileName: string } };
  }

  const uploadPackage = (as: Caller, simId: string, data: Buffer, filename = 'course.zip') =>
    as.form(`/api/v1/sims/add-captivate/${simId}`, {}, [
      { field: 'folder', filename, contentType: 'application/zip', data },
    ]);

  const demoVideo = (as: Caller, simId: string, data = VIDEO, filename = 'demo.webm', contentType = 'video/webm') =>
    as.form(`/api/v1/sims/add-captivate-video/${simId}`, {}, [{ field: 'video_blob', filename, contentType, data }]);

  /** with the clock moved forward (signed URLs expire) */
  async function later<T>(seconds: number, work: () => Promise<T>): Promise<T> {
    const now = ctx.deps.now;
    ctx.deps.now = () => new Date(Date.now() + seconds * 1000);
    try {
      return await work();
    } finally {
      ctx.deps.now = now;
    }
  }

  describe('POST /api/v1/sims/get-presigned-url and the signed PUT', () => {
    it('answers a PUT URL that stores the raw body, and a GET URL reading it back', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const p = await presign(a.as.manager, simId, 'attachment', 'Call guide (v2).pdf');
      expect(p.key).toMatch(new RegExp(`^sims/${simId}/attachment/[0-9a-f-]{36}/Call_guide_v2_.pdf$`));
      expect(p.presignedUrl).toMatch(/^\/api\/v1\/sims\/presigned-upload\/attachment\/.+\?exp=\d+&sub=.+&sig=/);
      expect(p.maxBytes).toBe(UPLOAD_LIMITS.attachmentMaxBytes);
      const res = await inject('PUT', p.presignedUrl, PDF, { 'content-type': 'application/pdf' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, key: p.key, size: PDF.length });
      expect(await fs.readFile(blobFile(p.key))).toEqual(PDF);
      const read = await inject('GET', p.downloadUrl);
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('application/pdf');
      expect(read.rawPayload).toEqual(PDF);
    });

    it('stores an attachment with the type of its extension, whatever the browser declared', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const p = await uploaded(a.as.admin, simId, 'attachment', 'notes.txt', Buffer.from('hello'), 'text/html');
      const read = await inject('GET', p.downloadUrl);
      expect(read.headers['content-type']).toMatch(/^text\/plain/);
      expect(read.body).toBe('hello');
      // a name of other scripts keeps its extension in the key
      const named = await uploaded(a.as.admin, simId, 'attachment', '報告書.pdf', PDF, 'application/pdf');
      expect(named.key).toMatch(/\/file\.pdf$/);
      const doc = await addAttachment(a.as.admin, simId, named.downloadUrl, '報告書.pdf');
      expect((doc.json() as TDocumentsResponse).documents.map((d) => d.fileName)).toContain('報告書.pdf');
    });

    it('refuses bad input with a clear message', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const post = (body: Record<string, unknown>) => a.as.admin.post('/api/v1/sims/get-presigned-url', body);
      expectFailure(await post({ type: 'picture', fileName: 'a.pdf', sim_id: simId }), 400, 'INVALID');
      expectFailure(await post({ type: 'attachment', fileName: '', sim_id: simId }), 400, 'INVALID');
      expectFailure(await post({ type: 'attachment', fileName: 'a.pdf' }), 400, 'INVALID');
      expectFailure(
        await post({ type: 'attachment', fileName: 'tool.exe', sim_id: simId }),
        415,
        'UNSUPPORTED_TYPE',
        M.attachmentType,
      );
      expectFailure(
        await post({ type: 'attachment', fileName: 'page.html', sim_id: simId }),
        415,
        'UNSUPPORTED_TYPE',
        M.attachmentType,
      );
      expectFailure(
        await post({ type: 'tutorial', fileName: 'guide.pdf', sim_id: simId }),
        415,
        'UNSUPPORTED_TYPE',
        M.videoType,
      );
    });

    it('needs sim_list update, the own company and an active sim', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const body = { type: 'attachment', fileName: 'a.pdf', sim_id: simId };
      expectFailure(
        await a.as.agent.post('/api/v1/sims/get-presigned-url', body),
        403,
        'FORBIDDEN',
        MESSAGES.forbidden,
      );
      expectFailure(await a.as.supervisor.post('/api/v1/sims/get-presigned-url', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post('/api/v1/sims/get-presigned-url', body), 401, 'UNAUTHORIZED');
      expectFailure(await b.as.admin.post('/api/v1/sims/get-presigned-url', body), 404, 'NOT_FOUND');
      expectFailure(
        await a.as.admin.post('/api/v1/sims/get-presigned-url', { ...body, sim_id: await trashedSim(a) }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/get-presigned-url', { ...body, sim_id: MISSING_ID }),
        404,
        'NOT_FOUND',
      );
    });

    it('refuses a PUT over the limit while streaming (413) and keeps nothing', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const p = await presign(a.as.admin, simId, 'attachment', 'big.pdf');
      const tooBig = Buffer.alloc(UPLOAD_LIMITS.attachmentMaxBytes + 1, 1);
      const res = await inject('PUT', p.presignedUrl, tooBig, { 'content-type': 'application/pdf' });
      expectFailure(res, 413, 'TOO_LARGE', M.attachmentTooLarge);
      expect(await filesUnder(path.dirname(blobFile(p.key)))).toEqual([]);
      // the limit holds on the bytes, not only on the declared length
      const exact = await inject('PUT', p.presignedUrl, Buffer.alloc(UPLOAD_LIMITS.attachmentMaxBytes, 1), {
        'content-type': 'application/pdf',
      });
      expect(exact.statusCode, exact.body).toBe(200);
    });

    it('refuses a tutorial declared over 1 GiB before reading it, with the spec message', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const p = await presign(a.as.admin, simId, 'tutorial', 'huge.mp4');
      expect(p.maxBytes).toBe(1073741824);
      const res = await inject('PUT', p.presignedUrl, VIDEO, {
        'content-type': 'video/mp4',
        'content-length': String(1073741824 + 1),
      });
      expectFailure(res, 413, 'TOO_LARGE', 'Video size exceeds more than 1048576MB');
      expect(await filesUnder(path.dirname(blobFile(p.key)))).toEqual([]);
    });

    it('refuses a tutorial PUT that is not a video', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const p = await presign(a.as.admin, simId, 'tutorial', 'intro.mp4');
      expectFailure(
        await inject('PUT', p.presignedUrl, VIDEO, { 'content-type': 'text/html' }),
        415,
        'UNSUPPORTED_TYPE',
        M.videoType,
      );
    });

    it('refuses tampered and expired signed URLs (PUT and GET)', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const p = await presign(a.as.admin, simId, 'attachment', 'a.pdf');
      const put = (url: string) => inject('PUT', url, PDF, { 'content-type': 'application/pdf' });
      const badSig = p.presignedUrl.replace(/sig=([\w-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
      expectFailure(await put(badSig), 401, 'UNAUTHORIZED', MESSAGES.linkInvalid);
      const longer = p.presignedUrl.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 3600}`);
      expectFailure(await put(longer), 401, 'UNAUTHORIZED', MESSAGES.linkInvalid);
      const otherSim = await buildSim(ctx, a.users.admin);
      expectFailure(await put(p.presignedUrl.replace(simId, otherSim)), 401, 'UNAUTHORIZED', MESSAGES.linkInvalid);
      expectFailure(await put(p.presignedUrl.split('?')[0]), 401, 'UNAUTHORIZED');
      expectFailure(
        await later(UPLOAD_LIMITS.presignedPutTtlSeconds + 5, () => put(p.presignedUrl)),
        401,
        'UNAUTHORIZED',
        MESSAGES.linkExpired,
      );
      expect(await filesUnder(path.dirname(blobFile(p.key)))).toEqual([]);
      // the PUT URL cannot be used to read, the GET URL cannot be used to write
      expect((await inject('GET', p.presignedUrl)).statusCode).toBe(404);
      expect((await put(p.downloadUrl)).statusCode).toBe(404);
      expect((await put(p.presignedUrl)).statusCode).toBe(200);
      // another first character of the signature (writing 'Z' over a 'Z' changed nothing, 1 run in 64)
      const badGet = p.downloadUrl.replace(/sig=([\w-])/, (_m, c: string) => `sig=${c === 'Z' ? 'Y' : 'Z'}`);
      expectFailure(await inject('GET', badGet), 401, 'UNAUTHORIZED');
      expectFailure(
        await later(UPLOAD_LIMITS.fileUrlTtlSeconds + 5, () => inject('GET', p.downloadUrl)),
        401,
        'UNAUTHORIZED',
        MESSAGES.linkExpired,
      );
    });

    it('refuses the PUT once the signer lost sim_list update, or the sim went to the trash', async () => {
      const custom = await userWithGrants(ctx, a.company, [
        { task: 'sim_list', type: 'view' },
        { task: 'sim_list', type: 'update' },
      ]);
      const simId = await buildSim(ctx, a.users.admin);
      const res = await custom.as.post('/api/v1/sims/get-presigned-url', {
        type: 'attachment',
        fileName: 'a.pdf',
        sim_id: simId,
      });
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json() as TPresignedUrlResponse;
      await ctx.db.delete(rolePermissions).where(eq(rolePermissions.roleId, custom.roleId));
      expectFailure(await inject('PUT', p.presignedUrl, PDF, { 'content-type': 'application/pdf' }), 403, 'FORBIDDEN');

      const other = await presign(a.as.admin, simId, 'attachment', 'b.pdf');
      await a.as.admin.post('/api/v1/sims/delete', { sim_id: simId });
      expectFailure(
        await inject('PUT', other.presignedUrl, PDF, { 'content-type': 'application/pdf' }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('POST /api/v1/sims/add-attachment', () => {
    it('attaches the uploaded file: documents answered with signed urls, the key kept in the database', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const { p, body } = await attach(a.as.manager, simId, 'Call guide for new agents.pdf');
      expect(body.message).toBe('Attachment Uploaded successfully !');
      expect(body.documents).toHaveLength(1);
      const doc = body.documents[0];
      expect(doc).toMatchObject({ fileName: 'Call guide for new agents.pdf', mimeType: 'application/pdf' });
      expect(doc.id).toBe(p.key.split('/')[3]);
      expect(doc.url).toMatch(/^\/api\/v1\/files\/sims\/.+\?exp=\d+&sig=/);
      expect((await inject('GET', doc.url)).rawPayload).toEqual(PDF);
      const row = await simRow(simId);
      expect(row.documents).toEqual([{ ...doc, url: p.key }]);
      // the same upload sent twice is attached once
      const again = await addAttachment(a.as.manager, simId, p.presignedUrl);
      expect((again.json() as TDocumentsResponse).documents).toHaveLength(1);
    });

    it('refuses the 6th document with the spec message', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const uploads = [];
      for (let i = 1; i <= 6; i++)
        uploads.push(await uploaded(a.as.admin, simId, 'attachment', `doc${i}.pdf`, PDF, 'application/pdf'));
      for (const u of uploads.slice(0, 5))
        expect((await addAttachment(a.as.admin, simId, u.downloadUrl)).statusCode).toBe(200);
      expectFailure(
        await addAttachment(a.as.admin, simId, uploads[5].downloadUrl),
        400,
        'INVALID',
        'Only 5 documents can be attached at a time.',
      );
      expect((await simRow(simId)).documents).toHaveLength(5);
      expectFailure(
        await a.as.admin.post('/api/v1/sims/get-presigned-url', {
          type: 'attachment',
          fileName: 'x.pdf',
          sim_id: simId,
        }),
        400,
        'INVALID',
        M.maxAttachments,
      );
    });

    it('refuses a url that is not an uploaded file of this sim', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const otherSim = await buildSim(ctx, a.users.admin);
      const elsewhere = await uploaded(a.as.admin, otherSim, 'attachment', 'a.pdf', PDF, 'application/pdf');
      expectFailure(await addAttachment(a.as.admin, simId, elsewhere.downloadUrl), 400, 'INVALID', M.uploadUrlInvalid);
      expectFailure(
        await addAttachment(a.as.admin, simId, 'https://example.test/a.pdf'),
        400,
        'INVALID',
        M.uploadUrlInvalid,
      );
      const video = await uploaded(a.as.admin, simId, 'tutorial', 'v.mp4', VIDEO, 'video/mp4');
      expectFailure(await addAttachment(a.as.admin, simId, video.downloadUrl), 400, 'INVALID', M.uploadUrlInvalid);
      const never = await presign(a.as.admin, simId, 'attachment', 'never.pdf');
      expectFailure(await addAttachment(a.as.admin, simId, never.downloadUrl), 400, 'INVALID', M.uploadMissing);
      expectFailure(
        await a.as.admin.post('/api/v1/sims/add-attachment', { id: simId, url: never.downloadUrl }),
        400,
        'INVALID',
      );
      expect((await simRow(simId)).documents).toEqual([]);
    });

    it('needs sim_list update, the own company and an active sim', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const p = await uploaded(a.as.admin, simId, 'attachment', 'a.pdf', PDF, 'application/pdf');
      expectFailure(await addAttachment(a.as.agent, simId, p.downloadUrl), 403, 'FORBIDDEN');
      expectFailure(await addAttachment(a.as.supervisor, simId, p.downloadUrl), 403, 'FORBIDDEN');
      expectFailure(await addAttachment(a.as.nobody, simId, p.downloadUrl), 401, 'UNAUTHORIZED');
      expectFailure(await addAttachment(b.as.admin, simId, p.downloadUrl), 404, 'NOT_FOUND');
      await a.as.admin.post('/api/v1/sims/delete', { sim_id: simId });
      expectFailure(await addAttachment(a.as.admin, simId, p.downloadUrl), 404, 'NOT_FOUND');
      expect((await simRow(simId)).documents).toEqual([]);
    });
  });

  describe('POST /api/v1/sims/add-tutorial-video/:id', () => {
    it('keeps the uploaded video; it streams with HTTP ranges; a new one replaces (and deletes) the old', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const first = await tutorial(a.as.admin, simId, 'intro.mp4');
      expect(first.tutorial_video.fileName).toBe('intro.mp4');
      const row = await simRow(simId);
      expect(row.tutorialVideo).toMatchObject({ fileName: 'intro.mp4', mimeType: 'video/mp4', size: VIDEO.length });
      const firstKey = row.tutorialVideo!.key;
      expect(await fs.readFile(blobFile(firstKey))).toEqual(VIDEO);

      const whole = await inject('GET', first.tutorial_video.url);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-length']).toBe(String(VIDEO.length));
      const part = await inject('GET', first.tutorial_video.url, undefined, { range: 'bytes=4-11' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 4-11/${VIDEO.length}`);
      expect(part.body).toBe('ftypmp42');
      const tail = await inject('GET', first.tutorial_video.url, undefined, { range: 'bytes=-10' });
      expect(tail.rawPayload).toEqual(VIDEO.subarray(VIDEO.length - 10));
      const beyond = await inject('GET', first.tutorial_video.url, undefined, { range: `bytes=${VIDEO.length}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${VIDEO.length}`);

      const second = await tutorial(a.as.admin, simId, 'better.webm');
      expect(second.tutorial_video.fileName).toBe('better.webm');
      expect((await simRow(simId)).tutorialVideo!.key).not.toBe(firstKey);
      await expect(fs.stat(blobFile(firstKey))).rejects.toThrow();
    });

    it('refuses a url that is not an uploaded tutorial of this sim', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const doc = await uploaded(a.as.admin, simId, 'attachment', 'a.pdf', PDF, 'application/pdf');
      const add = (url: string, fileName = 'x.mp4') =>
        a.as.admin.post(`/api/v1/sims/add-tutorial-video/${simId}`, { url, fileName });
      expectFailure(await add(doc.downloadUrl), 400, 'INVALID', M.uploadUrlInvalid);
      const never = await presign(a.as.admin, simId, 'tutorial', 'never.mp4');
      expectFailure(await add(never.downloadUrl), 400, 'INVALID', M.uploadMissing);
      expectFailure(
        await a.as.admin.post(`/api/v1/sims/add-tutorial-video/${simId}`, { fileName: 'x.mp4' }),
        400,
        'INVALID',
      );
      expect((await simRow(simId)).tutorialVideo).toBeNull();
    });

    it('needs sim_list update, the own company and an active sim', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const p = await uploaded(a.as.admin, simId, 'tutorial', 'v.mp4', VIDEO, 'video/mp4');
      const body = { url: p.downloadUrl, fileName: 'v.mp4' };
      const url = `/api/v1/sims/add-tutorial-video/${simId}`;
      expectFailure(await a.as.agent.post(url, body), 403, 'FORBIDDEN');
      expectFailure(await a.as.supervisor.post(url, body), 403, 'FORBIDDEN');
      expectFailure(await b.as.admin.post(url, body), 404, 'NOT_FOUND');
      await a.as.admin.post('/api/v1/sims/delete', { sim_id: simId });
      expectFailure(await a.as.admin.post(url, body), 404, 'NOT_FOUND');
      expect((await simRow(simId)).tutorialVideo).toBeNull();
    });
  });

  describe('PATCH /api/v1/sims/remove-document', () => {
    const remove = (as: Caller, simId: string, documentId: string) =>
      as.patch('/api/v1/sims/remove-document', { simId, documentId });

    it('removes the document and deletes its file', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const one = await attach(a.as.admin, simId, 'one.pdf');
      await attach(a.as.admin, simId, 'two.pdf');
      const res = await remove(a.as.manager, simId, one.body.documents[0].id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as TDocumentsResponse;
      expect(body.documents.map((d) => d.fileName)).toEqual(['two.pdf']);
      expect((await simRow(simId)).documents.map((d) => d.fileName)).toEqual(['two.pdf']);
      await expect(fs.stat(blobFile(one.p.key))).rejects.toThrow();
      expectFailure(await remove(a.as.admin, simId, one.body.documents[0].id), 404, 'NOT_FOUND', M.unknownDocument);
    });

    it('keeps a file a duplicated sim still points to', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const { p, body } = await attach(a.as.admin, simId);
      const dup = await a.as.admin.post('/api/v1/sims/duplicate-sim', { simId });
      expect(dup.statusCode, dup.body).toBe(200);
      const copyId = (dup.json() as { sim_id: string }).sim_id;
      expect((await simRow(copyId)).documents).toHaveLength(1);
      expect((await remove(a.as.admin, simId, body.documents[0].id)).statusCode).toBe(200);
      expect(await fs.readFile(blobFile(p.key))).toEqual(PDF);
      expect((await remove(a.as.admin, copyId, body.documents[0].id)).statusCode).toBe(200);
      await expect(fs.stat(blobFile(p.key))).rejects.toThrow();
    });

    it('refuses bad input, other companies, the trash and callers without sim_list update', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const { body } = await attach(a.as.admin, simId);
      const id = body.documents[0].id;
      expectFailure(await a.as.admin.patch('/api/v1/sims/remove-document', { simId }), 400, 'INVALID');
      expectFailure(await remove(a.as.agent, simId, id), 403, 'FORBIDDEN');
      expectFailure(await remove(a.as.supervisor, simId, id), 403, 'FORBIDDEN');
      expectFailure(await remove(b.as.admin, simId, id), 404, 'NOT_FOUND');
      await a.as.admin.post('/api/v1/sims/delete', { sim_id: simId });
      expectFailure(await remove(a.as.admin, simId, id), 404, 'NOT_FOUND');
      expect((await simRow(simId)).documents).toHaveLength(1);
    });
  });

  describe('POST /api/v1/sims/add-captivate/:id (the learning package)', () => {
    it('unpacks a zip into the blob store and serves it: start page, relative links, sandboxed', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const res = await uploadPackage(a.as.manager, simId, await makeArchive('zip', { files: PACKAGE_FILES }));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as TCaptivateResponse;
      expect(body.message).toBe('Captivate Learning Uploaded successfully !');
      expect(body.captivate_folder_name).toBe('course');
      expect(body.captivate_url).toMatch(
        /^\/api\/v1\/sims\/captivate-package\/\d+\.[\w-]+\/[0-9a-f-]+\/[0-9a-f-]+\/course\/index\.html$/,
      );

      const row = await simRow(simId);
      expect(row.captivateFolderName).toBe('course');
      expect(row.captivateEntry).toMatch(new RegExp(`^sims/${simId}/captivate/[0-9a-f-]{36}/course/index.html$`));
      const folder = path.dirname(path.dirname(blobFile(row.captivateEntry!)));
      expect((await filesUnder(folder)).filter((f) => !f.endsWith('.type'))).toEqual([
        'course/img/logo.png',
        'course/index.html',
        'course/js/app.js',
        'course/pages/page 2.html',
      ]);

      const page = await inject('GET', body.captivate_url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toBe(PACKAGE_FILES['course/index.html']);
      expect(page.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
      expect(page.headers['content-security-policy']).not.toMatch(/allow-same-origin/);
      expect(page.headers['content-disposition']).toBeUndefined();
      const base = new URL(body.captivate_url, 'http://app.test');
      const script = await inject('GET', new URL('js/app.js', base).pathname);
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      expect(script.body).toBe(PACKAGE_FILES['course/js/app.js']);
      const second = await inject('GET', new URL('pages/page 2.html', base).pathname);
      expect(second.body).toBe(PACKAGE_FILES['course/pages/page 2.html']);
      expect((await inject('GET', new URL('img/logo.png', base).pathname)).headers['content-type']).toBe('image/png');
      expect((await inject('GET', new URL('missing.js', base).pathname)).statusCode).toBe(404);
      expect((await inject('GET', new URL('../../x', base).pathname)).statusCode).toBe(404);
    });

    it('refuses a tampered or expired package URL', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const res = await uploadPackage(a.as.admin, simId, await makeArchive('zip', { files: PACKAGE_FILES }));
      const url = (res.json() as TCaptivateResponse).captivate_url;
      const tampered = url.replace(/\.([\w-])/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
      expectFailure(await inject('GET', tampered), 401, 'UNAUTHORIZED', MESSAGES.linkInvalid);
      const otherUpload = url.replace(/\/([0-9a-f-]{36})\/course/, `/${MISSING_ID}/course`);
      expectFailure(await inject('GET', otherUpload), 401, 'UNAUTHORIZED', MESSAGES.linkInvalid);
      expectFailure(
        await later(UPLOAD_LIMITS.fileUrlTtlSeconds + 5, () => inject('GET', url)),
        401,
        'UNAUTHORIZED',
        MESSAGES.linkExpired,
      );
    });

    it('unpacks a 7z archive and picks the start page', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const archive = await makeArchive('7zip', {
        files: { 'readme.html': 'read me', 'Course/story.html': 'story', 'Course/story_content/a.js': 'x' },
      });
      const res = await uploadPackage(a.as.admin, simId, archive, 'My Course.7z');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as TCaptivateResponse;
      expect(body.captivate_folder_name).toBe('My Course');
      expect(body.captivate_url).toMatch(/\/Course\/story\.html$/);
      expect((await inject('GET', body.captivate_url)).body).toBe('story');
    });

    it('replaces the package and deletes the old files', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      await uploadPackage(a.as.admin, simId, await makeArchive('zip', { files: PACKAGE_FILES }));
      const oldEntry = (await simRow(simId)).captivateEntry!;
      const res = await uploadPackage(
        a.as.admin,
        simId,
        await makeArchive('zip', { files: { 'index.htm': 'v2' } }),
        'v2.zip',
      );
      expect(res.statusCode, res.body).toBe(200);
      const row = await simRow(simId);
      expect(row.captivateFolderName).toBe('v2');
      expect(row.captivateEntry).toMatch(/\/index\.htm$/);
      expect(await filesUnder(path.dirname(path.dirname(blobFile(oldEntry))))).toEqual([]);
    });

    describe('refuses unsafe archives, with nothing written', () => {
      async function expectRefused(
        data: Buffer,
        status: number,
        code: ErrorCode,
        message: string,
        filename = 'evil.zip',
      ) {
        const simId = await buildSim(ctx, a.users.admin);
        const res = await uploadPackage(a.as.admin, simId, data, filename);
        expectFailure(res, status, code, message);
        const row = await simRow(simId);
        expect(row.captivateEntry).toBeNull();
        expect(row.captivateFolderName).toBeNull();
        expect(await filesUnder(path.join(blobRoot(), 'sims', simId))).toEqual([]);
        expect(await filesUnder(path.join(ctx.deps.config.dataDir, 'tmp'))).toEqual([]);
      }

      it('a path climbing out of the folder (../)', async () => {
        const data = await makeArchive('zip', {
          files: { 'index.html': 'ok', evil: 'escaped' },
          rename: [',^evil$,../../evil.html,'],
        });
        await expectRefused(data, 400, 'INVALID', M.packageUnsafe);
        await expect(fs.stat(path.join(ctx.deps.config.dataDir, 'evil.html'))).rejects.toThrow();
      });

      it('an absolute path', async () => {
        const data = await makeArchive('zip', {
          files: { 'index.html': 'ok', evil: 'x' },
          rename: [',^evil$,/tmp/evil.html,'],
        });
        await expectRefused(data, 400, 'INVALID', M.packageUnsafe);
      });

      it('a symbolic link', async () => {
        const data = await makeArchive('zip', {
          files: { 'index.html': 'ok' },
          symlinks: { 'passwd.html': '/etc/passwd' },
        });
        await expectRefused(data, 400, 'INVALID', M.packageUnsafe);
      });

      it('a symbolic link in a 7z archive', async () => {
        const data = await makeArchive('7zip', { files: { 'index.html': 'ok' }, symlinks: { up: '..' } });
        await expectRefused(data, 400, 'INVALID', M.packageUnsafe, 'evil.7z');
      });

      it('a hard link (in a tar named .zip: the content decides, not the name)', async () => {
        const data = await makeArchive('ustar', {
          files: { 'index.html': 'ok' },
          hardlinks: { 'copy.html': 'index.html' },
        });
        await expectRefused(data, 400, 'INVALID', M.packageUnsafe);
      });

      // a real bomb against the real limit: ~1 MB of zip holding 1 GiB of zeros (a sparse file, so
      // building it writes no gigabytes; compressing it takes a few seconds of CPU)
      it('a zip bomb: a small archive unpacking past the limit', { timeout: 120_000 }, async () => {
        const data = await makeArchive('zip', {
          files: { 'index.html': 'ok' },
          sparse: { 'zeros.bin': UPLOAD_LIMITS.packageMaxUnpackedBytes + MB },
        });
        expect(data.length).toBeLessThan(5 * MB);
        await expectRefused(data, 413, 'TOO_LARGE', M.packageTooBig);
      });

      it('a damaged archive, a package without a start page, an empty one, another file type', async () => {
        await expectRefused(
          Buffer.from('PK\u0003\u0004 this is not really a zip'),
          400,
          'INVALID',
          M.packageUnreadable,
        );
        await expectRefused(await makeArchive('zip', { files: { 'a.js': 'x' } }), 400, 'INVALID', M.packageNoStartPage);
        await expectRefused(await makeArchive('zip', { files: { '.hidden': 'x' } }), 400, 'INVALID', M.packageEmpty);
        await expectRefused(
          await makeArchive('zip', { files: { 'index.html': 'x' } }),
          415,
          'UNSUPPORTED_TYPE',
          M.packageType,
          'course.tar',
        );
      });
    });

    it('needs a file, sim_list update, the own company and an active sim', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const data = await makeArchive('zip', { files: PACKAGE_FILES });
      expectFailure(
        await a.as.admin.form(`/api/v1/sims/add-captivate/${simId}`, { x: '1' }),
        400,
        'INVALID',
        M.fileMissing('folder'),
      );
      expectFailure(
        await a.as.admin.post(`/api/v1/sims/add-captivate/${simId}`, {}),
        415,
        'UNSUPPORTED_TYPE',
        M.notMultipart,
      );
      expectFailure(await uploadPackage(a.as.agent, simId, data), 403, 'FORBIDDEN');
      expectFailure(await uploadPackage(a.as.supervisor, simId, data), 403, 'FORBIDDEN');
      expectFailure(await uploadPackage(b.as.admin, simId, data), 404, 'NOT_FOUND');
      expectFailure(await uploadPackage(a.as.admin, await trashedSim(a), data), 404, 'NOT_FOUND');
      expect((await simRow(simId)).captivateEntry).toBeNull();
    });
  });

  describe('safe unpacking with smaller limits (unpackArchive)', () => {
    async function unpack(data: Buffer, limits: Partial<Parameters<typeof unpackArchive>[2]> = {}) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-unpack-'));
      try {
        await fs.writeFile(path.join(dir, 'in.zip'), data);
        await fs.mkdir(path.join(dir, 'out'));
        const full = { maxEntries: 100, maxBytes: MB, maxDepth: 5, timeoutMs: 30_000, ...limits };
        const files = await unpackArchive(path.join(dir, 'in.zip'), path.join(dir, 'out'), full).catch((e) => e);
        return { files, left: await filesUnder(path.join(dir, 'out')) };
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    }

    it('counts entries, bytes and depth', async () => {
      const many = await makeArchive('zip', {
        files: Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`f${n}.html`, 'x'])),
      });
      expect((await unpack(many)).files).toHaveLength(5);
      const tooMany = await unpack(many, { maxEntries: 4 });
      expect(tooMany.files).toBeInstanceOf(UnpackError);
      expect(tooMany.files.reason).toBe('too-big');
      const bomb = await makeArchive('zip', { files: { 'index.html': 'x' }, sparse: { 'z.bin': 4 * MB } });
      expect((await unpack(bomb, { maxBytes: 2 * MB })).files.reason).toBe('too-big');
      const deep = await makeArchive('zip', { files: { 'a/b/c/d/index.html': 'x' } });
      expect((await unpack(deep, { maxDepth: 2 })).files.reason).toBe('too-big');
      expect((await unpack(deep, { maxDepth: 4 })).files).toEqual([{ path: 'a/b/c/d/index.html', size: 1 }]);
    });

    it('writes nothing of a refused archive and drops hidden and __MACOSX entries', async () => {
      const evil = await makeArchive('zip', { files: { 'index.html': 'ok', e: 'x' }, rename: [',^e$,a/../../e,'] });
      const refused = await unpack(evil);
      expect(refused.files.reason).toBe('unsafe');
      const junk = await makeArchive('zip', {
        files: { 'index.html': 'ok', '__MACOSX/._index.html': 'x', '.DS_Store': 'x' },
      });
      const kept = await unpack(junk);
      expect(kept.left).toEqual(['index.html']);
    });

    it('chooses the start page', () => {
      const files = (paths: string[]) => paths.map((p) => ({ path: p, size: 1 }));
      expect(findStartPage(files(['a/b.html', 'a/index.html', 'z.htm']))).toBe('a/index.html');
      expect(findStartPage(files(['deep/er/index.html', 'top/story.html']))).toBe('top/story.html');
      expect(findStartPage(files(['b.html', 'a.html', 'x/index.htm']))).toBe('x/index.htm');
      expect(findStartPage(files(['b.html', 'a.html']))).toBe('a.html');
      expect(findStartPage(files(['a.js']))).toBeNull();
    });
  });

  describe('POST /api/v1/sims/add-captivate-video/:id (the demo video)', () => {
    it('stores the video and keeps it on the sim', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const res = await demoVideo(a.as.manager, simId);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { message: string; captivate_demo_video: { url: string; fileName: string } };
      expect(body.message).toBe('Captivate Tutorial Uploaded successfully !');
      expect(body.captivate_demo_video.fileName).toBe('demo.webm');
      const row = await simRow(simId);
      expect(row.captivateDemoVideo).toMatchObject({
        fileName: 'demo.webm',
        mimeType: 'video/webm',
        size: VIDEO.length,
      });
      expect(await fs.readFile(blobFile(row.captivateDemoVideo!.key))).toEqual(VIDEO);
      const read = await inject('GET', body.captivate_demo_video.url, undefined, { range: 'bytes=0-3' });
      expect(read.statusCode).toBe(206);
      // a recorded blob without a name gets the extension of its type
      const blob = await demoVideo(a.as.admin, simId, VIDEO, 'blob', 'video/webm');
      expect((blob.json() as typeof body).captivate_demo_video.fileName).toBe('blob.webm');
    });

    it('refuses a video over 100 MB with the spec message, and other types', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const big = Buffer.alloc(UPLOAD_LIMITS.demoVideoMaxBytes + 1, 3);
      expectFailure(await demoVideo(a.as.admin, simId, big), 413, 'TOO_LARGE', 'Video size exceeds more than 100mb');
      expectFailure(
        await demoVideo(a.as.admin, simId, PDF, 'guide.pdf', 'application/pdf'),
        415,
        'UNSUPPORTED_TYPE',
        M.videoType,
      );
      expectFailure(await a.as.admin.form(`/api/v1/sims/add-captivate-video/${simId}`, { a: 'b' }), 400, 'INVALID');
      expect((await simRow(simId)).captivateDemoVideo).toBeNull();
      expect(await filesUnder(path.join(blobRoot(), 'sims', simId))).toEqual([]);
    });

    it('needs sim_list update, the own company and an active sim', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      expectFailure(await demoVideo(a.as.agent, simId), 403, 'FORBIDDEN');
      expectFailure(await demoVideo(a.as.supervisor, simId), 403, 'FORBIDDEN');
      expectFailure(await demoVideo(b.as.admin, simId), 404, 'NOT_FOUND');
      expectFailure(await demoVideo(a.as.admin, await trashedSim(a)), 404, 'NOT_FOUND');
      expect((await simRow(simId)).captivateDemoVideo).toBeNull();
    });
  });

  describe('POST /api/v1/sims/upload-video', () => {
    const upload = (
      token: string,
      fields: Record<string, string>,
      fieldsFirst = true,
      file = { field: 'video', filename: 'clip.mp4', contentType: 'video/mp4', data: VIDEO },
    ) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sims/upload-video',
        ...multipartIn(token, fields, file, fieldsFirst),
      });

    it('holds each video to its own limit and type, whichever comes first', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const big = { field: 'video', filename: 'demo.mp4', contentType: 'video/mp4', data: Buffer.alloc(100 * MB + 1) };
      const demo = { sim_id: simId, field_type: 'captivate_demo_video' };
      expectFailure(
        await upload(a.tokens.admin, demo, true, big),
        413,
        'TOO_LARGE',
        'Video size exceeds more than 100mb',
      );
      expectFailure(
        await upload(a.tokens.admin, demo, false, big),
        413,
        'TOO_LARGE',
        'Video size exceeds more than 100mb',
      );
      const text = { field: 'video', filename: 'a.txt', contentType: 'text/plain', data: PDF };
      expectFailure(await upload(a.tokens.admin, demo, true, text), 415, 'UNSUPPORTED_TYPE', M.videoType);
      const row = await simRow(simId);
      expect([row.captivateDemoVideo, row.tutorialVideo]).toEqual([null, null]);
      expect(await filesUnder(path.join(blobRoot(), 'sims', simId))).toEqual([]);
      expect(await filesUnder(path.join(ctx.deps.config.dataDir, 'tmp'))).toEqual([]);
    });

    it('uploads the tutorial (fields first) and the demo video (fields after the file)', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const one = await upload(a.tokens.admin, { sim_id: simId, field_type: 'tutorial_video' });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ message: M.tutorialUploaded, tutorial_video: { fileName: 'clip.mp4' } });
      const two = await upload(a.tokens.admin, { sim_id: simId, field_type: 'captivate_demo_video' }, false);
      expect(two.statusCode, two.body).toBe(200);
      expect(two.json()).toMatchObject({
        message: M.demoVideoUploaded,
        captivate_demo_video: { fileName: 'clip.mp4' },
      });
      const row = await simRow(simId);
      expect(await fs.readFile(blobFile(row.tutorialVideo!.key))).toEqual(VIDEO);
      expect(await fs.readFile(blobFile(row.captivateDemoVideo!.key))).toEqual(VIDEO);
      expect(row.captivateDemoVideo!.key).toMatch(new RegExp(`^sims/${simId}/demo-video/`));
    });

    it('refuses bad fields, other companies, the trash and callers without sim_list update', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      expectFailure(await upload(a.tokens.admin, { sim_id: simId, field_type: 'captivate_folder' }), 400, 'INVALID');
      expectFailure(await upload(a.tokens.admin, { field_type: 'tutorial_video' }), 400, 'INVALID');
      expectFailure(await upload(a.tokens.agent, { sim_id: simId, field_type: 'tutorial_video' }), 403, 'FORBIDDEN');
      expectFailure(
        await upload(a.tokens.supervisor, { sim_id: simId, field_type: 'tutorial_video' }),
        403,
        'FORBIDDEN',
      );
      expectFailure(await upload(b.tokens.admin, { sim_id: simId, field_type: 'tutorial_video' }), 404, 'NOT_FOUND');
      expectFailure(
        await upload(b.tokens.admin, { sim_id: simId, field_type: 'tutorial_video' }, false),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await upload(a.tokens.admin, { sim_id: await trashedSim(a), field_type: 'tutorial_video' }),
        404,
        'NOT_FOUND',
      );
      const row = await simRow(simId);
      expect(row.tutorialVideo).toBeNull();
      expect(await filesUnder(path.join(blobRoot(), 'sims', simId))).toEqual([]);
    });
  });

  describe('POST /api/v1/sims/remove-media', () => {
    const removeMedia = (as: Caller, simId: string, field_type: string) =>
      as.post('/api/v1/sims/remove-media', { sim_id: simId, field_type });

    it('clears each field and deletes its files', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      await tutorial(a.as.admin, simId);
      await demoVideo(a.as.admin, simId);
      await uploadPackage(a.as.admin, simId, await makeArchive('zip', { files: PACKAGE_FILES }));
      const before = await simRow(simId);
      for (const field of ['tutorial_video', 'captivate_demo_video', 'captivate_folder']) {
        const res = await removeMedia(a.as.manager, simId, field);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ success: true, message: M.mediaRemoved });
      }
      const row = await simRow(simId);
      expect([row.tutorialVideo, row.captivateDemoVideo, row.captivateEntry, row.captivateFolderName]).toEqual([
        null,
        null,
        null,
        null,
      ]);
      await expect(fs.stat(blobFile(before.tutorialVideo!.key))).rejects.toThrow();
      await expect(fs.stat(blobFile(before.captivateDemoVideo!.key))).rejects.toThrow();
      expect(await filesUnder(path.join(blobRoot(), 'sims', simId))).toEqual([]);
      // nothing left to remove: still fine
      expect((await removeMedia(a.as.admin, simId, 'tutorial_video')).statusCode).toBe(200);
    });

    it('refuses bad input, other companies, the trash and callers without sim_list update', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      await tutorial(a.as.admin, simId);
      expectFailure(await removeMedia(a.as.admin, simId, 'documents'), 400, 'INVALID');
      expectFailure(await removeMedia(a.as.agent, simId, 'tutorial_video'), 403, 'FORBIDDEN');
      expectFailure(await removeMedia(a.as.supervisor, simId, 'tutorial_video'), 403, 'FORBIDDEN');
      expectFailure(await removeMedia(b.as.admin, simId, 'tutorial_video'), 404, 'NOT_FOUND');
      await a.as.admin.post('/api/v1/sims/delete', { sim_id: simId });
      expectFailure(await removeMedia(a.as.admin, simId, 'tutorial_video'), 404, 'NOT_FOUND');
      expect((await simRow(simId)).tutorialVideo).not.toBeNull();
    });
  });

  describe('POST /api/v1/sims/upload-audio (the author’s recording of an agent script)', () => {
    let wav: Buffer;
    beforeAll(async () => {
      wav = await toneWav(1);
    });
    const upload = (as: Caller, fields: Record<string, string>, data = wav, contentType = 'audio/wav') =>
      as.form('/api/v1/sims/upload-audio', fields, [{ field: 'audio_blob', filename: 'blob', contentType, data }]);

    async function agentScript() {
      const { simId, sim } = await simWithScripts(ctx, a.users.admin);
      const scripts = sim.levels[0].scripts;
      const agentId = characterOf(sim, 'agent');
      const agent = scripts.find((s) => s.sim_character_id === agentId)!;
      const other = scripts.find((s) => s.sim_character_id !== agentId)!;
      return { simId, scriptId: agent._id, otherId: other._id };
    }
    const scriptRow = async (id: string) => (await ctx.db.select().from(simScripts).where(eq(simScripts.id, id)))[0];

    it('converts the recording to MP3, keeps it on the script and switches the script to it', async () => {
      const { simId, scriptId } = await agentScript();
      const res = await upload(a.as.manager, { sim_id: simId, sim_script_id: scriptId });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { sim_script_id: string; agent_recorded_url: string; agent_recorded_audio: boolean };
      expect(body).toMatchObject({ success: true, sim_script_id: scriptId, agent_recorded_audio: true });
      const row = await scriptRow(scriptId);
      expect(row.agentRecordedAudio).toBe(true);
      expect(row.agentRecordedKey).toMatch(new RegExp(`^sims/${simId}/recordings/[0-9a-f-]{36}/${scriptId}.mp3$`));
      const mp3 = await inject('GET', body.agent_recorded_url);
      expect(mp3.statusCode).toBe(200);
      expect(mp3.headers['content-type']).toBe('audio/mpeg');
      const head = mp3.rawPayload;
      expect(head.subarray(0, 3).toString('latin1') === 'ID3' || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0)).toBe(
        true,
      );

      const full = await a.as.admin.get(`/api/v1/sims/full-details?sim_id=${simId}`);
      const script = (
        full.json() as { sim: { levels: { scripts: { _id: string; agent_recorded_url: string }[] }[] } }
      ).sim.levels[0].scripts.find((s) => s._id === scriptId)!;
      expect(script.agent_recorded_url).toMatch(/\.mp3\?exp=/);

      // a new recording replaces (and deletes) the old clip
      const oldKey = row.agentRecordedKey!;
      expect((await upload(a.as.admin, { sim_id: simId, sim_script_id: scriptId })).statusCode).toBe(200);
      expect((await scriptRow(scriptId)).agentRecordedKey).not.toBe(oldKey);
      await expect(fs.stat(blobFile(oldKey))).rejects.toThrow();
    });

    it('refuses what is not an agent script, not audio, or not readable', async () => {
      const { simId, scriptId, otherId } = await agentScript();
      expectFailure(
        await upload(a.as.admin, { sim_id: simId, sim_script_id: otherId }),
        422,
        'RULE_BROKEN',
        M.audioAgentOnly,
      );
      expectFailure(
        await upload(a.as.admin, { sim_id: simId, sim_script_id: scriptId }, PDF, 'application/pdf'),
        415,
        'UNSUPPORTED_TYPE',
        M.audioType,
      );
      expectFailure(
        await upload(
          a.as.admin,
          { sim_id: simId, sim_script_id: scriptId },
          Buffer.from('not audio at all'),
          'audio/webm',
        ),
        400,
        'INVALID',
        M.audioUnreadable,
      );
      // a WAV whose header says 1 Hz is not a 16 000 s clip (issue 32): refused before ffmpeg runs
      const forged = await upload(a.as.admin, { sim_id: simId, sim_script_id: scriptId }, forgedWav({ rate: 1 }));
      expectFailure(forged, 400, 'INVALID');
      expect((forged.json() as { message: string }).message).toContain('1 Hz');
      expectFailure(await upload(a.as.admin, { sim_id: simId }), 400, 'INVALID');
      expectFailure(await upload(a.as.admin, { sim_id: simId, sim_script_id: MISSING_ID }), 404, 'NOT_FOUND');
      expectFailure(
        await a.as.admin.form('/api/v1/sims/upload-audio', { sim_id: simId, sim_script_id: scriptId }),
        400,
        'INVALID',
      );
      const row = await scriptRow(scriptId);
      expect([row.agentRecordedKey, row.agentRecordedAudio]).toEqual([null, false]);
    });

    it('needs sim_list update, the own company and an active sim', async () => {
      const { simId, scriptId } = await agentScript();
      const fields = { sim_id: simId, sim_script_id: scriptId };
      expectFailure(await upload(a.as.agent, fields), 403, 'FORBIDDEN');
      expectFailure(await upload(a.as.supervisor, fields), 403, 'FORBIDDEN');
      expectFailure(await upload(b.as.admin, fields), 404, 'NOT_FOUND');
      await a.as.admin.post('/api/v1/sims/delete', { sim_id: simId });
      expectFailure(await upload(a.as.admin, fields), 404, 'NOT_FOUND');
      expect((await scriptRow(scriptId)).agentRecordedKey).toBeNull();
    });
  });

  describe('Empty Trash releases the files', () => {
    it('deletes the files of the sims it removes, but keeps those a duplicate still points to', async () => {
      const c = await buildStaffedCompany(ctx, { agent2: true });
      const simId = await buildSim(ctx, c.users.admin);
      const own = await attach(c.as.admin, simId, 'own.pdf');
      await tutorial(c.as.admin, simId, 'intro.mp4');
      const video = (await simRow(simId)).tutorialVideo?.key;
      await uploadPackage(c.as.admin, simId, await makeArchive('zip', { files: PACKAGE_FILES }));
      const entry = (await simRow(simId)).captivateEntry;
      const kept = await buildSim(ctx, c.users.admin);
      const shared = await attach(c.as.admin, kept, 'shared.pdf');
      const dup = await c.as.admin.post('/api/v1/sims/duplicate-sim', { simId: kept });
      expect(dup.statusCode, dup.body).toBe(200);
      for (const id of [simId, kept])
        expect((await c.as.admin.post('/api/v1/sims/delete', { sim_id: id })).statusCode).toBe(200);

      const res = await c.as.admin.post('/api/v1/sims/trash', {});
      expect(res.statusCode, res.body).toBe(200);
      expect(await simRow(simId)).toBeUndefined();
      await expect(fs.stat(blobFile(own.p.key))).rejects.toThrow();
      await expect(fs.stat(blobFile(String(video)))).rejects.toThrow();
      await expect(fs.stat(blobFile(String(entry)))).rejects.toThrow();
      // the duplicate (not trashed) still shows its attachment
      expect(await fs.readFile(blobFile(shared.p.key))).toEqual(PDF);
    });
  });

  describe('sim reads carry the uploads', () => {
    it('current-sim, details and full-details answer documents, videos and the package with signed urls', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      await attach(a.as.admin, simId, 'guide.pdf');
      await tutorial(a.as.admin, simId, 'intro.mp4');
      await demoVideo(a.as.admin, simId);
      await uploadPackage(a.as.admin, simId, await makeArchive('zip', { files: PACKAGE_FILES }));
      for (const url of [
        `/api/v1/sims/current-sim?id=${simId}`,
        `/api/v1/sims/details?simId=${simId}`,
        `/api/v1/sims/full-details?sim_id=${simId}`,
      ]) {
        const res = await a.as.supervisor.get(url);
        expect(res.statusCode, res.body).toBe(200);
        const sim = (res.json() as { sim: Record<string, unknown> }).sim as {
          documents: { url: string; fileName: string }[];
          tutorial_video: { url: string; fileName: string } | null;
          captivate_folder_name: string | null;
          captivate_url: string | null;
          captivate_demo_video: { url: string; fileName: string } | null;
        };
        expect(sim.documents.map((d) => d.fileName)).toEqual(['guide.pdf']);
        expect((await inject('GET', sim.documents[0].url)).rawPayload).toEqual(PDF);
        expect(sim.tutorial_video?.fileName).toBe('intro.mp4');
        expect((await inject('GET', sim.tutorial_video!.url)).rawPayload).toEqual(VIDEO);
        expect(sim.captivate_demo_video?.fileName).toBe('demo.webm');
        expect((await inject('GET', sim.captivate_demo_video!.url)).statusCode).toBe(200);
        expect(sim.captivate_folder_name).toBe('course');
        expect((await inject('GET', sim.captivate_url!)).body).toBe(PACKAGE_FILES['course/index.html']);
      }
      const empty = await buildSim(ctx, a.users.admin);
      const res = await a.as.admin.get(`/api/v1/sims/current-sim?id=${empty}`);
      expect(res.json()).toMatchObject({
        sim: {
          documents: [],
          tutorial_video: null,
          captivate_folder_name: null,
          captivate_url: null,
          captivate_demo_video: null,
        },
      });
    });
  });
});

/** A multipart request with the fields before or after the file (sims-fixtures' form puts fields first). */
function multipartIn(
  token: string,
  fields: Record<string, string>,
  file: { field: string; filename: string; contentType: string; data: Buffer },
  fieldsFirst: boolean,
) {
  const boundary = '----simupload0123456789';
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const filePart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from('\r\n'),
  ]);
  const parts = fieldsFirst ? [...fieldParts, filePart] : [filePart, ...fieldParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
