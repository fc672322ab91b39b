import fs from 'node:fs/promises';
import path from 'node:path';
import { INPUT_MESSAGES, ROLE_NAMES } from '@sim/shared';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Invalid } from '../src/lib/errors';
import { registerErrorHandling } from '../src/plugins/errors';
import { buildUser, multipart, simWithScripts, staffedCompany, testApp } from './factories';

/**
 * Malformed input the handlers parse themselves, and the uuid of login-to-agent-account: always 400 with
 * the envelope `{success:false, message, code}`, never 500.
 */

type FileSpec = Parameters<typeof multipart>[1][number];
interface FormRoute {
  url: string;
  fields: Record<string, string>;
  file?: FileSpec;
}

const bytes = (n: number, fill = 7) => Buffer.alloc(n, fill);

describe('malformed input parsed by the handlers', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  let simId: string;
  let scriptId: string;
  let forms: FormRoute[];

  beforeAll(async () => {
    const made = await simWithScripts(ctx, a.users.admin);
    simId = made.simId;
    const agentLine = made.sim.levels[0].scripts.find(
      (s) => s.sim_character_id === made.sim.sim_characters.find((c) => c.type === 'agent')?._id,
    );
    scriptId = (agentLine ?? made.sim.levels[0].scripts[0])._id;
    const xlsx = {
      filename: 'levels.xlsx',
      contentType: 'application/octet-stream',
      data: Buffer.concat([Buffer.from('PK\x03\x04'), bytes(64 * 1024)]),
    };
    // the ten routes that read a multipart form, each with a form it would accept the shape of
    forms = [
      {
        url: '/api/v1/sims/basicInfo',
        fields: { data: JSON.stringify({ title: 'A sim', description: 'x'.repeat(64 * 1024) }) },
      },
      {
        url: '/api/v1/sims/grade-transcription',
        fields: { sim_level_user_response: '1', script_id: scriptId },
        file: { field: 'audio_blob', filename: 'line.webm', contentType: 'audio/webm', data: bytes(64 * 1024) },
      },
      {
        url: `/api/v1/sims/upload-keyword/${simId}`,
        fields: { sim_id: simId, type: 'case' },
        file: { field: 'file', ...xlsx },
      },
      { url: '/api/v1/sims/upload-levels', fields: { sim_id: simId }, file: { field: 'file', ...xlsx } },
      {
        url: `/api/v1/sims/add-captivate/${simId}`,
        fields: {},
        file: { field: 'folder', filename: 'course.zip', contentType: 'application/zip', data: bytes(64 * 1024) },
      },
      {
        url: `/api/v1/sims/add-captivate-video/${simId}`,
        fields: {},
        file: { field: 'video_blob', filename: 'demo.mp4', contentType: 'video/mp4', data: bytes(64 * 1024) },
      },
      {
        url: '/api/v1/sims/upload-video',
        fields: { sim_id: simId, field_type: 'tutorial_video' },
        file: { field: 'video', filename: 'intro.mp4', contentType: 'video/mp4', data: bytes(64 * 1024) },
      },
      {
        url: '/api/v1/sims/upload-audio',
        fields: { sim_id: simId, sim_script_id: scriptId },
        file: { field: 'audio_blob', filename: 'take.webm', contentType: 'audio/webm', data: bytes(64 * 1024) },
      },
      {
        url: '/api/v1/speech/transcribe',
        fields: { expected: 'hello' },
        file: { field: 'audio', filename: 'hello.wav', contentType: 'audio/wav', data: bytes(64 * 1024) },
      },
      {
        url: '/api/v1/users/update-profile-photo',
        fields: {},
        file: { field: 'photo', filename: 'me.png', contentType: 'image/png', data: bytes(64 * 1024) },
      },
    ];
  });

  const post = (url: string, contentType: string, payload: Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${a.tokens.admin}`, 'content-type': contentType },
      payload,
    });

  function expectEnvelope(res: { statusCode: number; body: string; json(): unknown }, what: string) {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expect(res.json(), what).toMatchObject({ success: false, code: 'INVALID', message: expect.any(String) });
  }

  async function blobsOfSim() {
    const dir = path.join(ctx.deps.config.dataDir, 'blobs', 'sims', simId);
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
  }

  it('lists the ten multipart routes, each of them registered', () => {
    const routes = (ctx.app as unknown as { apiRoutes: { method: string; url: string }[] }).apiRoutes;
    expect(forms).toHaveLength(10);
    for (const f of forms) {
      const pattern = f.url.replace(simId, ':id');
      expect(
        routes.some((r) => r.method === 'POST' && (r.url === f.url || r.url === pattern)),
        f.url,
      ).toBe(true);
    }
  });

  it('answers 400 with the envelope for no boundary, a wrong boundary and a truncated body, on every multipart route', async () => {
    const before = await blobsOfSim();
    for (const f of forms) {
      const form = multipart(f.fields, f.file ? [f.file] : []);
      const boundary = form.headers['content-type'].split('boundary=')[1];
      // no boundary in the content type
      expectEnvelope(await post(f.url, 'multipart/form-data', form.payload), `${f.url} no boundary`);
      // a boundary the body never uses
      expectEnvelope(
        await post(f.url, 'multipart/form-data; boundary=----not-the-one', form.payload),
        `${f.url} wrong boundary`,
      );
      // cut short in the middle of the file (or of the last field), without the closing boundary
      const cut = form.payload.subarray(0, form.payload.length - 32 * 1024);
      expect(cut.includes(Buffer.from(`--${boundary}--`))).toBe(false);
      const truncated = await post(f.url, form.headers['content-type'], cut);
      expectEnvelope(truncated, `${f.url} truncated`);
      // and the message says what is wrong where the parser found it
      if (f.file) expect(truncated.json()).toMatchObject({ message: INPUT_MESSAGES.multipartMalformed });
      // a body that is not multipart at all under a multipart type
      expectEnvelope(await post(f.url, form.headers['content-type'], Buffer.from('not a form')), `${f.url} garbage`);
    }
    // nothing of the broken uploads was kept
    expect(await blobsOfSim()).toEqual(before);
  });

  it('applies the input rule to multipart fields, the JSON of a `data` field and file names', async () => {
    const as = a.as.admin;
    for (const bad of ['\\u0000', '\\ud800']) {
      const res = await as.form('/api/v1/sims/basicInfo', { data: `{"title":"a${bad}b","description":"d"}` });
      expectEnvelope(res, `basicInfo data ${bad}`);
      expect(res.json()).toMatchObject({ field: 'title' });
    }
    const nul = await as.form(`/api/v1/sims/upload-keyword/${simId}`, { sim_id: simId, type: 'case\u0000' }, [
      { field: 'file', filename: 'layout.csv', contentType: 'text/csv', data: Buffer.from('a,b\n') },
    ]);
    expectEnvelope(nul, 'upload-keyword type');
    expect(nul.json()).toMatchObject({ field: 'type' });
    const name = await as.form('/api/v1/sims/upload-levels', { sim_id: simId }, [
      {
        field: 'file',
        filename: 'lev\u0000els.csv',
        contentType: 'text/csv',
        data: Buffer.from('Level Name,Character Type,Script\n'),
      },
    ]);
    expectEnvelope(name, 'upload-levels file name');
    expect(name.json()).toMatchObject({ field: 'file' });
    const pack = await as.form(`/api/v1/sims/add-captivate/${simId}`, {}, [
      { field: 'folder', filename: 'co\u0000urse.zip', contentType: 'application/zip', data: bytes(100) },
    ]);
    expectEnvelope(pack, 'add-captivate file name');
  });

  it('POST /login/login-to-agent-account with an id that is not a uuid: 400 naming the field', async () => {
    const agent = await buildUser(ctx, a.company, { role: ROLE_NAMES.agent });
    for (const payload of ['{"id":"str"}', '{"id":"1"}', `{"id":"${agent.id}x"}`, '{"id":""}']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/login/login-to-agent-account',
        headers: { authorization: `Bearer ${a.tokens.admin}`, 'content-type': 'application/json' },
        payload,
      });
      expectEnvelope(res, payload);
      expect(res.json()).toMatchObject({ field: 'id' });
    }
  });

  it("maps PostgreSQL's refusals of a value (22P02, 22021, 22P05) to 400, other database errors to 500", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    const pgError = (code: string) =>
      Object.assign(new Error('db'), { cause: Object.assign(new Error('pg'), { code }) });
    app.get('/:code', async (request) => {
      const { code } = request.params as { code: string };
      if (code === 'app') throw Invalid('mine');
      throw pgError(code);
    });
    for (const code of ['22P02', '22021', '22P05']) {
      const res = await app.inject({ method: 'GET', url: `/${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID', message: INPUT_MESSAGES.databaseRefused });
    }
    const other = await app.inject({ method: 'GET', url: '/40P01' });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toMatchObject({ success: false, code: 'INTERNAL' });
    await app.close();
  });
});
