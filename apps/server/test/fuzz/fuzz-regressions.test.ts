import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sims } from '../../src/db/schema/index';
import { lateSafeStream } from '../../src/lib/multipart';
import { MAX_NESTING, nestedTooDeep, TOO_DEEP_MESSAGE } from '../../src/plugins/input-rules';
import { bearer, multipart, simWithScripts, staffedCompany, testApp } from '../factories';

/**
 * The defects the contract fuzz (contract-fuzz.test.ts) found, each pinned by its own test:
 *  1. a plain GET of the speech websocket answered a bare 404 with no body (not the envelope);
 *  2. a streamed upload (tutorial video, demo video) whose form was cut short inside a small file never
 *     answered: the file stream was destroyed while the handler awaited the database, and the blob store's
 *     writer, attaching its listeners afterwards, waited for events already gone;
 *  3. a JSON body nested ~2000 deep (log-error's `info`) overflowed the stack in the schema's recursive
 *     parse and answered 500.
 */

const expectEnvelope = (res: { statusCode: number; body: string }, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
  expect(body.message.length).toBeGreaterThan(0);
  return body as { message: string; code: string };
};

describe('defects found by the contract fuzz', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);

  it('a plain GET of the speech websocket answers 404 with the envelope, saying it takes a websocket', async () => {
    const signed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/speech/stream-url',
      headers: bearer(a.tokens.agent),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const url = new URL(signed.json().data.url, 'http://app.test');
    const res = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    const body = expectEnvelope(res, 404);
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toContain('websocket');
    expect(res.headers['content-type']).toContain('application/json');
    // HEAD keeps its empty answer
    const head = await ctx.app.inject({ method: 'HEAD', url: `${url.pathname}${url.search}` });
    expect(head.body).toBe('');
  });

  it('a streamed upload cut short inside a small file answers 400 at once, and keeps no file', async () => {
    const { simId } = await simWithScripts(ctx, a.users.admin);
    const blobs = path.join(ctx.deps.config.dataDir, 'blobs', 'sims', simId);
    const forms: { url: string; fields: Record<string, string>; field: string }[] = [
      { url: '/api/v1/sims/upload-video', fields: { sim_id: simId, field_type: 'tutorial_video' }, field: 'video' },
      { url: `/api/v1/sims/add-captivate-video/${simId}`, fields: {}, field: 'video_blob' },
    ];
    for (const f of forms) {
      for (const size of [512, 2048, 64 * 1024]) {
        const form = multipart(f.fields, [
          { field: f.field, filename: 'intro.mp4', contentType: 'video/mp4', data: Buffer.alloc(size, 7) },
        ]);
        const cut = form.payload.subarray(0, form.payload.length - Math.floor(size / 2));
        const started = Date.now();
        const res = await Promise.race([
          ctx.app.inject({
            method: 'POST',
            url: f.url,
            headers: { ...bearer(a.tokens.admin), ...form.headers },
            payload: cut,
          }),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
        ]);
        expect(res, `${f.url} ${size} bytes: no answer`).not.toBeNull();
        expectEnvelope(res!, 400);
        expect(Date.now() - started).toBeLessThan(10_000);
      }
    }
    const left = await fs.readdir(blobs, { recursive: true }).catch(() => []);
    expect(left.filter((name) => !name.endsWith('/') && /\.(mp4|tmp)$/.test(name))).toEqual([]);
    const [sim] = await ctx.db.select().from(sims).where(eq(sims.id, simId));
    expect(sim.tutorialVideo ?? null).toBeNull();
  });

  it('a late reader of a stream destroyed with an error gets the error (lateSafeStream)', async () => {
    const source = new Readable({ read() {} });
    const safe = lateSafeStream(source);
    source.push(Buffer.from('part of a file'));
    source.destroy(new Error('Unexpected end of multipart data'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // the reader comes after the failure, as a handler does after a database read
    const chunks: Buffer[] = [];
    const read = new Promise<void>((resolve, reject) => {
      safe.on('data', (c: Buffer) => chunks.push(c));
      safe.once('end', () => resolve());
      safe.once('error', reject);
    });
    await expect(read).rejects.toThrow('Unexpected end of multipart data');
    // and a whole stream still passes through unchanged
    const whole = lateSafeStream(Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
    const got: Buffer[] = [];
    for await (const c of whole) got.push(c as Buffer);
    expect(Buffer.concat(got).toString()).toBe('abcd');
  });

  it('a JSON body nested deeper than the limit answers 400 naming it; one within the limit is taken', async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const post = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sims/log-error',
        headers: { ...bearer(a.tokens.admin), 'content-type': 'application/json' },
        payload,
      });
    for (const depth of [100, 2_000, 20_000]) {
      const res = await post(`{"message":"m","info":{"x":${nested(depth)}}}`);
      const body = expectEnvelope(res, 400);
      expect(body.message).toBe(TOO_DEEP_MESSAGE);
    }
    // the body itself is a level, `info` another: 60 more stay within 64
    const ok = await post(`{"message":"m","info":{"x":${nested(MAX_NESTING - 4)}}}`);
    expect(ok.statusCode, ok.body).toBe(200);
    // a bare deep array, and the JSON of basicInfo's form field
    expectEnvelope(await post(`${'['.repeat(5_000)}${']'.repeat(5_000)}`), 400);
    const deepForm = multipart({ data: `{"title":"t","description":"d","x":${nested(3_000)}}` }, []);
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sims/basicInfo',
      headers: { ...bearer(a.tokens.admin), ...deepForm.headers },
      payload: deepForm.payload,
    });
    expect(expectEnvelope(form, 400).message).toBe(TOO_DEEP_MESSAGE);
  });

  it('nestedTooDeep counts levels of objects and arrays without recursion', () => {
    expect(nestedTooDeep({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestedTooDeep({ a: [{ b: [] }] }, 3)).toBe(true);
    expect(nestedTooDeep('text', 0)).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nestedTooDeep(deep)).toBe(true);
  });
});
